import { expect, it } from "vitest";
import { main } from "../ci-upsert-check.js";
import { run } from "./run.js";

it("creates the check when no check has its slug, with the integrations named", async () => {
  const lines = await run(main);
  expect(lines[1]).toMatch(/^Created "DB backup" \([0-9a-f-]{36}\)$/);
  expect(lines.slice(2)).toEqual([
    "  schedule:     30 2 * * * (UTC), grace 3600 s",
    "  integrations: Ops email (email), #alerts (slack)",
    expect.stringMatching(/^ {2}ping URL: {5}http:\/\/localhost:8000\/ping\/[0-9a-f-]{36}$/),
  ]);
});

it("updates the existing check with that slug instead of creating another", async () => {
  const lines = await run(main, ["--slug", "nightly-backups", "--name", "Nightly backups", "--schedule", "0 3 * * *", "--channel", "On-call"]);
  expect(lines[1]).toMatch(/^Updated "Nightly backups" /);
  expect(lines.slice(2, 4)).toEqual(["  schedule:     0 3 * * * (UTC), grace 3600 s", "  integrations: On-call (pd)"]);
});

it("refuses an integration name the project does not have, listing the valid ones", async () => {
  await expect(run(main, ["--channel", "#alert"])).rejects.toThrow(
    "unknown integration #alert; the project has: Ops email, #alerts, On-call",
  );
});

it("reports the service's validation message for a bad schedule", async () => {
  await expect(run(main, ["--schedule", "61 * * * *"])).rejects.toThrow("json validation error: schedule is not a valid cron or OnCalendar expression");
});
