import { expect, it } from "vitest";
import { main } from "../cron-job.js";
import { run } from "./run.js";

it("reports runs by hand and with monitor(), a thrown error as a failure", async () => {
  const lines = await run(main);
  expect(lines.slice(0, 5)).toEqual([
    'Running jobs for check "nightly-backups" on an in-process demo fake (CHECKS_API_URL is not set)',
    'by hand:   "backed up 1234 files" -> recorded',
    "monitor(): exit status 0 reported",
    'monitor(): "disk full" reported as a failure',
    "Status now: down. Latest pings:",
  ]);
  const log = lines.slice(5).map((line) => line.trim().split(/\s+/));
  expect(log.map(([n, type]) => `${n} ${type}`)).toEqual(["#8 fail", "#7 start", "#6 success", "#5 start", "#4 success", "#3 start"]);
  // Start and finish of one monitored run share its run id; the two runs have different ones.
  expect(log[0]![3]).toBe(log[1]![3]);
  expect(log[2]![3]).toBe(log[3]![3]);
  expect(log[0]![3]).not.toBe(log[2]![3]);
});

it("pings another check by slug", async () => {
  const lines = await run(main, ["queue-worker"]);
  expect(lines[1]).toBe('by hand:   "backed up 1234 files" -> recorded');
});
