import { expect, it } from "vitest";
import { main } from "../status-board.js";
import { run } from "./run.js";

it("prints the board from a read-only key, grouped by first tag", async () => {
  expect(await run(main)).toEqual([
    "STATUS BOARD  2026-01-15 12:00 UTC  on an in-process demo fake (CHECKS_API_URL is not set)",
    "",
    "PROD",
    "  OK       Nightly backups        last ping 1h 56m ago",
    "  DOWN     Inventory sync         down for 4h 30m",
    "  OK       Weekly report          last ping 1d 2h ago",
    "  LATE     Queue worker           last ping 6m ago",
    "",
    "STAGING",
    "  PAUSED   Temp cleanup           last ping 2h 54m ago",
    "  WAITING  Certificate renewal    last ping never",
    "",
    "2 of 6 checks healthy",
  ]);
});
