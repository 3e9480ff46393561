import { expect, it } from "vitest";
import { main } from "../downtime-report.js";
import { run } from "./run.js";

it("adds up the periods the check was down during the last day", async () => {
  expect(await run(main)).toEqual([
    'Downtime of "Inventory sync" over the 24 hours before 2026-01-15T12:00:00.000Z on an in-process demo fake (CHECKS_API_URL is not set):',
    "  at the start: up",
    "  2026-01-14T16:30:00+00:00  not up",
    "  2026-01-14T19:00:00+00:00  up",
    "  2026-01-15T07:30:00+00:00  not up",
    "Down for 7h in 2 period(s): 70.8% up. Status now: down.",
  ]);
});

it("counts nothing before a check's first flip", async () => {
  const lines = await run(main, ["cert-renewal"]);
  expect(lines.slice(1)).toEqual(["  at the start: not monitored yet", "Down for 0m in 0 period(s): 100.0% up. Status now: new."]);
});

it("fails clearly on an unknown slug", async () => {
  await expect(run(main, ["no-such-check"])).rejects.toThrow("no check has the slug no-such-check");
});
