/**
 * What a test pays for the fake before it starts, as guards:
 *
 * 1. Cold import: fresh Node processes that import an entry by name from the
 *    repository root (node_modules links the workspace packages, as an
 *    install does), alternated with bare `node -e ""` ones; the difference
 *    of the medians is what the entry adds. Target: the added import time of
 *    `@checks-api/fake-server` at most half that of `msw/node`. The SDK's
 *    Node entry is reported beside them.
 * 2. A suite of 20 one-test files on the kit (`@checks-api/fake-server/vitest`,
 *    its `client` fixture creating a check) beside the same 20 files on bare
 *    msw `setupServer` (a stub answering the SDK's create call), each run by
 *    vitest in a fresh process, alternately. Target: the kit's suite takes
 *    no longer than bare msw's. Vitest's own "import" figure is reported
 *    for each, and, divided by the files, what importing the kit costs a
 *    test file.
 *
 * 3. The core's size in a browser: the main entry bundled minified for the
 *    browser (esbuild, as an application's build makes it), min+gzip; and
 *    the browser entry, which adds msw for `handlers()`.
 *
 * With `BENCH_COMPARE_WITH=<another checkout>` (its packages built, its
 * node_modules installed), that checkout's imports and kit suite run in the
 * same rounds, as "before". Exits non-zero when a target is missed.
 * Run: `node --import tsx bench/load.bench.ts`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { bundledFiles, bundleForBrowser, isZodFile } from "../test/browser-bundle.js";
import { buildPackages, importBuilt } from "./built-packages.js";
import { median, spread, verdict } from "./rounds.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const COLD_RUNS = 9;
const SUITE_ROUNDS = 3;
const SUITE_FILES = 20;
const TARGET_IMPORT_RATIO = 0.5;

/** The checkouts measured: this one, and the one to compare with. */
const checkouts: Array<{ label: string; root: string }> = [{ label: "this checkout", root }];
if (process.env.BENCH_COMPARE_WITH) checkouts.push({ label: "compared", root: process.env.BENCH_COMPARE_WITH });

/** Wall time of a fresh process, in ms. */
function wallTime(command: string, args: string[], cwd: string): { ms: number; output: string } {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${run.stdout}${run.stderr}`);
  return { ms, output: `${run.stdout}${run.stderr}` };
}

const IMPORTS = ["@checks-api/fake-server", "msw/node", "@checks-api/sdk"] as const;

function coldImports(): Map<string, number> {
  const times = new Map<string, number[]>();
  const add = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const checkout of checkouts) {
      add(`${checkout.label} bare`, wallTime(process.execPath, ["-e", ""], checkout.root).ms);
      for (const name of IMPORTS) {
        add(`${checkout.label} ${name}`, wallTime(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(name)})`], checkout.root).ms);
      }
    }
  }
  const added = new Map<string, number>();
  for (const checkout of checkouts) {
    const bare = median(times.get(`${checkout.label} bare`)!);
    for (const name of IMPORTS) {
      const loading = median(times.get(`${checkout.label} ${name}`)!);
      added.set(`${checkout.label} ${name}`, loading - bare);
      console.log(
        `cold import(${JSON.stringify(name)}) ${checkout.label.padEnd(14)} +${(loading - bare).toFixed(0).padStart(5)} ms over bare node (medians of ${COLD_RUNS} fresh processes: ${loading.toFixed(0)} vs ${bare.toFixed(0)} ms)`,
      );
    }
  }
  return added;
}

/** A folder of `SUITE_FILES` test files, resolving packages from `modules` (a node_modules folder). */
function suiteFolder(modules: string, source: string): string {
  const folder = mkdtempSync(join(tmpdir(), "load-bench-"));
  symlinkSync(modules, join(folder, "node_modules"), "dir");
  writeFileSync(join(folder, "vitest.config.mjs"), 'export default { test: { include: ["*.test.mjs"] } };\n');
  for (let i = 0; i < SUITE_FILES; i++) writeFileSync(join(folder, `file-${String(i).padStart(2, "0")}.test.mjs`), source);
  return folder;
}

const KIT_TEST = `import { test } from "@checks-api/fake-server/vitest";
import { expect } from "vitest";

test("creates a check", async ({ client }) => {
  const check = await client.checks.create({ name: "backups" });
  expect(check.name).toBe("backups");
});
`;

/** The bare msw file: a handler answering the create call with a check as the service shows it. */
function mswTest(check: unknown, apiKey: string): string {
  return `import { afterAll, beforeAll, expect, test } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ChecksClient } from "@checks-api/sdk";

const CHECK = ${JSON.stringify(check)};
const server = setupServer(
  http.post("http://localhost:8000/api/v3/checks/", async ({ request }) => HttpResponse.json({ ...CHECK, ...(await request.json()) }, { status: 201 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

test("creates a check", async () => {
  const client = new ChecksClient({ apiKey: ${JSON.stringify(apiKey)}, baseUrl: "http://localhost:8000", transport: "fetch" });
  const check = await client.checks.create({ name: "backups" });
  expect(check.name).toBe("backups");
});
`;
}

/** Vitest's own "import" figure of a run, in ms. */
function vitestImportMs(output: string): number {
  const match = /\bimport ([\d.]+)(ms|s)\b/.exec(output);
  if (!match) throw new Error(`no import figure in vitest's output:\n${output}`);
  return Number(match[1]) * (match[2] === "s" ? 1000 : 1);
}

async function suites(): Promise<{ kit: number[]; msw: number[] }> {
  const { FakeServer } = await importBuilt<typeof import("@checks-api/fake-server")>("packages/fake-server/dist/index.js");
  const fake = new FakeServer();
  const project = fake.createProject();
  const check = fake.createCheck(project.id, { name: "backups" });
  const runs = [
    ...checkouts.map((checkout) => ({ label: `kit, ${checkout.label}`, folder: suiteFolder(join(checkout.root, "node_modules"), KIT_TEST) })),
    { label: "bare msw", folder: suiteFolder(join(root, "node_modules"), mswTest(check, project.readWriteKey!)) },
  ];
  const wall = new Map<string, number[]>();
  const imports = new Map<string, number[]>();
  try {
    for (let round = 0; round < SUITE_ROUNDS; round++) {
      for (const run of round % 2 === 0 ? runs : [...runs].reverse()) {
        // Each suite runs the vitest its packages see (a checkout compared has its own).
        const vitest = join(run.folder, "node_modules", "vitest", "vitest.mjs");
        const { ms, output } = wallTime(process.execPath, [vitest, "run", "--root", run.folder], run.folder);
        wall.set(run.label, [...(wall.get(run.label) ?? []), ms]);
        imports.set(run.label, [...(imports.get(run.label) ?? []), vitestImportMs(output)]);
      }
    }
  } finally {
    for (const run of runs) rmSync(run.folder, { recursive: true, force: true });
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const run of runs) {
    const own = imports.get(run.label)!;
    console.log(
      `suite of ${SUITE_FILES} one-test files, ${run.label.padEnd(22)} ${spread(wall.get(run.label)!, seconds)} wall; vitest's import ${spread(own, seconds)} (${(median(own) / SUITE_FILES).toFixed(0)} ms a file)`,
    );
  }
  return { kit: wall.get(`kit, ${checkouts[0]!.label}`)!, msw: wall.get("bare msw")! };
}

async function bundleSizes(): Promise<void> {
  for (const [label, entry] of [
    ["the core (main entry)", "packages/fake-server/src/index.ts"],
    ["the browser entry (core and msw)", "packages/fake-server/src/browser.ts"],
  ] as const) {
    const result = await bundleForBrowser({ entryPoints: [join(root, entry)], tsconfig: join(root, "tsconfig.json") });
    const code = result.outputFiles[0]!.contents;
    const heavy = bundledFiles(result).filter(([file]) => isZodFile(file) || /node_modules\/(undici|smtp-server|nodemailer)\//.test(file));
    console.log(
      `browser bundle of ${label}: ${(code.length / 1024).toFixed(1)} KiB min, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB min+gzip (zod, undici, SMTP libraries in it: ${heavy.length === 0 ? "none" : heavy.map(([file]) => file).join(", ")})`,
    );
  }
}

buildPackages(["@checks-api/schema", "@checks-api/sdk", "@checks-api/fake-server"]);
await bundleSizes();
const added = coldImports();
const fakeAdded = added.get(`${checkouts[0]!.label} @checks-api/fake-server`)!;
const mswAdded = added.get(`${checkouts[0]!.label} msw/node`)!;
const ratio = fakeAdded / mswAdded;
const importMet = ratio <= TARGET_IMPORT_RATIO;
console.log(`added import time of @checks-api/fake-server / msw/node: ${ratio.toFixed(2)} (target <= ${TARGET_IMPORT_RATIO}: ${importMet ? "met" : "MISSED"})`);
const { kit, msw } = await suites();
const ratios = kit.map((ms, i) => ms / msw[i]!);
const suiteVerdict = verdict(ratios, (value) => value <= 1);
console.log(`suite on the kit / on bare msw: ${spread(ratios, (value) => value.toFixed(2))} (target <= 1: ${suiteVerdict})`);
if (!importMet || suiteVerdict.startsWith("MISSED")) process.exitCode = 1;
