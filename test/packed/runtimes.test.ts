/**
 * The fetch entry on other runtimes: a program of sixteen steps
 * (runtimes/sixteen-steps.ts) bundled minified from the installed tarballs,
 * run against the installed CLI fake, with the error names checked: as a
 * script on Node, Bun and Deno, and as a module worker on workerd
 * (Cloudflare's runtime, configured by runtimes/config.capnp); and on Bun
 * and Deno the main entry, which their export conditions turn into the fetch
 * entry; and on Bun and Deno the fake's `handle()` served by the runtime's
 * own server (`Bun.serve`, `Deno.serve`), answering a list of checks.
 *
 * Bun, Deno and workerd come from the npm registry (their packages ship the
 * binaries): one on the PATH is used as it is, else each is installed once
 * into a cache outside the repository (`~/.cache/checks-api-runtimes`, or
 * `CHECKS_API_RUNTIMES`), within a time limit. `npm ci` never downloads them.
 * A runtime that is neither there nor installable skips its tests, saying why.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listening, run, waitFor, type Run } from "../../packages/fake-server/test/cli-process.js";
import { bundleForBrowser } from "../browser-bundle.js";
import { findRuntime, freePort, INSTALL_TIMEOUT_MS, whenAnswering } from "../installed-runtime.js";
import { installPackages } from "./install.js";
import type { PackedPackage } from "./pack.js";

/** The runtimes, by command, with the npm package that ships each and how it runs a file. */
const RUNTIMES = {
  bun: { spec: "bun@^1.4", run: (file: string) => [file], runFake: (file: string) => [file] },
  // No --allow-env for the SDK: it must not need it. The fake's msw adapter reads NODE_ENV.
  deno: {
    spec: "deno@^2.9",
    run: (file: string) => ["run", "--no-lock", "--allow-net=127.0.0.1", file],
    runFake: (file: string) => ["run", "--no-lock", "--allow-net=127.0.0.1", "--allow-env", file],
  },
} as const;
type Runtime = keyof typeof RUNTIMES;
/** workerd's npm package; it serves a worker rather than running a file. */
const WORKERD_SPEC = "workerd@^1";

const packed: PackedPackage[] = inject("packed");
let project: string;
let fake: Run;
let args: string[];
/** Each runtime's executable, or why there is none. */
const runtimes = new Map<Runtime | "workerd", { bin: string } | { missing: string }>();

beforeAll(async () => {
  project = installPackages(packed, { type: "module" });
  cpSync(fileURLToPath(new URL("runtimes", import.meta.url)), join(project, "runtimes"), { recursive: true });
  const bundle = await bundleForBrowser({ entryPoints: [join(project, "runtimes", "program.ts")] });
  writeFileSync(join(project, "bundle.mjs"), bundle.outputFiles![0]!.text);
  const worker = await bundleForBrowser({ entryPoints: [join(project, "runtimes", "worker.ts")] });
  writeFileSync(join(project, "runtimes", "worker.mjs"), worker.outputFiles![0]!.text);
  writeFileSync(
    join(project, "main-entry.mjs"),
    `import { ChecksClient } from "@checks-api/sdk";
    const [baseUrl, apiKey] = typeof Deno === "undefined" ? process.argv.slice(2) : Deno.args;
    const checks = await new ChecksClient({ apiKey, baseUrl, maxRetries: 0 }).checks.list();
    console.log(JSON.stringify({ checks: checks.length }));`,
  );
  writeFileSync(
    join(project, "serve-fake.mjs"),
    `import { FakeServer } from "@checks-api/fake-server";
    const fake = new FakeServer({ seed: 1 });
    const project = fake.createProject();
    fake.createCheck(project.id, { name: "served by the runtime" });
    const handler = (request) => fake.handle(request);
    const served = typeof Deno !== "undefined"
      ? await new Promise((resolve) => {
          Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => resolve({ port, stop: () => Deno.exit(0) }) }, handler);
        })
      : (() => {
          const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler });
          return { port: server.port, stop: () => server.stop(true) };
        })();
    const response = await fetch("http://127.0.0.1:" + served.port + "/api/v3/checks/", { headers: { "X-Api-Key": project.readWriteKey } });
    const text = await response.text();
    console.log(JSON.stringify({ status: response.status, type: response.headers.get("content-type"), text }));
    // Deno's graceful shutdown would wait for the client's idle keep-alive connection: its script ends the process.
    await served.stop();`,
  );
  fake = run(join(project, "node_modules", ".bin", "checks-fake-server"), ["--port", "0", "--demo"], { cwd: project });
  const url = await listening(fake);
  args = [url, (await waitFor(fake, /\b(hcw_[A-Za-z0-9]+)/))[1]!, `http://127.0.0.1:${await freePort()}`];
  for (const name of Object.keys(RUNTIMES) as Runtime[]) runtimes.set(name, findRuntime(name, RUNTIMES[name].spec));
  runtimes.set("workerd", findRuntime("workerd", WORKERD_SPEC));
}, INSTALL_TIMEOUT_MS * 3 + 60_000);

afterAll(async () => {
  fake?.child.kill("SIGTERM");
  await fake?.exit;
  rmSync(project, { recursive: true, force: true });
});

/** The steps a run printed, with its exit status and stderr when it printed none. */
function stepsOf(result: { status: number | null; stdout: string; stderr: string }): unknown {
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  return last.startsWith("[") ? JSON.parse(last) : `exit ${result.status}: ${result.stderr}${result.stdout}`;
}

const EXPECTED = [
  ["create", "door"],
  ["get", "new"],
  ["list by tag", "1"],
  ["update", "from a bundle"],
  ["ping start", "recorded"],
  ["ping success", "recorded"],
  ["ping log", "success,start"],
  ["pause", "paused"],
  ["resume", "new"],
  ["resume again", "ConflictError"],
  ["flips", expect.any(String)],
  ["badges", expect.stringContaining("door")],
  ["delete", "door"],
  ["get deleted", "NotFoundError"],
  ["wrong key", "AuthenticationError"],
  ["nothing listening", "ConnectionError"],
].map(([step, saw]) => ({ step, ok: true, saw }));

describe("the fetch entry's sixteen steps, bundled minified", () => {
  it("is minified: the error classes are renamed in the code", () => {
    for (const bundle of ["bundle.mjs", "runtimes/worker.mjs"]) expect(readFileSync(join(project, bundle), "utf8"), bundle).not.toMatch(/class NotFoundError\b/);
  });

  it("runs on Node, every error with its class's name", () => {
    const result = spawnSync(process.execPath, ["bundle.mjs", ...args], { cwd: project, encoding: "utf8" });
    expect(stepsOf(result)).toEqual(EXPECTED);
  });

  it.for(Object.keys(RUNTIMES) as Runtime[])("runs on %s", (name, context) => {
    const runtime = runtimes.get(name)!;
    if ("missing" in runtime) return context.skip(runtime.missing);
    const result = spawnSync(runtime.bin, [...RUNTIMES[name].run("bundle.mjs"), ...args], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(stepsOf(result)).toEqual(EXPECTED);
  });

  it("runs on workerd, as a module worker reaching the fake on loopback", async (context) => {
    const runtime = runtimes.get("workerd")!;
    if ("missing" in runtime) return context.skip(runtime.missing);
    const url = `http://127.0.0.1:${await freePort()}/`;
    const server = run(runtime.bin, ["serve", "config.capnp", `--socket-addr=http=${new URL(url).host}`], { cwd: join(project, "runtimes") });
    // Stopped however the test ends, a timeout included.
    context.onTestFinished(async () => {
      server.child.kill("SIGTERM");
      await server.exit;
    });
    await whenAnswering(url, server);
    const response = await fetch(url, { method: "POST", body: JSON.stringify(args), signal: AbortSignal.timeout(45_000) });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual(EXPECTED);
  }, 90_000);
});

describe("the main entry on other runtimes", () => {
  it("resolves to the fetch entry under the bun, deno, workerd and worker conditions, and to the Node entry without", () => {
    const resolved = (condition?: string) =>
      execFileSync(process.execPath, [...(condition ? [`--conditions=${condition}`] : []), "--input-type=module", "-e", `console.log(import.meta.resolve("@checks-api/sdk"))`], {
        cwd: project,
        encoding: "utf8",
      }).trim();
    for (const condition of ["bun", "deno", "workerd", "worker"]) expect(resolved(condition), condition).toMatch(/\/dist\/fetch\.js$/);
    expect(resolved()).toMatch(/\/dist\/index\.js$/);
  });

  it.for(Object.keys(RUNTIMES) as Runtime[])("works on %s, installed from the tarballs", (name, context) => {
    const runtime = runtimes.get(name)!;
    if ("missing" in runtime) return context.skip(runtime.missing);
    const result = spawnSync(runtime.bin, [...RUNTIMES[name].run("main-entry.mjs"), ...args], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ checks: expect.any(Number) });
  });
});

describe("the fake's handle() served by the runtime's own server", () => {
  it.for(Object.keys(RUNTIMES) as Runtime[])("%s serves a list of checks over HTTP", (name, context) => {
    const runtime = runtimes.get(name)!;
    if ("missing" in runtime) return context.skip(runtime.missing);
    const result = spawnSync(runtime.bin, RUNTIMES[name].runFake("serve-fake.mjs"), { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as { status: number; type: string; text: string };
    expect(answer).toMatchObject({ status: 200, type: "application/json" });
    expect(JSON.parse(answer.text).checks.map((check: { name: string }) => check.name)).toEqual(["served by the runtime"]);
  });
});
