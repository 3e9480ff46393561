/**
 * Fake server benchmarks (run with `npm run bench`, or one part with
 * `npm run bench -- fake-server -- <part>…`; parts: loopback, handle,
 * per-test, memory). The fake and the SDK are measured as they ship (see
 * `built-packages.ts`). Every figure comes from several rounds and is shown
 * as `median [min–max]`; a target is judged on the median (`rounds.ts`).
 *
 * 1. loopback: requests per second over loopback for list-checks
 *    (20 checks), get-check and a ping, against a bare node:http server in
 *    this process answering the same bytes (status, headers, body; checked
 *    before measuring). autocannon runs in a child process with the same
 *    connections and pipelining for both. On a small machine the load
 *    generator competes with the server for the CPU, and other work comes
 *    and goes: bare and fake runs alternate (bare, fake, fake, bare, …), and
 *    each round gives a fake / bare ratio of two runs made side by side.
 *    A second bare server that writes a fresh copy of the same bytes for
 *    each answer joins the rounds as a reference: what writing new memory
 *    costs any server that renders per request (its ratio is not judged).
 *    With `BENCH_COMPARE_WITH=<another checkout>` (its packages built), that
 *    checkout's fake joins the rounds (bare, fake, other, other, fake,
 *    bare, …) with ratios of its own: two builds measured under one load.
 * 2. handle: the in-process cost of one `handle()` call for get-check,
 *    beside what the runtime alone takes to build a `Response` of the same
 *    answer (on Node 20, about twice the target by itself), measured round
 *    by round in turn, and the difference: what the fake itself adds.
 * 3. per-test: what a typical test pays for its fake: `new FakeServer()`
 *    with `createProject()`, and that plus an SDK client on the fake's
 *    dispatcher, one create and one get; a typical alert test (4 webhooks,
 *    2 pings, `settled()`, one read of the outbox); and that test in loops
 *    of 10 and of 1,000 with no turn of the event loop between them, whose
 *    CPU time per test must stay the same (nothing a test leaves scheduled
 *    piles up).
 * 4. memory: the heap held by 10,000 checks with a full ping log each,
 *    filled by real pings through `handle()`.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { checkUuid, type Check } from "@checks-api/schema";
import { autocannon } from "./autocannon.js";
import { buildPackages, importBuilt } from "./built-packages.js";
import { heapBytes } from "./heap.js";
import { median, spread, verdict } from "./rounds.js";

buildPackages(["@checks-api/schema", "@checks-api/sdk", "@checks-api/fake-server"]);
const { FakeServer } = await importBuilt<typeof import("@checks-api/fake-server")>("packages/fake-server/dist/index.js");
const { ChecksClient } = await importBuilt<typeof import("@checks-api/sdk")>("packages/sdk/dist/index.js");
type FakeServer = InstanceType<typeof FakeServer>;

// Short runs, many rounds: the load from other programs drifts over seconds, so
// the two runs of a round see nearly the same, and the median of many rounds
// steadies; 7 rounds of 2 s moved by 0.05 from one run of the bench to the next.
const LOAD_SECONDS = 1;
const WARMUP_SECONDS = 1;
const LOAD_ROUNDS = 15;
const CONNECTIONS = 10;
const PIPELINING = 1;
const ROUNDS = 9;
const HANDLE_CALLS = 5_000;
const FAKES_PER_ROUND = 1_000;
const TESTS_PER_ROUND = 200;
const MEMORY_CHECKS = 10_000;
const LOOPBACK_TARGET = 0.8;
const HANDLE_TARGET_US = 10;
const FAKE_TARGET_US = 100;

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** Lowest acceptable fake / bare throughput ratio. */
  target: number;
}

/** One load run: the rate, and the CPU time this process (the server under load) spent per request. */
interface LoadRun {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

async function measure(url: string, headers: Record<string, string>, seconds = LOAD_SECONDS): Promise<LoadRun> {
  const args = ["-c", String(CONNECTIONS), "-p", String(PIPELINING), "-d", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const cpu = process.cpuUsage();
  const result = await autocannon(args);
  const spent = process.cpuUsage(cpu);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, cpuMicrosPerRequest: (spent.user + spent.system) / result.requests.total };
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

/**
 * A bare node:http server answering the recorded bytes; with `copying`, it
 * writes a fresh copy of them each time, as any server that renders its
 * answers per request writes fresh memory.
 */
function listenBare(answers: Map<string, Recorded>, copying = false): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404, { "content-length": "0" }).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(copying ? Buffer.from(answer.body) : answer.body);
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

/** A fake served over loopback, seeded as the benchmark needs it, with the scenarios to ask it. */
interface ServedFake {
  fake: FakeServer;
  url: string;
  scenarios: Scenario[];
  close(): Promise<void>;
}

// One instant for every fake's virtual clock: fakes made a second apart would date their answers apart.
const CLOCK_START = new Date();

async function serveFake(Fake: typeof FakeServer): Promise<ServedFake> {
  const fake = new Fake({ seed: "bench", clock: { start: CLOCK_START } });
  const project = fake.createProject({ name: "bench" });
  const uuids = seedChecks(fake, project.id, 20);
  // Pings go to a check of another project, so that they leave the listed checks as recorded.
  const [pinged] = seedChecks(fake, fake.createProject({ name: "pinged" }).id, 1);
  const key = { "X-Api-Key": project.readWriteKey ?? "" };
  const scenarios: Scenario[] = [
    { name: "list-checks (20)", path: "/api/v3/checks/", headers: key, target: LOOPBACK_TARGET },
    { name: "get-check", path: `/api/v3/checks/${uuids[0]}`, headers: key, target: LOOPBACK_TARGET },
    { name: "ping", path: `/ping/${pinged}`, headers: {}, target: LOOPBACK_TARGET },
  ];
  const served = await fake.listen({ port: 0, host: "127.0.0.1" });
  return { fake, url: served.url, scenarios, close: () => served.close() };
}

/**
 * The fake of another checkout (`BENCH_COMPARE_WITH=<its root>`, its
 * packages built), served alongside this one and alternated with it, so
 * that one run compares two builds under the same load.
 */
async function comparedFake(): Promise<ServedFake | undefined> {
  const root = process.env.BENCH_COMPARE_WITH;
  if (!root) return undefined;
  const other = await import(pathToFileURL(join(root, "packages/fake-server/dist/index.js")).href);
  return serveFake(other.FakeServer as typeof FakeServer);
}

/** One server the rounds alternate: where to send each scenario's requests, and its line's name. */
interface Side {
  url: string;
  scenarios: Scenario[];
  label?: string;
}

async function throughput(): Promise<void> {
  const mine = await serveFake(FakeServer);
  const other = await comparedFake();
  const answers = new Map<string, Recorded>();
  for (const scenario of mine.scenarios) answers.set(scenario.path, await record(mine.fake, scenario.path, scenario.headers));
  const bare = await listenBare(answers);
  const copying = await listenBare(answers, true);
  const sides: Side[] = [
    { url: bare.url, scenarios: mine.scenarios },
    mine,
    ...(other ? [{ ...other, label: "  compared" }] : []),
    { url: copying.url, scenarios: mine.scenarios, label: "  bare, fresh copy" },
  ];

  console.log(
    `loopback throughput: autocannon -c ${CONNECTIONS} -p ${PIPELINING}, keep-alive; ${LOAD_ROUNDS} rounds of ${LOAD_SECONDS} s runs, ` +
      `bare and fake alternating, after ${WARMUP_SECONDS} s warm-ups; each round's ratio = fake / bare req/s. ` +
      `CPU ratio: bare / fake server CPU time per request (this process's, which the load from other programs sways less)` +
      (other ? `; "compared": the fake of ${process.env.BENCH_COMPARE_WITH}, in the same rounds` : ""),
  );
  console.log("scenario            bare req/s   fake req/s   ratio median [min–max]   target               CPU ratio median [min–max]");
  try {
    for (const [index, scenario] of mine.scenarios.entries()) {
      const requestOf = (side: Side): Scenario => side.scenarios[index] as Scenario;
      const bareAnswer = await wireAnswer(bare.url + scenario.path, scenario.headers);
      for (const side of sides.slice(1)) {
        const fakeAnswer = await wireAnswer(side.url + requestOf(side).path, requestOf(side).headers);
        if (bareAnswer !== fakeAnswer) {
          const excerpt = (text: string): string => text.slice(0, 1000);
          throw new Error(`${scenario.name}: the bare server answers otherwise\n--- bare\n${excerpt(bareAnswer)}\n--- fake\n${excerpt(fakeAnswer)}`);
        }
      }
      const run = (side: Side, seconds?: number): Promise<LoadRun> => measure(side.url + requestOf(side).path, requestOf(side).headers, seconds);
      for (const side of sides) await run(side, WARMUP_SECONDS);
      const runs: LoadRun[][] = sides.map(() => []);
      for (let round = 0; round < LOAD_ROUNDS; round++) {
        // Alternating which goes first cancels a steady drift within a round.
        const order = round % 2 === 0 ? sides.keys() : [...sides.keys()].reverse();
        for (const i of order) runs[i]?.push(await run(sides[i] as Side));
      }
      const [bareRuns = [], ...fakeRuns] = runs;
      const rate = (of: LoadRun[]): string => median(of.map((one) => one.requestsPerSecond)).toFixed(0).padStart(10);
      const ratio = (value: number): string => value.toFixed(2);
      for (const [i, sideRuns] of fakeRuns.entries()) {
        const side = sides[i + 1] as Side;
        const pairs = bareRuns.map((bareRun, round) => [bareRun, sideRuns[round] as LoadRun] as const);
        const ratios = pairs.map(([bareRun, fakeRun]) => fakeRun.requestsPerSecond / bareRun.requestsPerSecond);
        const cpuRatios = pairs.map(([bareRun, fakeRun]) => bareRun.cpuMicrosPerRequest / fakeRun.cpuMicrosPerRequest);
        const judged = i === 0 ? `≥${scenario.target} ${verdict(ratios, (value) => value >= scenario.target)}` : "(reference)";
        const name = side.label ?? scenario.name;
        console.log(
          `${name.padEnd(18)}  ${rate(bareRuns)}   ${rate(sideRuns)}   ${spread(ratios, ratio).padEnd(22)}   ${judged.padEnd(19)}  ${spread(cpuRatios, ratio)}`,
        );
      }
    }
  } finally {
    await mine.close();
    await other?.close();
    await new Promise((resolve) => bare.server.close(resolve));
    await new Promise((resolve) => copying.server.close(resolve));
  }
}

/** µs per call of `call`, in `count` rounds (default {@link ROUNDS}) of `calls` calls each, after a warm-up round. */
async function perCallRounds(calls: number, call: () => Promise<unknown>, count = ROUNDS): Promise<number[]> {
  const rounds: number[] = [];
  for (let round = -1; round < count; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await call();
    if (round >= 0) rounds.push(Number(process.hrtime.bigint() - started) / 1_000 / calls);
  }
  return rounds;
}

const micros = (value: number): string => value.toFixed(1);

async function handleCost(): Promise<void> {
  const fake = new FakeServer({ seed: "bench" });
  const project = fake.createProject({ name: "bench" });
  const [uuid] = seedChecks(fake, project.id, 20);
  const url = `${fake.options.baseUrl}/api/v3/checks/${uuid}`;
  const headers = { "X-Api-Key": project.readWriteKey ?? "" };
  const request = new Request(url, { headers });
  // The same answer built by the runtime alone: what any `handle()` returning a real `Response` pays.
  const answer = await fake.handle(request);
  const answerBody = new Uint8Array(await answer.arrayBuffer());
  const answerInit = { status: answer.status, headers: new Headers(answer.headers) };
  const handleOnly: number[] = [];
  const responseOnly: number[] = [];
  // Round by round, one after the other, so that each difference compares two runs made under one load.
  for (let round = 0; round < ROUNDS; round++) {
    handleOnly.push(
      ...(await perCallRounds(HANDLE_CALLS, async () => {
        const response = await fake.handle(request);
        if (response.status !== 200) throw new Error(`get-check answered ${response.status}`);
      }, 1)),
    );
    responseOnly.push(...(await perCallRounds(HANDLE_CALLS, async () => new Response(answerBody, answerInit), 1)));
  }
  const roundTrip = await perCallRounds(HANDLE_CALLS, async () => {
    const response = await fake.handle(new Request(url, { headers }));
    await response.arrayBuffer();
  });
  console.log(`\nin-process get-check on Node ${process.versions.node}, µs per call, median [min–max] of ${ROUNDS} rounds of ${HANDLE_CALLS} calls:`);
  console.log(
    `  handle()                                ${spread(handleOnly, micros)}   target ≤ ${HANDLE_TARGET_US} µs ${verdict(handleOnly, (value) => value <= HANDLE_TARGET_US)}`,
  );
  console.log(`  new Response() of that answer alone     ${spread(responseOnly, micros)}`);
  const ownPart = handleOnly.map((value, round) => value - (responseOnly[round] as number));
  console.log(
    `  handle() less that Response: the fake's ${spread(ownPart, micros)}   target ≤ ${HANDLE_TARGET_US} µs ${verdict(ownPart, (value) => value <= HANDLE_TARGET_US)}`,
  );
  console.log(`  with new Request() and arrayBuffer()    ${spread(roundTrip, micros)}`);
}

/** A typical test's use of the fake: a fake, a project, an SDK client on its dispatcher, one create and one get. */
async function typicalTest(): Promise<void> {
  const fake = new FakeServer();
  const project = fake.createProject();
  const client = new ChecksClient({ apiKey: project.readWriteKey ?? "", baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });
  const created = await client.checks.create({ name: "backups" });
  const fetched = await client.checks.get(checkUuid(created));
  if (fetched.name !== "backups") throw new Error("the check read back differs");
}

const HOOK = JSON.stringify({ method_down: "POST", url_down: "http://127.0.0.1:9/down?name=$NAME", body_down: "$JSON", headers_down: {}, method_up: "GET", url_up: "http://127.0.0.1:9/up", body_up: "", headers_up: {} });

/** A typical alert test: 4 webhooks (recorded, not sent), a failure and a success ping, `settled()`, one read of the outbox. */
async function typicalAlertTest(): Promise<void> {
  const fake = new FakeServer({ notifications: { delivery: "record" } });
  const project = fake.createProject();
  for (let i = 0; i < 4; i++) fake.addChannel(project.id, { kind: "webhook", value: HOOK });
  const uuid = checkUuid(fake.createCheck(project.id, { name: "backups", channels: "*" }));
  for (const path of [`/ping/${uuid}/fail`, `/ping/${uuid}`]) await fake.handle(new Request(`${fake.options.baseUrl}${path}`));
  await fake.settled();
  if (fake.notifications().length !== 8) throw new Error("the alerts were not recorded");
}

const LOOP_RATIO_TARGET = 1.3;

/** CPU µs per test of `loop` typical alert tests run back to back, no turn of the event loop between them. */
async function cpuPerTest(loop: number): Promise<number> {
  const cpu = process.cpuUsage();
  for (let i = 0; i < loop; i++) await typicalAlertTest();
  const spent = process.cpuUsage(cpu);
  return (spent.user + spent.system) / loop;
}

async function perTestCost(): Promise<void> {
  const fakes = await perCallRounds(FAKES_PER_ROUND, async () => new FakeServer().createProject());
  const tests = await perCallRounds(TESTS_PER_ROUND, typicalTest);
  const alerts = await perCallRounds(TESTS_PER_ROUND, typicalAlertTest);
  console.log(`\nper-test cost, µs, median [min–max] of ${ROUNDS} rounds:`);
  console.log(
    `  new FakeServer() + createProject()                         ${spread(fakes, micros)}   target ≤ ${FAKE_TARGET_US} µs ${verdict(fakes, (value) => value <= FAKE_TARGET_US)}`,
  );
  console.log(`  + SDK client on fake.dispatcher(), one create, one get     ${spread(tests, micros)}`);
  console.log(`  typical alert test: 4 webhooks, 2 pings, settled(), outbox  ${spread(alerts, micros)}`);
  const ratios: number[] = [];
  for (let round = 0; round < 5; round++) {
    // A turn between rounds lets each loop start clean.
    await new Promise((resolve) => setImmediate(resolve));
    const short = await cpuPerTest(10);
    await new Promise((resolve) => setImmediate(resolve));
    ratios.push((await cpuPerTest(1_000)) / short);
  }
  console.log(
    `  CPU per test in a loop of 1000 / in a loop of 10, no turn between tests ${spread(ratios, (value) => value.toFixed(2))}   target ≤ ${LOOP_RATIO_TARGET} ${verdict(ratios, (value) => value <= LOOP_RATIO_TARGET)}`,
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

const PARTS: Record<string, () => Promise<void>> = {
  loopback: throughput,
  handle: handleCost,
  "per-test": perTestCost,
  memory,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in PARTS));
if (unknown.length > 0) throw new Error(`unknown part(s): ${unknown.join(", ")}; parts: ${Object.keys(PARTS).join(", ")}`);
for (const [name, part] of Object.entries(PARTS)) if (chosen.length === 0 || chosen.includes(name)) await part();
