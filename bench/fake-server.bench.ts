/**
 * Fake server benchmarks (run with `npm run bench`):
 *
 * 1. Requests per second over loopback for list-checks (20 checks), get-check
 *    and a ping, against a bare node:http server in this process answering
 *    the same bytes (status, headers, body; checked before measuring).
 *    autocannon runs in a child process with the same connections and
 *    pipelining for both. On a small machine the load generator competes
 *    with the server for the CPU, and other work comes and goes: bare and
 *    fake runs alternate (bare, fake, fake, bare, …), each round gives a
 *    fake / bare ratio of two runs made side by side, and the ratio reported
 *    is the median of those (the rates shown are the medians of each side).
 * 2. The in-process cost of one `handle()` call for get-check.
 * 3. The heap held by 10,000 checks with a full ping log each, filled by real
 *    pings through `handle()`.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { checkUuid, type Check } from "@checks-api/schema";
import { FakeServer } from "@checks-api/fake-server";
import { autocannon } from "./autocannon.js";
import { heapBytes } from "./heap.js";

const LOAD_SECONDS = 2;
const WARMUP_SECONDS = 1;
const ROUNDS = 5;
const CONNECTIONS = 10;
const PIPELINING = 1;
const HANDLE_ITERATIONS = 20_000;
const MEMORY_CHECKS = 10_000;

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** Lowest acceptable fake / bare throughput ratio. */
  target: number;
}

interface LoadResult {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

async function runAutocannon(url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const args = ["-c", String(CONNECTIONS), "-p", String(PIPELINING), "-d", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const result = await autocannon(args);
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

async function measure(url: string, headers: Record<string, string>, seconds = LOAD_SECONDS): Promise<number> {
  const result = await runAutocannon(url, headers, seconds);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requestsPerSecond;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Recorded {
  status: number;
  headers: string[];
  body: Buffer;
}

/** What the fake answers for `path` through `handle()`, as the bare server is to write it. */
async function record(fake: FakeServer, path: string, headers: Record<string, string>): Promise<Recorded> {
  const response = await fake.handle(new Request(`${fake.options.baseUrl}${path}`, { headers }));
  const body = Buffer.from(await response.arrayBuffer());
  const head: string[] = [];
  response.headers.forEach((value, name) => head.push(name, value));
  head.push("content-length", String(body.byteLength));
  return { status: response.status, headers: head, body };
}

function listenBare(answers: Map<string, Recorded>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404, { "content-length": "0" }).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** Status line, header lines (without `Date`) and body of one answer, as text to compare. */
function wireAnswer(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const lines = [`${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() !== "date") lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve(`${lines.join("\n")}\n\n${Buffer.concat(chunks).toString("latin1")}`);
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function seedChecks(fake: FakeServer, projectId: string, count: number): string[] {
  const uuids: string[] = [];
  for (let i = 0; i < count; i++) {
    const check = fake.createCheck(projectId, { name: `job ${i}`, slug: `job-${i}`, tags: "bench", timeout: 3600 }) as Check;
    uuids.push(checkUuid(check));
  }
  return uuids;
}

async function throughput(): Promise<void> {
  const fake = new FakeServer({ seed: "bench" });
  const project = fake.createProject({ name: "bench" });
  const uuids = seedChecks(fake, project.id, 20);
  // Pings go to a check of another project, so that they leave the listed checks as recorded.
  const [pinged] = seedChecks(fake, fake.createProject({ name: "pinged" }).id, 1);
  const key = { "X-Api-Key": project.readWriteKey ?? "" };
  const scenarios: Scenario[] = [
    { name: "list-checks (20)", path: "/api/v3/checks/", headers: key, target: 0.6 },
    { name: "get-check", path: `/api/v3/checks/${uuids[0]}`, headers: key, target: 0.8 },
    { name: "ping", path: `/ping/${pinged}`, headers: {}, target: 0.8 },
  ];

  const answers = new Map<string, Recorded>();
  for (const scenario of scenarios) answers.set(scenario.path, await record(fake, scenario.path, scenario.headers));
  const bare = await listenBare(answers);
  const served = await fake.listen({ port: 0, host: "127.0.0.1" });

  console.log(
    `loopback throughput: autocannon -c ${CONNECTIONS} -p ${PIPELINING}, keep-alive; ${ROUNDS} rounds of ${LOAD_SECONDS} s runs, ` +
      `bare and fake alternating, after ${WARMUP_SECONDS} s warm-ups; ratio = median of the rounds' fake / bare`,
  );
  console.log("scenario            bare req/s   fake req/s   ratio   per-round ratios           target");
  try {
    for (const scenario of scenarios) {
      const bareAnswer = await wireAnswer(bare.url + scenario.path, scenario.headers);
      const fakeAnswer = await wireAnswer(served.url + scenario.path, scenario.headers);
      if (bareAnswer !== fakeAnswer) {
        const excerpt = (text: string): string => text.slice(0, 1000);
        throw new Error(`${scenario.name}: the bare server answers otherwise\n--- bare\n${excerpt(bareAnswer)}\n--- fake\n${excerpt(fakeAnswer)}`);
      }
      const runBare = (seconds?: number): Promise<number> => measure(bare.url + scenario.path, scenario.headers, seconds);
      const runFake = (seconds?: number): Promise<number> => measure(served.url + scenario.path, scenario.headers, seconds);
      await runBare(WARMUP_SECONDS);
      await runFake(WARMUP_SECONDS);
      const bareRates: number[] = [];
      const fakeRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first cancels a steady drift within a round.
        if (round % 2 === 0) {
          bareRates.push(await runBare());
          fakeRates.push(await runFake());
        } else {
          fakeRates.push(await runFake());
          bareRates.push(await runBare());
        }
      }
      const ratios = bareRates.map((rate, i) => (fakeRates[i] as number) / rate);
      const ratio = median(ratios);
      const bareRate = median(bareRates);
      const fakeRate = median(fakeRates);
      const rounds = ratios.map((value) => value.toFixed(2)).join(" ");
      console.log(
        `${scenario.name.padEnd(18)}  ${bareRate.toFixed(0).padStart(10)}   ${fakeRate.toFixed(0).padStart(10)}   ${ratio
          .toFixed(2)
          .padStart(5)}   ${rounds.padEnd(24)}   ≥${scenario.target} ${ratio >= scenario.target ? "met" : "MISSED"}`,
      );
    }
  } finally {
    await served.close();
    await new Promise((resolve) => bare.server.close(resolve));
  }
}

async function perCall(iterations: number, call: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 2_000; i++) await call();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await call();
  return Number(process.hrtime.bigint() - started) / 1_000 / iterations;
}

async function handleCost(): Promise<void> {
  const fake = new FakeServer({ seed: "bench" });
  const project = fake.createProject({ name: "bench" });
  const [uuid] = seedChecks(fake, project.id, 20);
  const url = `${fake.options.baseUrl}/api/v3/checks/${uuid}`;
  const headers = { "X-Api-Key": project.readWriteKey ?? "" };
  const request = new Request(url, { headers });
  const handleOnly = await perCall(HANDLE_ITERATIONS, async () => {
    const response = await fake.handle(request);
    if (response.status !== 200) throw new Error(`get-check answered ${response.status}`);
  });
  const roundTrip = await perCall(HANDLE_ITERATIONS, async () => {
    const response = await fake.handle(new Request(url, { headers }));
    await response.arrayBuffer();
  });
  console.log(
    `\nin-process get-check: handle() ${handleOnly.toFixed(1)} µs per call (target < 20 µs ${handleOnly < 20 ? "met" : "MISSED"}); ` +
      `with new Request() and arrayBuffer() ${roundTrip.toFixed(1)} µs`,
  );
}

async function memory(): Promise<void> {
  if (!globalThis.gc) console.log("\n(run with --expose-gc for exact memory figures)");
  const before = await heapBytes();
  const fake = new FakeServer({ seed: "bench" });
  const project = fake.createProject({ name: "memory", checkLimit: MEMORY_CHECKS });
  const uuids = seedChecks(fake, project.id, MEMORY_CHECKS);
  const pingsPerCheck = project.pingLogLimit;
  const started = Date.now();
  for (const uuid of uuids) {
    // One Request per check serves all its pings: a GET has no body to consume,
    // and skipping 10^6 Request constructions halves the time this phase takes.
    const request = new Request(`${fake.options.baseUrl}/ping/${uuid}`);
    for (let i = 0; i < pingsPerCheck; i++) {
      const response = await fake.handle(request);
      if (response.status !== 200) throw new Error(`ping answered ${response.status}`);
    }
  }
  const fillSeconds = (Date.now() - started) / 1000;
  fake.clearJournal();
  const held = (await heapBytes()) - before;
  const pings = MEMORY_CHECKS * pingsPerCheck;
  console.log(
    `\nmemory: ${MEMORY_CHECKS} checks with a full ping log (${pingsPerCheck} pings each, ${pings} pings through handle() in ${fillSeconds.toFixed(
      1,
    )} s): ${(held / 1024 / 1024).toFixed(1)} MiB held, ${(held / MEMORY_CHECKS / 1024).toFixed(1)} KiB per check, ${(held / pings).toFixed(0)} B per ping`,
  );
  if (fake.exportState().checks.length !== MEMORY_CHECKS) throw new Error("not every check is still there");
}

await throughput();
await handleCost();
await memory();
