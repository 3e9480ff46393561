import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { call, START } from "./helpers.js";
import { webhook } from "./notify-helpers.js";

const HOOK = "http://hooks.example";

/** A test fetch whose `/hang` receiver never answers (until the attempt's signal aborts it), `/slow…` answers after 50 ms, others at once. */
function receivers() {
  const calls: string[] = [];
  const fetch = (request: Request): Promise<Response> => {
    const url = request.url;
    calls.push(new URL(url).pathname);
    if (url.includes("/slow")) return new Promise((resolve) => setTimeout(() => resolve(new Response("ok")), 50));
    if (!url.includes("/hang")) return Promise.resolve(new Response("ok"));
    return new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
  };
  return { calls, fetch };
}

/** A fake whose check `i` notifies the webhooks at `paths[i]` (in that order), going down to the path and up to the path plus `/up`. */
function fakeWith(
  paths: string[][],
  notifications: { workers?: number; attemptTimeoutMs?: number; queueLimit?: number; queueByteLimit?: number },
  fetch: ReturnType<typeof receivers>["fetch"],
) {
  const fake = new FakeServer({ clock: { start: START }, notifications: { fetch, ...notifications } });
  const project = fake.createProject({ checkLimit: 100 });
  const uuids = paths.map((own, i) => {
    const ids = own.map((path) => fake.addChannel(project.id, { kind: "webhook", name: path, value: webhook({ url: `${HOOK}${path}` }, { url: `${HOOK}${path}/up` }) }).id);
    return fake.createCheck(project.id, { name: `check ${i}`, channels: ids.join(",") }).ping_url!.split("/").pop()!;
  });
  const fail = (i: number) => fake.handle(new Request(`http://localhost:8000/ping/${uuids[i]}/fail`));
  return { fake, uuids, fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("a hanging receiver holds only its own flip", () => {
  it("a healthy receiver on another check gets its alert at once; the hanging flip's later channels wait for it", async () => {
    const { calls, fetch } = receivers();
    const { fake, fail } = fakeWith([["/hang", "/after-hang"], ["/healthy"]], { attemptTimeoutMs: 60_000 }, fetch);
    await fail(0);
    await fail(1);
    await tick();
    expect(calls).toEqual(["/hang", "/healthy"]);
    expect(fake.notifications().map((r) => [r.channel.name, r.error])).toEqual([
      ["/hang", "Sending"],
      ["/after-hang", "Sending"],
      ["/healthy", ""],
    ]);
    // The fake answers meanwhile.
    expect((await call(fake, "GET", "/api/v3/status/")).status).toBe(200);
    await fake.close();
    expect(fake.notifications().map((r) => [r.channel.name, r.error])).toEqual([
      ["/hang", "Delivery aborted: the fake server was closed"],
      ["/after-hang", "Delivery aborted: the fake server was closed"],
      ["/healthy", ""],
    ]);
  });

  it("hanging receivers on as many checks as there are workers less one hold nobody else; settled() waits three attempts, not one per receiver", async () => {
    const { calls, fetch } = receivers();
    const paths = [...Array.from({ length: 9 }, () => ["/hang"]), ["/healthy"]];
    const { fake, fail } = fakeWith(paths, { attemptTimeoutMs: 200 }, fetch);
    for (let i = 0; i < paths.length; i++) await fail(i);
    await tick();
    expect(calls.filter((path) => path === "/healthy")).toHaveLength(1);
    const started = performance.now();
    await fake.settled();
    // Every worker waits out its own receiver at the same time: three attempts of 200 ms, not 9 × 3 of them.
    expect(performance.now() - started).toBeLessThan(9 * 3 * 200);
    expect(fake.notifications().filter((r) => r.error === "Connection timed out")).toHaveLength(9);
    expect(calls.filter((path) => path === "/hang")).toHaveLength(9 * 3);
  });

  it("a healthy alert waits at most WORKER_WAIT_MS for a pool that receivers hanging on other checks hold, and the flips of those checks keep their order", async () => {
    const { calls, fetch } = receivers();
    const paths = [...Array.from({ length: 30 }, () => ["/hang"]), ["/healthy"]];
    const { fake, fail, uuids } = fakeWith(paths, { attemptTimeoutMs: 60_000 }, fetch);
    for (let i = 0; i < paths.length; i++) await fail(i);
    // A hanging check's up waits behind its down, whoever has a worker.
    await fake.handle(new Request(`http://localhost:8000/ping/${uuids[0]}`));
    const started = performance.now();
    while (!calls.includes("/healthy")) await tick();
    // Every hanging check has started too, each on its own worker past the pool's 10.
    expect(calls.filter((path) => path === "/hang")).toHaveLength(30);
    expect(calls).not.toContain("/hang/up");
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(fake.notifications({ check: uuids[30] })[0]!.error).toBe("");
    await fake.close();
    // Aborted flips are not processed: a state saved now delivers them again after a restart.
    expect(fake.exportState().checks[0]!.flips.map((flip) => flip.processed)).toEqual([false, false]);
    expect(fake.exportState().checks[30]!.flips.map((flip) => flip.processed)).toEqual([true]);
  });

  it("holds at most queueLimit deliveries for sending, and records the others with an error, sending nothing", async () => {
    const { calls, fetch } = receivers();
    const { fake, fail, uuids } = fakeWith([["/hang", "/after-hang"], ["/other"], ["/third"]], { attemptTimeoutMs: 60_000, queueLimit: 2 }, fetch);
    await fail(0);
    await fail(1);
    await fail(2);
    await tick();
    expect(calls).toEqual(["/hang"]);
    const full = "Not sent: the fake's delivery queue is full (notifications.queueLimit or queueByteLimit)";
    expect(fake.notifications().map((r) => [r.channel.name, r.error])).toEqual([
      ["/hang", "Sending"],
      ["/after-hang", "Sending"],
      ["/other", full],
      ["/third", full],
    ]);
    // A refused delivery is the integration's last error, and its flip is done: nothing is left to send.
    expect(fake.channels(fake.projects()[0]!.id).find((c) => c.name === "/other")!.lastError).toBe(full);
    expect(fake.exportState().checks.find((c) => c.uuid === uuids[1])!.flips[0]!.processed).toBe(true);
    await fake.close();
    // Once the queue has room again, deliveries are held and sent.
    await fake.handle(new Request(`http://localhost:8000/ping/${uuids[1]}`));
    await fake.settled();
    expect(calls).toEqual(["/hang", "/other/up"]);
  });

  it("bounds the bytes held for sending: a delivery that would pass queueByteLimit is refused", async () => {
    const { fetch } = receivers();
    const fake = new FakeServer({ clock: { start: START }, notifications: { fetch, attemptTimeoutMs: 60_000, queueByteLimit: 150_000 } });
    const project = fake.createProject();
    const big = webhook({ url: `${HOOK}/hang`, body: "$NAME".repeat(100) }, { url: `${HOOK}/hang`, body: "$NAME".repeat(100) });
    fake.addChannel(project.id, { kind: "webhook", value: big });
    const uuid = fake.createCheck(project.id, { name: "n".repeat(100), channels: "*" }).ping_url!.split("/").pop()!;
    // Each delivery renders about 10 kB and may come to hold ten times that: the first fits, the second does not.
    await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`));
    await fake.handle(new Request(`http://localhost:8000/ping/${uuid}`));
    expect(fake.notifications().map((r) => r.error)).toEqual(["Sending", expect.stringMatching(/^Not sent: the fake's delivery queue is full/)]);
    await fake.close();
  });

  it("flips past the worker bound wait for a free worker", async () => {
    const { calls, fetch } = receivers();
    const { fake, fail } = fakeWith([["/hang"], ["/a"]], { workers: 1, attemptTimeoutMs: 60_000 }, fetch);
    await fail(0);
    await fail(1);
    await tick();
    expect(calls).toEqual(["/hang"]);
    await fake.close();
    // close() aborts the flip waiting for the worker too: it is recorded, never sent.
    expect(calls).toEqual(["/hang"]);
    expect(fake.notifications().map((r) => r.error)).toEqual(Array(2).fill("Delivery aborted: the fake server was closed"));
    expect(() => new FakeServer({ notifications: { workers: 0 } })).toThrow(/notifications\.workers must be at least 1/);
    expect(() => new FakeServer({ notifications: { queueLimit: 0 } })).toThrow(/notifications\.queueLimit must be at least 1/);
  });
});

describe("the flips of one check", () => {
  it("are sent in order: its up after every request of its down", async () => {
    const { calls, fetch } = receivers();
    const { fake, fail, uuids } = fakeWith([["/slow", "/next"]], {}, fetch);
    await fail(0);
    await fake.handle(new Request(`http://localhost:8000/ping/${uuids[0]}`));
    await fake.settled();
    expect(calls).toEqual(["/slow", "/next", "/slow/up", "/next/up"]);
  });
});

describe("after settled(), nothing is scheduled", () => {
  it("leaves no timer or immediate behind, in every delivery mode", async () => {
    for (const notifications of [{ delivery: "record" as const }, { fetch: receivers().fetch }]) {
      const before = process.getActiveResourcesInfo().filter((kind) => kind === "Immediate" || kind === "Timeout").length;
      const fake = new FakeServer({ notifications });
      const project = fake.createProject();
      fake.addChannel(project.id, { kind: "webhook", value: webhook({ url: `${HOOK}/down`, body: "$JSON" }) });
      const uuid = fake.createCheck(project.id, { channels: "*" }).ping_url!.split("/").pop()!;
      await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`));
      await fake.settled();
      expect(fake.notifications()[0]!.error).toBe("");
      const after = process.getActiveResourcesInfo().filter((kind) => kind === "Immediate" || kind === "Timeout").length;
      expect(after, JSON.stringify(notifications)).toBe(before);
    }
  });
});
