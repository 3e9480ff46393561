/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core),
 * against the CLI in a child process. Without the browser the test is
 * skipped on a developer's machine, and fails on CI (`CI=true`), where
 * `.ci/run` installs it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServerClient } from "@checks-api/fake-server";
import { chromiumInstalled, launchChromium } from "../../../test/chromium.js";
import { listening, start, type Run } from "./cli-process.js";
import { webhook } from "./notify-helpers.js";

const onCi = process.env["CI"] === "true";

describe.skipIf(!chromiumInstalled() && !onCi)("the dashboard in Chromium", () => {
  let cli: Run;
  let url: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    cli = start(["--port", "0", "--clock", "virtual", "--notifications", "record"]);
    url = await listening(cli);
    browser = await launchChromium();
    page = await browser.newPage();
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    cli?.child.kill("SIGTERM");
    await cli?.exit;
  });

  it("shows a check made over the API go down at the next status change, and its alert in the outbox", async () => {
    const control = new FakeServerClient({ url });
    const project = await control.createProject({ name: "Shop" });
    await control.addChannel(project.id, {
      kind: "webhook",
      name: "on-call",
      value: webhook({ url: "http://127.0.0.1:9/alerts?check=$NAME", body: "$NAME is $STATUS", headers: { "X-Alert": "yes" } }),
    });
    const check = await control.createCheck(project.id, { name: "nightly-backup", timeout: 3600, grace: 600, channels: "*" });
    expect((await fetch(check.ping_url, { method: "POST", body: "backup done: 42 files" })).status).toBe(200);

    await page.goto(`${url}/__fake/ui`);
    for (const name of ["Checks", "Outbox", "Journal"]) await page.getByRole("heading", { name, exact: true }).waitFor();
    const row = page.getByRole("row", { name: /nightly-backup/ });
    await row.getByText("up", { exact: true }).waitFor();

    const next = page.getByRole("button", { name: "Next status change" });
    await next.click();
    await row.getByText("grace", { exact: true }).waitFor();
    await next.click();
    await row.getByText("down", { exact: true }).waitFor();

    const alert = page.locator("#outbox article").filter({ hasText: "on-call" }).filter({ has: page.getByRole("heading", { name: /nightly-backup/ }) });
    await alert.locator(".status-down").waitFor();
    expect(await alert.textContent()).toContain("POST http://127.0.0.1:9/alerts?check=nightly-backup");
    expect(await alert.textContent()).toContain("nightly-backup is down");

    // The ping log opens on demand, the last ping's body in full.
    await page.getByRole("button", { name: "Ping log of nightly-backup" }).click();
    await page.getByText("backup done: 42 files").waitFor();
    await page.getByText("21 bytes, shown above").waitFor();

    // The journal shows the ping, its path masked.
    const ping = page.locator("#journal tbody tr").filter({ hasText: "ping" });
    await ping.first().waitFor();
    expect(await page.locator("#journal").textContent()).not.toContain(check.uuid);
    await page.getByRole("combobox", { name: "Check" }).selectOption({ label: "nightly-backup" });
    await page.getByText("1 request", { exact: true }).waitFor();

    expect(problems).toEqual([]);
  }, 60_000);
});
