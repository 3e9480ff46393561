/**
 * Takes the dashboard's screenshots in the docs (`docs/images/dashboard-*.png`)
 * with the browser test's tooling: the CLI from source with a virtual clock
 * and recorded notifications, a scene made over the control API and the
 * ping API, and Debian's Chromium through playwright-core.
 * Run: node --import tsx docs/scripts/screenshots.ts
 * @module
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { FakeServerClient } from "@checks-api/fake-server";
import type { CreateCheckInput } from "@checks-api/schema";
import { launchChromium } from "../../test/chromium.js";
import { listening, start } from "../../packages/fake-server/test/cli-process.js";
import { webhook } from "../../packages/fake-server/test/notify-helpers.js";
import { ROOT } from "./snippets.js";

const IMAGES = join(ROOT, "docs", "images");
const SECTIONS = ["clock", "checks", "outbox", "journal"] as const;

const cli = start(["--port", "0", "--clock", "virtual", "--notifications", "record", "--seed", "screenshots"]);
try {
  const url = await listening(cli);
  const control = new FakeServerClient({ url });
  const ping = (pingUrl: string, suffix = "", body: string | null = null) => fetch(`${pingUrl}${suffix}`, { method: body === null ? "GET" : "POST", body });

  await control.clock.set("2025-06-02T06:00:00Z");
  const project = await control.createProject({ name: "Shop" });
  await control.addChannel(project.id, {
    kind: "webhook",
    name: "on-call",
    value: webhook({
      url: "https://hooks.example.com/alerts?check=$NAME",
      body: '{"check": "$NAME", "status": "$STATUS", "at": "$NOW"}',
      headers: { "Content-Type": "application/json" },
    }),
  });
  await control.addChannel(project.id, { kind: "email", name: "ops", value: JSON.stringify({ value: "ops@example.com", up: false, down: true }) });
  const create = (body: CreateCheckInput) => control.createCheck(project.id, { channels: "*", ...body });
  const backup = await create({ name: "Nightly backup", slug: "nightly-backup", tags: "prod db", timeout: 86_400, grace: 3_600 });
  const sync = await create({ name: "Inventory sync", slug: "inventory-sync", tags: "prod", schedule: "*/30 * * * *", tz: "Europe/Riga", grace: 300 });
  const report = await create({ name: "Weekly report", slug: "weekly-report", schedule: "0 9 * * 1", tz: "UTC", grace: 3_600 });
  await create({ name: "Certificate renewal", slug: "cert-renewal", timeout: 2_592_000, grace: 86_400 });
  await ping(backup.ping_url, "", "backup done: 1834 files, 2.1 GiB");
  await ping(sync.ping_url);
  await ping(report.ping_url, "/start");
  await control.advanceToNextChange({ check: sync.uuid });
  await control.advanceToNextChange({ check: sync.uuid });
  await control.settled();
  await fetch(`${url}/api/v3/checks/`, { headers: { "X-Api-Key": project.readWriteKey! } });
  await fetch(`${url}/api/v3/checks/${backup.uuid}/pings/`, { headers: { "X-Api-Key": project.readOnlyKey! } });

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${url}/__fake/ui`);
    await page.locator("#outbox article").first().waitFor();
    await page.getByRole("button", { name: "Ping log of Nightly backup" }).click();
    await page.locator("tr.details summary").first().click();
    await page.locator("#outbox details").first().click();
    mkdirSync(IMAGES, { recursive: true });
    for (const section of SECTIONS) {
      const path = join(IMAGES, `dashboard-${section}.png`);
      await page.locator(`#${section}`).screenshot({ path });
      console.log(`wrote ${path}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  cli.child.kill("SIGTERM");
  await cli.exit;
}
