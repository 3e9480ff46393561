import { expect, it } from "vitest";
import { main } from "../maintenance-window.js";
import { run } from "./run.js";

it("pauses the tag's checks for the window and resumes them afterwards", async () => {
  expect(await run(main)).toEqual([
    'Maintenance of the checks tagged "prod" on an in-process demo fake (CHECKS_API_URL is not set)',
    "  paused  Nightly backups (was up)",
    "  paused  Inventory sync (was down)",
    "  paused  Weekly report (was up)",
    "  paused  Queue worker (was grace)",
    "  … upgrading the database (the jobs are stopped) …",
    "  resumed Nightly backups (now new)",
    "  resumed Inventory sync (now new)",
    "  resumed Weekly report (now new)",
    "  resumed Queue worker (now new)",
    "Maintenance done.",
  ]);
});

it("leaves a check that was paused before the window paused", async () => {
  const lines = await run(main, ["staging"]);
  expect(lines).toContain("  skipped Temp cleanup (already paused)");
  expect(lines).toContain("  resumed Certificate renewal (now new)");
  expect(lines.join("\n")).not.toContain("resumed Temp cleanup");
});
