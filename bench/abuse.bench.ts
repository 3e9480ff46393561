/**
 * Abuse of the CLI process (run with `npm run bench`): the fake server as
 * people leave it running (`--demo --state file.json`), fed what an
 * attacker or a broken client sends:
 *
 * 1. 1 GiB bodies to a ping URL and to `POST /api/v3/checks/` (both
 *    refused at the framework's upload limit), with Content-Length and chunked.
 * 2. 300 check updates with a 2.5 MB `desc`.
 * 3. 100,000 pings with 10 KB bodies (autocannon, in its own process).
 *
 * Bodies are generated as they are sent, from one reused buffer. It prints
 * the server's resident memory at rest and at its peak (Linux `VmHWM`, and
 * the peak of samples every 50 ms elsewhere) and the status counts of each
 * step. Targets: peak under 300 MiB, no 5xx, no connection error other than
 * the server closing a connection after its own refusal.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { autocannon } from "./autocannon.js";

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const PEAK_TARGET = 300 * MIB;
const UPDATES = 300;
const UPDATE_BYTES = 2_500_000;
const PINGS = 100_000;
const PING_BYTES = 10_000;
const PING_CONNECTIONS = 16;

const root = fileURLToPath(new URL("..", import.meta.url));

/** Status counts of one step; `refusedConnection`: connections the server closed after answering. */
interface Tally {
  statuses: Map<number, number>;
  connectionErrors: number;
  closedAfterAnswer: number;
}

function tally(): Tally {
  return { statuses: new Map(), connectionErrors: 0, closedAfterAnswer: 0 };
}

function count(t: Tally, status: number, times = 1): void {
  t.statuses.set(status, (t.statuses.get(status) ?? 0) + times);
}

function describe(t: Tally): string {
  const statuses = [...t.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  const closed = t.closedAfterAnswer > 0 ? `, ${t.closedAfterAnswer} closed by the server after its answer` : "";
  return `${statuses.join(" ") || "no answers"}; connection errors: ${t.connectionErrors}${closed}`;
}

/** Resident memory of a process, now and at its peak (Linux `/proc`; elsewhere `ps`, now only). */
function memoryOf(pid: number): { rss: number; hwm: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string): number | null => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rss: kib("VmRSS") ?? 0, hwm: kib("VmHWM") };
  } catch {
    return { rss: 0, hwm: null };
  }
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  url: string;
  key: string;
  stop(): Promise<void>;
}

/**
 * The CLI as `npm run build` ships it (one bundle run by plain node, as
 * `checks-fake-server` runs), built from the sources. It is written under
 * node_modules so that its dependencies resolve as they would from the package.
 */
async function buildCli(): Promise<string> {
  const outfile = join(root, "node_modules/.cache/checks-abuse-bench/cli.mjs");
  await build({
    entryPoints: [join(root, "packages/fake-server/src/cli.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    alias: { "@checks-api/schema": join(root, "packages/schema/src/index.ts") },
    external: ["msw", "msw/*", "undici"],
    logLevel: "warning",
  });
  return outfile;
}

async function startCli(cli: string, stateFile: string): Promise<Server> {
  const child = spawn(process.execPath, [cli, "--port", "0", "--demo", "--seed", "abuse", "--state", stateFile], {
    cwd: root,
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  for (;;) {
    const url = /^Listening on (http:\/\/\S+)$/m.exec(out)?.[1];
    const key = /read-write key: (\S+)/.exec(out)?.[1];
    if (url && key && out.endsWith("\n")) {
      return {
        child,
        url,
        key,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`the CLI exited early\n${out}\n${err}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Sends `total` bytes of `fill` as a body, generated as it goes, as a
 * careful client does: it stops sending once the answer has come.
 */
function sendLarge(
  url: string,
  options: { method: string; headers: Record<string, string>; total: number; chunked: boolean },
  t: Tally,
): Promise<void> {
  const chunk = Buffer.alloc(MIB, 0x61);
  return new Promise((resolve) => {
    let answered = false;
    const headers = { ...options.headers, ...(options.chunked ? {} : { "content-length": String(options.total) }) };
    const req = httpRequest(url, { method: options.method, headers, agent: false }, (res) => {
      answered = true;
      count(t, res.statusCode ?? 0);
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve();
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // After the server's refusal it closes the connection: a reset while
      // sending, before the answer is read, is the server's own refusal.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") t.closedAfterAnswer++;
      else t.connectionErrors++;
      resolve();
    });
    let sent = 0;
    const write = (): void => {
      while (!answered && !req.destroyed && sent < options.total) {
        const piece = Math.min(chunk.byteLength, options.total - sent);
        sent += piece;
        if (!req.write(piece === chunk.byteLength ? chunk : chunk.subarray(0, piece))) {
          req.once("drain", write);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    write();
  });
}

function call(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | null,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function runAutocannon(url: string, body: string, amount: number): Promise<Tally> {
  const result = await autocannon(["-c", String(PING_CONNECTIONS), "-a", String(amount), "-m", "POST", "-b", body, url]);
  const t = tally();
  for (const [status, { count: n }] of Object.entries(result.statusCodeStats)) count(t, Number(status), n);
  t.connectionErrors = result.errors + result.timeouts;
  return t;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "checks-abuse-"));
  const server = await startCli(await buildCli(), join(dir, "state.json"));
  const pid = server.child.pid as number;
  let sampledPeak = 0;
  let stepPeak = 0;
  const sampler = setInterval(() => {
    const rss = memoryOf(pid).rss;
    sampledPeak = Math.max(sampledPeak, rss);
    stepPeak = Math.max(stepPeak, rss);
  }, 50);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const key = { "x-api-key": server.key, "content-type": "application/json" };
  let failed = false;
  const steps: [string, Tally, number][] = [];
  const step = async (name: string, run: (t: Tally) => Promise<void>): Promise<Tally> => {
    const t = tally();
    const started = Date.now();
    stepPeak = memoryOf(pid).rss;
    await run(t);
    steps.push([name, t, Date.now() - started]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
    console.log(`${name.padEnd(40)} ${seconds} s  peak ${(stepPeak / MIB).toFixed(0).padStart(4)} MiB  ${describe(t)}`);
    return t;
  };

  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rest = memoryOf(pid).rss;
    console.log(`server at rest: ${(rest / MIB).toFixed(0)} MiB resident (pid ${pid})`);

    const created = await call(agent, `${server.url}/api/v3/checks/`, "POST", key, Buffer.from('{"name": "abuse"}'));
    const check = JSON.parse(created.text) as { ping_url: string; update_url: string };
    const pingUrl = check.ping_url.replace(/^https?:\/\/[^/]+/, server.url);
    const updateUrl = check.update_url.replace(/^https?:\/\/[^/]+/, server.url);

    await step("1 GiB ping body (Content-Length)", (t) => sendLarge(pingUrl, { method: "POST", headers: {}, total: GIB, chunked: false }, t));
    await step("1 GiB ping body (chunked)", (t) => sendLarge(pingUrl, { method: "POST", headers: {}, total: GIB, chunked: true }, t));
    const api = `${server.url}/api/v3/checks/`;
    await step("1 GiB management body (Content-Length)", (t) => sendLarge(api, { method: "POST", headers: key, total: GIB, chunked: false }, t));
    await step("1 GiB management body (chunked)", (t) => sendLarge(api, { method: "POST", headers: key, total: GIB, chunked: true }, t));

    const desc = Buffer.from(`{"desc": "${"d".repeat(UPDATE_BYTES - 12)}"}`);
    await step(`${UPDATES} updates of ${(UPDATE_BYTES / 1e6).toFixed(1)} MB`, async (t) => {
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < UPDATES) {
          next++;
          try {
            count(t, (await call(agent, updateUrl, "POST", key, desc)).status);
          } catch {
            t.connectionErrors++;
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    });

    const pings = await step(`${PINGS.toLocaleString("en")} pings with ${PING_BYTES / 1000} KB bodies`, async (t) => {
      const result = await runAutocannon(pingUrl, "p".repeat(PING_BYTES), PINGS);
      for (const [status, n] of result.statuses) count(t, status, n);
      t.connectionErrors += result.connectionErrors;
    });
    if ([...pings.statuses.values()].reduce((a, b) => a + b, 0) < PINGS) failed = true;

    await step("journal and check list afterwards", async (t) => {
      const journal = await call(agent, `${server.url}/__fake/journal`, "GET", {}, null);
      count(t, journal.status);
      console.log(`  journal: ${(journal.text.length / MIB).toFixed(1)} MiB of JSON, ${(JSON.parse(journal.text) as unknown[]).length} entries`);
      count(t, (await call(agent, `${server.url}/api/v3/checks/`, "GET", key, null)).status);
    });

    const memory = memoryOf(pid);
    const peak = Math.max(memory.hwm ?? 0, sampledPeak);
    console.log(
      `server peak: ${(peak / MIB).toFixed(0)} MiB resident (target < ${PEAK_TARGET / MIB} MiB; at rest ${(rest / MIB).toFixed(0)} MiB, now ${(memory.rss / MIB).toFixed(0)} MiB)`,
    );
    const serverErrors = steps.reduce((n, [, t]) => n + [...t.statuses].filter(([s]) => s >= 500 || s === 0).reduce((a, [, c]) => a + c, 0), 0);
    const connectionErrors = steps.reduce((n, [, t]) => n + t.connectionErrors, 0);
    console.log(`5xx answers: ${serverErrors}; connection errors (not the server's own refusals): ${connectionErrors}`);
    if (peak >= PEAK_TARGET || serverErrors > 0 || connectionErrors > 0) failed = true;
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error("abuse: a target was missed");
    process.exit(1);
  }
}

await main();
