/**
 * SDK benchmark: get-check and list-checks through the SDK beside raw
 * `undici.request` doing the same calls against the fake server over
 * loopback (target: at most 5% overhead, validation on); the SDK's cold
 * start over a bare `node -e ""` (target: at most 30 ms); the min+gzip size
 * of the browser bundle of the fetch entry (target: at most 20 KiB).
 * Run: `node --import tsx bench/sdk.bench.ts`.
 *
 * The comparison is like for like: both sides send the same headers through
 * agents with the same pool and keep-alive settings, read the whole body and
 * parse it as JSON. The SDK is measured as it ships: its packages are built
 * with their own build scripts and loaded through node_modules by name, as an
 * installed SDK is (not its TypeScript source run through tsx: tsx names every
 * closure with an `Object.defineProperty` call, about 0.2 µs each, several
 * per call, which no installed SDK pays).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { Agent, request } from "undici";
import { FakeServer } from "@checks-api/fake-server";
import { checkUuid } from "@checks-api/schema";
import { bundledFiles, bundleForBrowser, isZodFile } from "../test/browser-bundle.js";
import { buildPackages, importBuilt } from "./built-packages.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsconfig = join(root, "tsconfig.json");
const WARMUP_CALLS = 500;
const MEASURED_CALLS = 4000;
const COLD_RUNS = 9;
const TARGET_OVERHEAD_PERCENT = 5;
const TARGET_COLD_START_MS = 30;
const TARGET_BUNDLE_KIB = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Per-call times of `a` and `b`, called alternately so that load from other
 * processes on the machine hits both alike, and in turns `a` first and `b`
 * first, so that neither always runs in the other's wake (its garbage, its
 * timers); medians in µs.
 */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const sides = [a, b];
  for (let i = 0; i < WARMUP_CALLS + MEASURED_CALLS; i++) {
    for (const side of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const started = performance.now();
      await (sides[side] as () => Promise<unknown>)();
      if (i >= WARMUP_CALLS) times[side as 0 | 1].push((performance.now() - started) * 1000);
    }
  }
  return [median(times[0]), median(times[1])];
}

async function throughput() {
  const { ChecksClient, SDK_VERSION } = await importBuilt<typeof import("@checks-api/sdk")>("packages/sdk/dist/index.js");
  const fake = new FakeServer({ compat: "live" });
  const server = await fake.listen({ host: "127.0.0.1", port: 0 });
  const project = fake.createProject({ checkLimit: 100 });
  const apiKey = project.readWriteKey as string;
  for (let i = 0; i < 20; i++) fake.createCheck(project.id, { name: `check ${i}`, tags: "bench" });
  const uuid = checkUuid(fake.createCheck(project.id, { name: "target" }));

  const sdk = new ChecksClient({ apiKey, baseUrl: server.url });
  const unchecked = new ChecksClient({ apiKey, baseUrl: server.url, validate: false });
  // The settings and headers of the SDK's default transport and requests.
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 16 });
  const headers = { "user-agent": `checks-api-sdk/${SDK_VERSION}`, "x-api-key": apiKey };
  const raw = async (path: string) => {
    const response = await request(`${server.url}${path}`, { headers, dispatcher: agent });
    return response.body.json();
  };
  const cases = [
    { name: "get check", sdk: () => sdk.checks.get(uuid), raw: () => raw(`/api/v3/checks/${uuid}`) },
    { name: "list checks (21)", sdk: () => sdk.checks.list(), raw: () => raw("/api/v3/checks/") },
    { name: "get check, validate: false", sdk: () => unchecked.checks.get(uuid), raw: () => raw(`/api/v3/checks/${uuid}`) },
    { name: "list checks, validate: false", sdk: () => unchecked.checks.list(), raw: () => raw("/api/v3/checks/") },
  ];
  for (const c of cases) {
    const [sdkPerCall, rawPerCall] = await compare(c.sdk, c.raw);
    const overhead = (sdkPerCall / rawPerCall - 1) * 100;
    console.log(
      `${c.name.padEnd(30)} sdk ${sdkPerCall.toFixed(0).padStart(5)} µs/call   raw undici ${rawPerCall.toFixed(0).padStart(5)} µs/call   ratio ${(sdkPerCall / rawPerCall).toFixed(3)}   overhead ${overhead.toFixed(1)}% (target <= ${TARGET_OVERHEAD_PERCENT}%)`,
    );
  }
  await agent.close();
  await server.close();
}

/** Wall time of a fresh Node process running `args`, in ms. */
function processTime(args: string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return performance.now() - started;
}

/**
 * Cold start: fresh processes that load an entry of the built SDK by name,
 * from the repository root (node_modules links the workspace packages, as an
 * install does), beside bare `node -e ""` ones, alternately so that load from
 * other processes hits both alike; the difference of the medians is what
 * loading the SDK adds to a program's start.
 */
async function coldImport(entries: ReadonlyArray<readonly [label: string, args: string[]]>) {
  for (const [label, args] of entries) {
    const bare: number[] = [];
    const loading: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      bare.push(processTime(["-e", ""]));
      loading.push(processTime(args));
    }
    const added = median(loading) - median(bare);
    console.log(
      `cold start ${label.padEnd(36)} +${added.toFixed(1)} ms over bare node (median of ${COLD_RUNS} fresh processes each: ${median(loading).toFixed(1)} vs ${median(bare).toFixed(1)} ms; target <= ${TARGET_COLD_START_MS} ms)`,
    );
  }
}

async function bundleSize() {
  const result = await bundleForBrowser({ entryPoints: [join(root, "packages/sdk/src/fetch.ts")], tsconfig });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const gzipped = gzipSync(code, { level: 9 }).length;
  const zodBytes = bundledFiles(result)
    .filter(([file]) => isZodFile(file))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
  const kib = gzipped / 1024;
  console.log(
    `browser bundle of @checks-api/sdk/fetch: ${(code.length / 1024).toFixed(1)} KiB min, ${kib.toFixed(1)} KiB min+gzip (target <= ${TARGET_BUNDLE_KIB} KiB: ${kib <= TARGET_BUNDLE_KIB ? "met" : "MISSED"}; zod in it: ${zodBytes === 0 ? "none" : `${(zodBytes / 1024).toFixed(1)} KiB min`})`,
  );
}

buildPackages(["@checks-api/schema", "@checks-api/sdk"]);
await throughput();
await coldImport([
  ['import("@checks-api/sdk")', ["--input-type=module", "-e", 'await import("@checks-api/sdk")']],
  ['require("@checks-api/sdk")', ["-e", 'require("@checks-api/sdk")']],
  ['import("@checks-api/sdk/fetch")', ["--input-type=module", "-e", 'await import("@checks-api/sdk/fetch")']],
]);
await bundleSize();
