import { expect, it } from "vitest";
import { main } from "../list-checks-by-tag.js";
import { run } from "./run.js";

it("lists the checks having the tag, with their status, and counts them", async () => {
  const lines = await run(main);
  expect(lines[0]).toBe("Checks tagged prod on an in-process demo fake (CHECKS_API_URL is not set):");
  expect(lines.slice(1, -1).map((line) => line.trim().split(/\s{2,}/).slice(0, 2))).toEqual([
    ["up", "Nightly backups"],
    ["down", "Inventory sync"],
    ["up", "Weekly report"],
    ["grace", "Queue worker"],
  ]);
  expect(lines.at(-1)).toBe("4 checks: 2 up, 1 down, 1 grace");
});

it("keeps only the checks having every tag given", async () => {
  const lines = await run(main, ["prod", "db"]);
  expect(lines.slice(1)).toEqual(["  up      Nightly backups       last ping 1h 56m ago  [prod db]", "1 checks: 1 up"]);
});

it("says so when no check has the tag", async () => {
  expect((await run(main, ["nope"])).slice(1)).toEqual(["0 checks"]);
});
