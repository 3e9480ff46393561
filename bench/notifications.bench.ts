/**
 * Notification benchmarks (run with `npm run bench notifications`):
 *
 * 1. The in-process cost of a ping that flips its check, which has four
 *    integrations (deliveries recorded, nothing sent), against a ping that
 *    flips nothing, both followed by `settled()` so the deliveries count.
 *    The two kinds alternate in rounds within one run, once a warm-up has
 *    filled the outbox; the ratio reported is the median of the rounds'
 *    flip / no-flip ratios (a figure, not a target: a test makes a handful
 *    of flips). A third line gives the cost of reading the records.
 *    Measured with four webhooks whose templates use `$JSON` and escaped
 *    placeholders (the engine and the renderers), and with four integrations
 *    of a kind the fake records without a request (the engine alone).
 * 2. The heap held after 100,000 deliveries: bounded by the outbox's limits,
 *    not by the number of deliveries made.
 */
import { FakeServer, type ChannelInit } from "@checks-api/fake-server";
import { heapBytes } from "./heap.js";
import { median } from "./rounds.js";

const ROUNDS = 9;
const PINGS_PER_ROUND = 10_000;
// Enough flips to fill the outbox (10000 records, four per flip) before the rounds: they measure the steady state of a long run.
const WARM_UP_PINGS = 3_000;
const MEMORY_DELIVERIES = 100_000;

const RECEIVER = "http://127.0.0.1:9/hook";
const WEBHOOK = JSON.stringify({
  method_down: "POST",
  url_down: `${RECEIVER}/down/$STATUS?name=$NAME&now=$NOW`,
  body_down: '{"check": "$CODE", "status": "$STATUS", "name": $NAME_JSON, "json": $JSON}',
  headers_down: { "Content-Type": "application/json", "X-Check": "$NAME $STATUS" },
  method_up: "GET",
  url_up: `${RECEIVER}/up?code=$CODE&status=$STATUS`,
  body_up: "",
  headers_up: {},
});

/** An integration: its kind and settings. */
type Integration = Required<Pick<ChannelInit, "kind" | "value">>;
const WEBHOOKS: Integration = { kind: "webhook", value: WEBHOOK };
// An integration without settings: the fake records its deliveries without rendering a request.
const SILENT: Integration = { kind: "pd", value: "" };

/** A fake in record-only mode with one check that has four integrations, and a ping sender for it. */
function fixture(integration: Integration) {
  const fake = new FakeServer({ seed: "bench", notifications: { delivery: "record" } });
  const project = fake.createProject({ name: "bench" });
  for (let i = 0; i < 4; i++) fake.addChannel(project.id, { ...integration, name: `${integration.kind} ${i}` });
  const check = fake.createCheck(project.id, { name: "Nightly backup", tags: "prod db", timeout: 3600, grace: 3600, channels: "*" });
  const uuid = check.ping_url!.split("/").pop()!;
  const success = new Request(`${fake.options.baseUrl}/ping/${uuid}`);
  const fail = new Request(`${fake.options.baseUrl}/ping/${uuid}/fail`);
  const ping = async (request: Request): Promise<void> => {
    const response = await fake.handle(request);
    if (response.status !== 200) throw new Error(`ping answered ${response.status}`);
    await fake.settled();
  };
  return { fake, success, fail, ping };
}

async function microsPerPing(run: () => Promise<void>, count: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await run();
  return Number(process.hrtime.bigint() - started) / 1_000 / count;
}

async function flipCost(integration: Integration, label: string): Promise<void> {
  const flipping = fixture(integration);
  const steady = fixture(integration);
  await steady.ping(steady.success);
  // Every ping of `flipping` alternates failure and success, so each one flips and notifies the four webhooks.
  let down = false;
  const flip = () => {
    down = !down;
    return flipping.ping(down ? flipping.fail : flipping.success);
  };
  const still = () => steady.ping(steady.success);
  await microsPerPing(flip, WARM_UP_PINGS);
  await microsPerPing(still, WARM_UP_PINGS);
  const flips: number[] = [];
  const stills: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      flips.push(await microsPerPing(flip, PINGS_PER_ROUND));
      stills.push(await microsPerPing(still, PINGS_PER_ROUND));
    } else {
      stills.push(await microsPerPing(still, PINGS_PER_ROUND));
      flips.push(await microsPerPing(flip, PINGS_PER_ROUND));
    }
  }
  const reading = process.hrtime.bigint();
  const records = flipping.fake.notifications();
  const readMicros = Number(process.hrtime.bigint() - reading) / 1_000;
  const requests = integration === WEBHOOKS ? 1 : 0;
  if (records.length === 0 || records.some((record) => record.error !== "" || record.requests.length !== requests)) {
    throw new Error("the flipping pings did not record their deliveries");
  }
  const ratio = median(flips.map((value, i) => value / (stills[i] as number)));
  console.log(
    `ping that flips a check with 4 ${label} (deliveries recorded) ${median(flips).toFixed(1)} µs, ping that flips nothing ${median(stills).toFixed(
      1,
    )} µs: ratio ${ratio.toFixed(2)}; rounds ${flips
      .map((value, i) => (value / (stills[i] as number)).toFixed(2))
      .join(" ")}`,
  );
  console.log(`  reading the ${records.length} records: ${(readMicros / 1000).toFixed(1)} ms, ${(readMicros / records.length).toFixed(2)} µs per record`);
}

async function outboxMemory(): Promise<void> {
  if (!globalThis.gc) console.log("(run with --expose-gc for exact memory figures)");
  const before = await heapBytes();
  const { fake, success, fail, ping } = fixture(WEBHOOKS);
  const limit = fake.options.notifications.outboxLimit;
  // Each ping flips the check and so makes four deliveries.
  let pings = 0;
  const measure = async (deliveries: number): Promise<number> => {
    for (; pings * 4 < deliveries; pings++) await ping(pings % 2 === 0 ? fail : success);
    fake.clearJournal();
    return (await heapBytes()) - before;
  };
  const started = Date.now();
  const atLimit = await measure(limit);
  const atEnd = await measure(MEMORY_DELIVERIES);
  const seconds = (Date.now() - started) / 1000;
  const kept = fake.notifications().length;
  console.log(
    `memory after ${MEMORY_DELIVERIES} deliveries (${seconds.toFixed(1)} s): ${(atEnd / 1024 / 1024).toFixed(1)} MiB held, ${kept} records kept ` +
      `(outbox limit ${limit}); after the first ${limit}: ${(atLimit / 1024 / 1024).toFixed(1)} MiB (bounded: ${atEnd < atLimit * 1.5 ? "yes" : "NO"})`,
  );
}

await flipCost(WEBHOOKS, "webhooks");
await flipCost(SILENT, "integrations recorded without a request");
await outboxMemory();
