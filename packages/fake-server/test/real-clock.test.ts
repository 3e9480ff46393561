/**
 * Time alone drives a fake on a real clock: a check goes down when it is
 * due and its deliveries start then, with no request. The service's
 * shortest period plus grace is two minutes, so each test pings, then
 * moves the real clock to a second or less before the check is due, and
 * waits (with no request) for what time alone does.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FakeServer } from "../src/index.js";
import { DAY, MINUTE } from "./helpers.js";
import { ping, setupCatching, webhook } from "./notify-helpers.js";
import { startReceiver } from "./notify-receiver.js";

const HOOK = "http://hooks.test/alert";
const PERIOD = { timeout: 60, grace: 60 };
const DOWN_AFTER_MS = 2 * MINUTE;

// Taken before any test fakes the globals.
const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, ms));

const fakes: FakeServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** A real-clock fake with a webhook on every check, and one check pinged now. */
async function pingedCheck() {
  const s = setupCatching(undefined, { clock: { mode: "real" } });
  fakes.push(s.fake);
  s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: HOOK, body: "$NAME is $STATUS" }, { url: HOOK, body: "$NAME is $STATUS" }) });
  const uuid = await s.create({ name: "nightly", ...PERIOD, channels: "*" });
  expect(await ping(s, uuid)).toBe(200);
  return { ...s, uuid, pingedAt: s.fake.pings(uuid)[0]!.at };
}

/** Resolves once `done()` holds, polling on real time without asking the fake anything. */
async function until(done: () => boolean, limitMs = 10_000): Promise<void> {
  const end = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > end) throw new Error(`not done within ${limitMs} ms`);
    await sleep(10);
  }
}

describe("a fake on a real clock", () => {
  test("records a check down when it is due and sends its alert, with no request in between", async () => {
    const s = await pingedCheck();
    const journalled = s.fake.journal().length;
    // 300 ms before the check is due.
    s.fake.clock.advance(DOWN_AFTER_MS - 300);
    const revision = s.fake.revision;
    expect(s.caught).toEqual([]);
    await until(() => s.caught.length > 0);
    expect(s.caught.map((request) => request.body)).toEqual(["nightly is down"]);
    expect(s.fake.revision).toBeGreaterThan(revision);
    // No request reached the fake meanwhile: time alone did it.
    expect(s.fake.journal()).toHaveLength(journalled);
    const [record] = s.fake.notifications({ check: s.uuid });
    // Dated when it was due, and sent then: the record is rendered (and timed) once the flip is found.
    expect(record!.flip).toEqual({ status: "down", reason: "timeout", time: new Date(s.pingedAt + DOWN_AFTER_MS).toISOString() });
    expect(Date.parse(record!.time) - Date.parse(record!.flip.time)).toBeLessThan(1000);
  });

  test("sends nothing before the check is due", async () => {
    const s = await pingedCheck();
    s.fake.clock.advance(DOWN_AFTER_MS - 1000);
    const revision = s.fake.revision;
    await sleep(300);
    expect(s.caught).toEqual([]);
    expect(s.fake.revision).toBe(revision);
    expect(s.fake.notifications()).toEqual([]);
  });

  test("sets its timer again on every change: a ping pushes the alert back, a move of the clock brings it forward", async () => {
    const s = await pingedCheck();
    s.fake.clock.advance(DOWN_AFTER_MS - 300);
    // A ping now pushes the check's down moment two minutes on: the timer set for the old one must not flip it.
    expect(await ping(s, s.uuid)).toBe(200);
    await sleep(600);
    expect(s.caught).toEqual([]);
    expect(s.fake.notifications()).toEqual([]);
    s.fake.clock.advance(DOWN_AFTER_MS - 600);
    await until(() => s.caught.length > 0);
    expect(s.caught.map((request) => request.body)).toEqual(["nightly is down"]);
  });

  test("fires for a check an imported state document holds, when it comes due", async () => {
    const s = await pingedCheck();
    const state = s.fake.exportState();
    const other = new FakeServer({ clock: { mode: "real", start: Date.now() + DOWN_AFTER_MS - 200 }, notifications: { delivery: "record" } });
    fakes.push(other);
    other.importState(state);
    expect(other.notifications()).toEqual([]);
    await until(() => other.notifications().length > 0);
    expect(other.notifications()[0]!.flip).toMatchObject({ status: "down", reason: "timeout" });
  });

  test("is not held back by a test's fake timers, whose globals the fake does not use", async () => {
    const s = await pingedCheck();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "setInterval", "clearInterval"] });
    s.fake.clock.advance(DOWN_AFTER_MS - 200);
    // Nothing advances the faked timers: the fake's own must fire on real time.
    await until(() => s.caught.length > 0);
    vi.useRealTimers();
    expect(s.caught.map((request) => request.body)).toEqual(["nightly is down"]);
  });

  test("close() clears the timer: nothing happens once closed, and a later change sets it again", async () => {
    const s = await pingedCheck();
    s.fake.clock.advance(DOWN_AFTER_MS - 200);
    await s.fake.close();
    const revision = s.fake.revision;
    await sleep(500);
    expect(s.fake.revision).toBe(revision);
    expect(s.caught).toEqual([]);
    // The fake still works after close(): any change catches up with time and sets the timer again.
    s.fake.createProject();
    await until(() => s.caught.length > 0);
    expect(s.caught.map((request) => request.body)).toEqual(["nightly is down"]);
  });

  test("waits out a check due later than a timer's longest delay (about 24.8 days) without firing early", async () => {
    const s = setupCatching(undefined, { clock: { mode: "real" } });
    fakes.push(s.fake);
    s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: HOOK }) });
    const uuid = await s.create({ timeout: 365 * 86_400, grace: 60, channels: "*" });
    expect(await ping(s, uuid)).toBe(200);
    const revision = s.fake.revision;
    // A delay past 2^31 − 1 ms given to setTimeout as it is fires at once (Node warns), and again, and again.
    const warnings: string[] = [];
    const warned = (warning: Error): void => void warnings.push(warning.name);
    process.on("warning", warned);
    await sleep(200);
    process.off("warning", warned);
    expect(warnings).toEqual([]);
    expect(s.fake.revision).toBe(revision);
    s.fake.clock.advance(365 * DAY + MINUTE - 200);
    await until(() => s.caught.length > 0);
    expect(s.fake.notifications({ check: uuid })[0]!.flip).toMatchObject({ status: "down", reason: "timeout" });
  });
});

describe("a real-clock fake served with listen()", () => {
  test("sends the alert over HTTP when the check is due, while nothing but time passes", async () => {
    const receiver = await startReceiver();
    const fake = new FakeServer({ clock: { mode: "real" } });
    fakes.push(fake);
    const server = await fake.listen({ port: 0 });
    try {
      const project = fake.createProject();
      fake.addChannel(project.id, { kind: "webhook", value: webhook({ url: `${receiver.url}/down`, body: "$NAME is $STATUS" }) });
      const check = fake.createCheck(project.id, { name: "export", ...PERIOD, channels: "*" });
      expect((await fetch(`${server.url}/ping/${check.uuid}`)).status).toBe(200);
      fake.clock.advance(DOWN_AFTER_MS - 300);
      await until(() => receiver.received.length > 0);
      expect(receiver.received.map((request) => request.body.toString())).toEqual(["export is down"]);
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});

describe("a fake on a virtual clock", () => {
  test("keeps still: nothing happens as real time passes, and moving it records and delivers the flip at once", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: HOOK, body: "$STATUS" }) });
    const uuid = await s.create({ ...PERIOD, channels: "*" });
    await ping(s, uuid);
    const revision = s.fake.revision;
    await sleep(100);
    expect(s.fake.revision).toBe(revision);
    s.fake.clock.advance(DOWN_AFTER_MS);
    expect(s.fake.notifications({ check: uuid }).map((record) => record.flip.status)).toEqual(["down"]);
    await s.fake.settled();
    expect(s.caught.map((request) => request.body)).toEqual(["down"]);
  });
});

describe("checks()", () => {
  test("starts the deliveries of the flips it records, as any request would", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: HOOK, body: "$STATUS" }) });
    const uuid = await s.create({ name: "slow", timeout: 3600, grace: 60, channels: "*" });
    await ping(s, uuid);
    s.fake.clock.advance(10 * MINUTE);
    // Shortening the period leaves the check overdue, found by whatever looks next.
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { timeout: 60 } })).status).toBe(200);
    const revision = s.fake.revision;
    expect(s.fake.notifications()).toEqual([]);
    expect(s.fake.checks(s.project.id)[0]).toMatchObject({ name: "slow", status: "down" });
    expect(s.fake.revision).toBeGreaterThan(revision);
    expect(s.fake.notifications({ check: uuid }).map((record) => [record.flip.status, record.error])).toEqual([["down", "Sending"]]);
    await until(() => s.caught.length > 0);
    expect(s.caught.map((request) => request.body)).toEqual(["down"]);
    // A read with nothing to record changes nothing.
    const after = s.fake.revision;
    s.fake.checks(s.project.id);
    expect(s.fake.revision).toBe(after);
  });
});

describe("a process using a real-clock fake", () => {
  test("exits once its own work is done: the fake's timer does not hold it open", async () => {
    const script = `
      import { FakeServer } from ${JSON.stringify(fileURLToPath(new URL("../src/index.ts", import.meta.url)))};
      const fake = new FakeServer({ clock: { mode: "real" } });
      const project = fake.createProject();
      const check = fake.createCheck(project.id, { timeout: 3600 });
      const answer = await fake.handle(new Request(check.ping_url));
      console.log("pinged", answer.status);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], { stdio: "pipe" });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const exit = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(out.trim()).toBe("pinged 200");
    expect(exit).toBe(0);
  }, 60_000);
});
