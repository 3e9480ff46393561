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

// Two at a time: each is a Node process with its own tsx compile, and all
// seven at once starve a busy 2-core machine past any sensible time limit.
const CONCURRENCY = 2;

it("runs every example with tsx and prints its report", { timeout: 240_000 }, async () => {
  const queue = [...examples];
  const results: { name: string; stdout: string; stderr: string }[] = [];
  const worker = async (): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", `examples/${name}`], {
        cwd: root,
        env,
        timeout: 90_000,
      });
      results.push({ name, stdout, stderr });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(results.map(({ name }) => name).sort()).toEqual(examples);
  for (const { name, stdout, stderr } of results) {
    expect(stderr, name).toBe("");
    expect(stdout, name).toContain("on an in-process demo fake (CHECKS_API_URL is not set)");
  }
});
