/**
 * The test writer's kit as a new user meets it: the tarballs installed into
 * an empty project beside vitest 4 and TypeScript, the tests the guides lead
 * with (taken from the Markdown as the docs show them) compile under strict
 * TypeScript with the matchers' types, and pass under vitest; a wrong
 * expectation is a type error there.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { codeBlocks } from "../../docs/scripts/snippets.js";
import { installPackages } from "./install.js";
import { ROOT, type PackedPackage } from "./pack.js";

const packed: PackedPackage[] = inject("packed");

/** The first TypeScript block of a guide: the test it leads with. */
function leadingTest(guide: string): string {
  const [block] = codeBlocks(readFileSync(join(ROOT, guide), "utf8"));
  if (!block) throw new Error(`${guide} shows no TypeScript`);
  return block.code;
}

const TESTS = { "kit.test.ts": leadingTest("docs/testing.md"), "alerts.test.ts": leadingTest("docs/testing-alerts.md") };

/** Expectations the matchers' types must refuse, in the installed package. */
const WRONG = `import { test } from "@checks-api/fake-server/vitest";
import { expect } from "vitest";

test("wrong expectations", async ({ fake }) => {
  // @ts-expect-error: a flip is "up" or "down"
  await expect(fake).toHaveNotified({ status: "sideways" });
  // @ts-expect-error: exit_status is no field of a ping expectation
  expect(fake).toHaveReceivedPing("uuid", { exit_status: 1 });
  // @ts-expect-error: the operation is required
  expect(fake).toHaveHandled({ status: 200 });
  // @ts-expect-error: no such fixture
  test("x", ({ server }) => server);
});
`;

let project: string;

beforeAll(() => {
  project = installPackages(packed, { type: "module" }, ["typescript", "@types/node", "vitest"]);
  for (const [file, code] of Object.entries(TESTS)) writeFileSync(join(project, file), code);
  writeFileSync(join(project, "wrong.ts"), WRONG);
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

describe("the kit, installed from the tarballs", () => {
  it("leads the testing guides", () => {
    for (const code of Object.values(TESTS)) expect(code).toContain('from "@checks-api/fake-server/vitest"');
  });

  it("compiles the guides' tests and refuses wrong expectations under strict TypeScript", { timeout: 120_000 }, () => {
    const files = [...Object.keys(TESTS), "wrong.ts"];
    const config = { compilerOptions: { strict: true, target: "ES2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"], noEmit: true }, files };
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(config));
    const tsc = spawnSync(process.execPath, [join(project, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], { cwd: project, encoding: "utf8" });
    expect(`${tsc.stdout}${tsc.stderr}`.trim()).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("runs the guides' tests with vitest 4, and they pass", { timeout: 180_000 }, () => {
    const vitest = join(project, "node_modules", "vitest", "vitest.mjs");
    const run = spawnSync(process.execPath, [vitest, "run", "--reporter=json", ...Object.keys(TESTS)], // Nothing of this vitest run leaks into that one.
      { cwd: project, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: "1" } });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { numTotalTests: number; numPassedTests: number; testResults: { message: string }[] };
    const expected = Object.values(TESTS).reduce((count, code) => count + (code.match(/^\s*test\(/gm)?.length ?? 0), 0);
    expect(report.testResults.map((result) => result.message).filter((message) => message !== "")).toEqual([]);
    expect(report.numTotalTests).toBe(expected);
    expect(report.numPassedTests).toBe(expected);
    expect(run.status).toBe(0);
  });
});
