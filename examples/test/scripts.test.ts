/**
 * Every example also runs as a script, exactly as its header says
 * (`node --import tsx examples/<name>.ts`), against the demo fake.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const examples = readdirSync(new URL("..", import.meta.url)).filter((name) => name.endsWith(".ts"));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CHECKS_")));

it("has the examples the guides point to", () => {
  expect(examples).toEqual([
    "badges.ts",
    "ci-upsert-check.ts",
    "cron-job.ts",
    "downtime-report.ts",
    "list-checks-by-tag.ts",
    "maintenance-window.ts",
    "status-board.ts",
  ]);
});

it("runs every example with tsx and prints its report", { timeout: 30_000 }, async () => {
  const results = await Promise.all(
    examples.map((name) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", `examples/${name}`], { cwd: root, env, timeout: 25_000 }),
    ),
  );
  for (const { stdout, stderr } of results) {
    expect(stderr).toBe("");
    expect(stdout).toContain("on an in-process demo fake (CHECKS_API_URL is not set)");
  }
});
