/**
 * Deliveries and the state file of the CLI process under receivers that
 * hang (run with `npm run bench delivery`, or `… delivery -- window` for
 * one part: `flapping`, `healthy`, `window`):
 *
 * 1. One check flipping as fast as a client can ping it for 30 s, with a
 *    webhook that renders a 1 MB body to a receiver that never answers
 *    (attempt time limit 30 s): the server's resident memory at its peak
 *    (target under 400 MiB), then how long SIGTERM takes to end it
 *    (target under 2 s: shutdown aborts the deliveries, then saves).
 * 2. 30 checks whose receivers never answer (attempt time limit 2 s), then
 *    a failure of a check whose receiver answers: how long its alert
 *    takes to arrive (target under 1 s; the fake lets a check wait 0.1 s
 *    for a worker).
 * 3. The crash window: with a state file of about 10 MB and pings arriving
 *    all the while, the time from a project's creation being answered to
 *    the state file holding it, over 12 creations (target: about a
 *    second; the figure depends on the disk and the machine's load), and
 *    how many pings a second the server answered meanwhile.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, watch } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cliPath = join(root, "packages/fake-server/src/cli.ts");
const MIB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cli {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<unknown>;
}

async function startCli(args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, ["--import", "tsx", cliPath, "--port", "0", ...args], { cwd: root });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise((resolve) => child.on("close", resolve));
  for (;;) {
    const url = /^Listening on (http:\/\/\S+)$/m.exec(out)?.[1];
    if (url !== undefined) return { child, url, exited };
    if (child.exitCode !== null) throw new Error(`the CLI exited early\n${err}`);
    await sleep(20);
  }
}

function residentBytes(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib("VmRSS"), hwm: kib("VmHWM") };
}

/** A receiver that reads requests and never answers. */
async function hangingReceiver(): Promise<{ host: string; close(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function post(url: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, string>;
}

function webhook(url: string, body = ""): string {
  return JSON.stringify({ method_down: "POST", url_down: url, body_down: body, headers_down: {}, method_up: "POST", url_up: url, body_up: body, headers_up: {} });
}

async function createCheck(cli: Cli, project: string, body: object): Promise<string> {
  const check = await post(`${cli.url}/__fake/projects/${project}/checks`, body);
  return (check["ping_url"] as string).split("/").pop() as string;
}

async function flapping(): Promise<void> {
  const receiver = await hangingReceiver();
  const dir = mkdtempSync(join(tmpdir(), "checks-delivery-bench-"));
  const cli = await startCli(["--state", join(dir, "state.json")]);
  const project = await post(`${cli.url}/__fake/projects`, {});
  // `$BODY` is the last ping's body, 10 kB: a hundred of them make a 1 MB body.
  await post(`${cli.url}/__fake/projects/${project["id"]}/channels`, { kind: "webhook", value: webhook(`http://${receiver.host}/hang`, "$BODY".repeat(100)) });
  const uuid = await createCheck(cli, project["id"] as string, { channels: "*" });
  const body = "x".repeat(10_000);
  const end = Date.now() + 30_000;
  let flips = 0;
  while (Date.now() < end) {
    await fetch(`${cli.url}/ping/${uuid}/fail`, { method: "POST", body });
    await fetch(`${cli.url}/ping/${uuid}`, { method: "POST", body });
    flips += 2;
  }
  const { rss, hwm } = residentBytes(cli.child.pid as number);
  const stopping = performance.now();
  cli.child.kill("SIGTERM");
  await cli.exited;
  const stopMs = performance.now() - stopping;
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `flapping check behind a hanging receiver, 30 s, 1 MB bodies: ${flips} flips; resident ${(rss / MIB).toFixed(0)} MiB, peak ${(hwm / MIB).toFixed(0)} MiB ` +
      `(target < 400 MiB: ${hwm < 400 * MIB ? "yes" : "NO"}); SIGTERM to exit ${stopMs.toFixed(0)} ms (target < 2000 ms: ${stopMs < 2000 ? "yes" : "NO"})`,
  );
}

async function healthyAlert(): Promise<void> {
  const hanging = await hangingReceiver();
  let arrived = 0;
  const healthy = createHttpServer((request, response) => {
    request.resume();
    request.on("end", () => {
      arrived = performance.now();
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => healthy.listen(0, "127.0.0.1", resolve));
  const cli = await startCli(["--attempt-timeout", "2000"]);
  const project = await post(`${cli.url}/__fake/projects`, { checkLimit: 100 });
  const channels = `${cli.url}/__fake/projects/${project["id"]}/channels`;
  const hang = await post(channels, { kind: "webhook", value: webhook(`http://${hanging.host}/hang`) });
  const ok = await post(channels, { kind: "webhook", value: webhook(`http://127.0.0.1:${(healthy.address() as AddressInfo).port}/ok`) });
  const hangingChecks: string[] = [];
  for (let i = 0; i < 30; i++) hangingChecks.push(await createCheck(cli, project["id"] as string, { channels: hang["id"] }));
  const healthyCheck = await createCheck(cli, project["id"] as string, { channels: ok["id"] });
  for (const uuid of hangingChecks) await fetch(`${cli.url}/ping/${uuid}/fail`);
  await sleep(100);
  const failed = performance.now();
  await fetch(`${cli.url}/ping/${healthyCheck}/fail`);
  while (arrived === 0) await sleep(5);
  const waitMs = arrived - failed;
  cli.child.kill("SIGKILL");
  await cli.exited;
  hanging.close();
  healthy.closeAllConnections();
  healthy.close();
  console.log(`healthy alert behind 30 hanging receivers (attempt limit 2 s): arrived after ${waitMs.toFixed(0)} ms (target < 1000 ms: ${waitMs < 1000 ? "yes" : "NO"})`);
}

async function crashWindow(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "checks-window-bench-"));
  const file = join(dir, "state.json");
  const cli = await startCli(["--state", file]);
  const project = await post(`${cli.url}/__fake/projects`, { checkLimit: 100 });
  const body = "x".repeat(10_000);
  const checks: string[] = [];
  for (let c = 0; c < 7; c++) {
    checks.push(await createCheck(cli, project["id"] as string, { name: `check ${c}` }));
    for (let i = 0; i < 100; i++) await fetch(`${cli.url}/ping/${checks[c]}`, { method: "POST", body });
  }
  let loading = true;
  let pings = 0;
  const loadStarted = performance.now();
  const load = (async () => {
    for (; loading; pings++) await fetch(`${cli.url}/ping/${checks[pings % checks.length]}`, { method: "POST", body });
  })();
  await sleep(2_000);
  let waiting: { name: string; seen(at: number): void } | null = null;
  // A save renames its temporary file over the state file: each rename is a new document to look in.
  const watcher = watch(dir, (_event, name) => {
    const awaited = waiting;
    if (awaited === null || name !== "state.json") return;
    void readFile(file, "utf8").then(
      (text) => {
        if (waiting === awaited && text.includes(awaited.name)) {
          waiting = null;
          awaited.seen(performance.now());
        }
      },
      () => undefined,
    );
  });
  const windows: number[] = [];
  for (let i = 0; i < 12; i++) {
    await sleep(300 + Math.random() * 700);
    const name = `window ${i} ${Math.random()}`;
    const seen = new Promise<number>((resolve) => (waiting = { name, seen: resolve }));
    await post(`${cli.url}/__fake/projects`, { name });
    const answered = performance.now();
    windows.push((await seen) - answered);
  }
  loading = false;
  await load;
  const pingRate = pings / ((performance.now() - loadStarted) / 1000);
  watcher.close();
  const size = readFileSync(file).byteLength;
  cli.child.kill("SIGKILL");
  await cli.exited;
  rmSync(dir, { recursive: true, force: true });
  windows.sort((a, b) => a - b);
  console.log(
    `crash window with a ${(size / MIB).toFixed(1)} MB state file under ping load (${pingRate.toFixed(0)} pings answered a second meanwhile): ` +
      `median ${windows[6]!.toFixed(0)} ms, longest ${windows.at(-1)!.toFixed(0)} ms (about a second)`,
  );
}

const parts = process.argv.slice(2);
const wanted = (part: string) => parts.length === 0 || parts.includes(part);
if (wanted("flapping")) await flapping();
if (wanted("healthy")) await healthyAlert();
if (wanted("window")) await crashWindow();
