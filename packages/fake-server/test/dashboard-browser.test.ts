/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core),
 * against the CLI in a child process. Without the browser the test is
 * skipped on a developer's machine, and fails on CI (`CI=true`), where
 * `.ci/run` installs it.
 */
import type { Browser, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServerClient } from "@checks-api/fake-server";
import { chromiumInstalled, launchChromium } from "../../../test/chromium.js";
import { listening, start, type Run } from "./cli-process.js";
import { webhook } from "./notify-helpers.js";

const onCi = process.env["CI"] === "true";

/** Collects the page's console errors and warnings (a Content-Security-Policy refusal is one) and its uncaught errors into `problems`. */
function collectProblems(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
}

async function stop(cli: Run | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  cli?.child.kill("SIGTERM");
  await cli?.exit;
}

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
    collectProblems(page, problems);
  }, 60_000);

  afterAll(() => stop(cli, browser));

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

    // "Set to" follows the clock: setting it as it stands leaves the clock where it is.
    const now = (await control.clock.now()).toISOString();
    await expect.poll(() => page.getByLabel("Set to (ISO 8601)").inputValue()).toBe(now);
    await page.getByRole("button", { name: "Set", exact: true }).click();
    await page.getByText(`Set to ${now.replace("T", " ").replace(/\.\d+Z$/, " UTC")}.`).waitFor();
    expect((await control.clock.now()).toISOString()).toBe(now);

    const alert = page.locator("#outbox article").filter({ hasText: "on-call" }).filter({ has: page.getByRole("heading", { name: /nightly-backup/ }) });
    await alert.locator(".status-down").waitFor();
    expect(await alert.textContent()).toContain("POST http://127.0.0.1:9/alerts?check=nightly-backup");
    expect(await alert.textContent()).toContain("nightly-backup is down");
    // The fake ran with --notifications record: nothing was sent.
    expect(await alert.textContent()).toContain("recorded, not sent");

    // The ping log opens on demand, the last ping's body in full, and the badge is read once however often the page draws.
    await page.getByRole("button", { name: "Ping log of nightly-backup" }).click();
    await page.getByText("backup done: 42 files").waitFor();
    await page.getByText("21 bytes, shown above").waitFor();
    await page.getByRole("img", { name: "badge of nightly-backup" }).waitFor();
    const later = new Date(Date.parse(now) + 60_000).toISOString();
    await page.getByRole("button", { name: "Advance" }).click();
    // The clock and the checks are drawn in one go.
    await expect.poll(() => page.locator("#now").getAttribute("datetime")).toBe(later);
    expect(await control.journal({ operation: "badge" })).toHaveLength(1);

    // The journal shows the ping, its path masked.
    const ping = page.locator("#journal tbody tr").filter({ hasText: "ping" });
    await ping.first().waitFor();
    // A ping's row names the check it hit.
    expect(await ping.first().textContent()).toContain("nightly-backup");
    expect(await page.locator("#journal").textContent()).not.toContain(check.uuid);
    await page.getByRole("combobox", { name: "Check" }).selectOption({ label: "nightly-backup" });
    await page.getByText("1 request", { exact: true }).waitFor();

    expect(problems).toEqual([]);
  }, 60_000);
});

/** The requests a page makes, as the browser's network domain reports them: URL, status and bytes on the wire. */
async function networkLog(page: Page): Promise<{ finished: Array<{ url: string; status: number; bytes: number }>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const answers = new Map<string, { url: string; status: number }>();
  const finished: Array<{ url: string; status: number; bytes: number }> = [];
  cdp.on("Network.responseReceived", (event) => answers.set(event.requestId, { url: event.response.url, status: event.response.status }));
  cdp.on("Network.loadingFinished", (event) => {
    const answer = answers.get(event.requestId);
    if (answer) finished.push({ ...answer, bytes: event.encodedDataLength });
  });
  await cdp.send("Network.enable");
  return { finished, cdp };
}

describe.skipIf(!chromiumInstalled() && !onCi)("the dashboard of a full fake, in Chromium", () => {
  let cli: Run;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    cli = start(["--port", "0", "--clock", "virtual", "--notifications", "record"]);
    url = await listening(cli);
    browser = await launchChromium();
    const control = new FakeServerClient({ url });
    const project = await control.createProject({ name: "Shop" });
    await control.addChannel(project.id, { kind: "webhook", name: "on-call", value: webhook({ url: "http://127.0.0.1:9/alerts", body: "$NAME is $STATUS" }) });
    await control.addChannel(project.id, { kind: "email", name: "ops mail", value: "ops@example.org" });
    const check = await control.createCheck(project.id, { name: "nightly-backup", channels: "*" });
    // 200 pings, every other one a failure: 200 flips, 400 deliveries, and 200 requests in the journal.
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => fetch(`${check.ping_url}${(batch * 20 + i) % 2 === 0 ? "/fail" : ""}`, { method: "POST", body: `run ${batch * 20 + i}` })),
      );
    }
    await control.settled();
  }, 60_000);

  afterAll(() => stop(cli, browser));

  it("reads only the revision while idle: a few hundred bytes a poll, whatever the fake holds", async () => {
    const page = await browser.newPage();
    const { finished, cdp } = await networkLog(page);
    await page.goto(`${url}/__fake/ui`);
    await page.getByText("the newest 25 deliveries").waitFor();
    await page.getByText("the newest 25 requests").waitFor();
    const loaded = finished.length;
    // Idle: count three polls (each an answer), not seconds.
    await expect.poll(() => finished.slice(loaded).filter((answer) => answer.url.endsWith("/__fake/revision")).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // An email frame coming into view loads once (the first ones may still be loading); nothing else but polls.
    const isFrame = (answer: { url: string }) => answer.url.includes("/__fake/ui/email/");
    const frames = finished.filter(isFrame).map((answer) => answer.url);
    expect(new Set(frames).size).toBe(frames.length);
    const idle = finished.slice(loaded).filter((answer) => !isFrame(answer));
    expect(idle.map((answer) => [new URL(answer.url).pathname, answer.status])).toEqual(idle.map(() => ["/__fake/revision", 304]));
    const perPoll = Math.max(...idle.map((answer) => answer.bytes));
    // The target is 20 KiB a second at one poll a second; a 304 takes a few hundred bytes.
    expect(perPoll).toBeLessThan(1024);
    // The first load read pages, not the whole outbox and journal.
    const first = finished.slice(0, loaded).reduce((sum, answer) => sum + answer.bytes, 0);
    expect(first).toBeLessThan(512 * 1024);
    // Older ones come on demand, a page at a time.
    await page.getByRole("button", { name: "Load more deliveries" }).click();
    await page.getByText("the newest 50 deliveries").waitFor();
    expect(await page.locator("#outbox article").count()).toBe(50);
    // The email frames coming into view above it load as the page scrolls: let the journal settle in view first.
    await page.locator("#journal").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Load more requests" }).click();
    await page.getByText("the newest 50 requests").waitFor();
    await cdp.detach();
    await page.close();
  }, 60_000);

  it("shows every email with its inline styles and no Content-Security-Policy error", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    collectProblems(page, problems);
    await page.goto(`${url}/__fake/ui`);
    await page.getByText("the newest 25 deliveries").waitFor();
    const frames = page.locator("#outbox iframe");
    const count = await frames.count();
    expect(count).toBeGreaterThan(10);
    // The frames load as they come into view.
    for (let i = 0; i < count; i++) await frames.nth(i).scrollIntoViewIfNeeded();
    const emails = () => page.frames().filter((frame) => frame.url().includes("/__fake/ui/email/"));
    await expect.poll(() => emails().length, { timeout: 10_000 }).toBe(count);
    for (const frame of emails()) {
      await frame.waitForLoadState();
      // The service's template styles its cells inline: a frame that refused inline styles would show 0px.
      expect(await frame.locator("td").first().evaluate((element) => getComputedStyle(element).paddingRight)).toBe("32px");
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
