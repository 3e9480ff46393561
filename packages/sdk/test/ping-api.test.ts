import { describe, expect, expectTypeOf, it } from "vitest";
import { BadRequestError, ChecksClient, PingClient } from "../src/index.js";
import { prepareBody } from "../src/ping/ping-body.js";
import { ENTRIES, setupEntry } from "./entries.js";
import { FAKE_BASE, MODES, setupFake } from "./fake-helpers.js";

describe.each(MODES)("ping API against the fake (%s)", (compat) => {
  it("sends every signal by UUID with POST, and says what happened", async () => {
    const { client, pings } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "sig" })).uuid;
    const target = pings.ping(uuid);
    expect(await target.start()).toEqual({ outcome: "recorded", ok: true, status: 200, bodyTrimmed: false });
    await target.log({ body: "halfway" });
    await target.fail();
    await target.exitStatus(0);
    await target.exitStatus(3);
    await target.success({ rid: "5A6B8C9D-1111-4222-8333-444455556666" });
    const log = await client.pings.list(uuid);
    expect(log.map((p) => p.type)).toEqual(["success", "fail", "success", "fail", "log", "start"]);
    expect(log.every((p) => p.method === "POST")).toBe(true);
    expect(log[0]?.rid).toBe("5a6b8c9d-1111-4222-8333-444455556666");
    expect((await client.checks.get(uuid)).n_pings).toBe(6);
  });

  it("returns not-found for an unknown UUID instead of throwing", async () => {
    const { pings } = setupFake({ compat });
    const result = await pings.ping("00000000-0000-4000-8000-000000000000").success();
    expect(result).toMatchObject({ outcome: "not-found", ok: false, status: 404 });
  });

  it("reads a 200 with a qualified OK as not recorded, as the hosted service answers UUID pings it drops", async () => {
    const { fake, pings } = setupFake({ compat, pingBodyLimit: 10 });
    const uuid = "00000000-0000-4000-8000-000000000000";
    const answers = [
      ["OK (not found)", "not-found"],
      ["OK (rate limited)\n", "rate-limited"],
      ["OK (some other reason)", "ignored"],
    ] as const;
    for (const [body, outcome] of answers) {
      fake.inject({ operation: "ping", status: 200, body });
      expect(await pings.ping(uuid).success(), body).toEqual({ outcome, ok: false, status: 200, bodyTrimmed: false });
    }
    // A limit is learned only from an answer that recorded the ping.
    expect(pings.pingBodyLimit).toBeUndefined();
    expect((await pings.ping(uuid).log({ body: "x".repeat(20_000) })).bodyTrimmed).toBe(true);
  });

  it("pings by slug: created with create=1, recorded, not-found, ambiguous", async () => {
    const { client, project, pings } = setupFake({ compat });
    const pingKey = project.pingKey;
    expect(await pings.ping({ pingKey, slug: "fresh" }).success()).toMatchObject({ outcome: "not-found" });
    expect(await pings.ping({ pingKey, slug: "fresh", create: true }).success()).toMatchObject({ outcome: "created", status: 201 });
    expect(await pings.ping({ pingKey, slug: "fresh", create: true }).start()).toMatchObject({ outcome: "recorded", status: 200 });
    await client.checks.create({ name: "twin 1", slug: "twin" });
    await client.checks.create({ name: "twin 2", slug: "twin" });
    expect(await pings.ping({ pingKey, slug: "twin" }).success()).toMatchObject({ outcome: "ambiguous", status: 409, ok: false });
  });

  it("learns the body limit and then sends the tail of long bodies", async () => {
    const { client, pings } = setupFake({ compat, pingBodyLimit: 10 });
    const uuid = (await client.checks.create({ name: "body" })).uuid;
    expect(pings.pingBodyLimit).toBeUndefined();
    expect((await pings.ping(uuid).log({ body: "0123456789abcdef" })).bodyTrimmed).toBe(false);
    expect(pings.pingBodyLimit).toBe(10);
    expect((await pings.ping(uuid).fail({ body: "0123456789abcdef" })).bodyTrimmed).toBe(true);
    expect(await client.pings.body(uuid, 1)).toBe("0123456789");
    expect(await client.pings.body(uuid, 2)).toBe("6789abcdef");
    expect(client.pingBodyLimit).toBeUndefined(); // each client learns it from its own pings
    await client.ping(uuid).log();
    expect(client.pingBodyLimit).toBe(10);
  });

  it("monitors a job: start, then success or failure with the error text", async () => {
    const { client } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "monitored" })).uuid;
    const rids: string[] = [];
    expect(await client.monitor(uuid, ({ rid }) => (rids.push(rid), "done"))).toBe("done");
    expect(await client.monitor(uuid, async () => 2)).toBe(2);
    const boom = new Error("disk full");
    await expect(
      client.monitor(uuid, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    const log = await client.pings.list(uuid);
    expect(log.map((p) => p.type)).toEqual(["fail", "start", "success", "start", "success", "start"]);
    expect(log[5]?.rid).toBe(rids[0]);
    expect(log[4]?.rid).toBe(rids[0]);
    expect(new Set(log.map((p) => p.rid)).size).toBe(3);
    expect(await client.pings.body(uuid, 6)).toContain("disk full");
  });

  it("keeps running the job when the monitoring service is unreachable", async () => {
    const unreachable = new PingClient({ pingEndpoint: "http://127.0.0.1:9/ping/", maxRetries: 0 });
    const errors: string[] = [];
    const result = await unreachable.monitor("00000000-0000-4000-8000-000000000000", () => 42, {
      onPingError: (_error, signal) => errors.push(signal),
    });
    expect(result).toBe(42);
    expect(errors).toEqual(["start", "finish"]);
  });

  it("uses the configured ping endpoint of a client", async () => {
    const { fake, project } = setupFake({ compat });
    const client = new ChecksClient({
      apiKey: project.readWriteKey as string,
      baseUrl: FAKE_BASE,
      pingEndpoint: `${FAKE_BASE}/ping`,
      dispatcher: fake.dispatcher(),
    });
    const uuid = (await client.checks.create({})).uuid;
    expect((await client.ping(uuid).success()).outcome).toBe("recorded");
    expect(client.pingBodyLimit).toBe(10_000);
  });
});

describe.each(ENTRIES)("an unreadable Ping-Body-Limit through $name", (entry) => {
  // The service writes the limit as a plain decimal integer; anything else says nothing.
  const ODD = ["1e4", "10000, 10000", "-5", "", "0x10", "10.5", "+10", "99999999999999999999"];

  it.each(ODD)("%j announces no limit: the documented default applies until a readable one comes", async (value) => {
    const { fake, client, pings } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "odd limit" })).uuid;
    fake.inject({ operation: "ping", status: 200, body: "OK", headers: { "ping-body-limit": value } });
    expect((await pings.ping(uuid).log()).ok).toBe(true);
    expect(pings.pingBodyLimit).toBeUndefined();
    expect((await pings.ping(uuid).log({ body: "x".repeat(10_001) })).bodyTrimmed).toBe(true);
    // The injected answer replaced the first ping, so this is the first one logged.
    expect((await client.pings.body(uuid, 1))?.length).toBe(10_000);
  });

  it("keeps a limit announced earlier", async () => {
    const { fake, client, pings } = setupEntry(entry, { pingBodyLimit: 10 });
    const uuid = (await client.checks.create({ name: "odd limit later" })).uuid;
    await pings.ping(uuid).log();
    fake.inject({ operation: "ping", status: 200, body: "OK", headers: { "ping-body-limit": "1e4" } });
    await pings.ping(uuid).log();
    expect(pings.pingBodyLimit).toBe(10);
    expect((await pings.ping(uuid).log({ body: "0123456789abc" })).bodyTrimmed).toBe(true);
  });
});

describe("body trimming", () => {
  it("keeps the last bytes, starting on a character boundary", () => {
    const { bytes, trimmed } = prepareBody("ééé", 3);
    expect(trimmed).toBe(true);
    expect(new TextDecoder().decode(bytes)).toBe("é");
    expect(prepareBody(new Uint8Array([1, 2, 3, 4]), 2).bytes).toEqual(new Uint8Array([3, 4]));
    expect(prepareBody("short", undefined).trimmed).toBe(false);
  });
});

describe("the announced body limit", () => {
  it("has one name on both clients that ping", () => {
    expectTypeOf<PingClient["pingBodyLimit"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ChecksClient["pingBodyLimit"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PingClient>().not.toHaveProperty("bodyLimit");
  });
});

describe("a missing ping target", () => {
  it.each([
    [undefined, /the check to ping is missing \(undefined\): pass its UUID, or \{ pingKey, slug \}/],
    ["", /the check to ping is missing \(an empty string\)/],
    [{ pingKey: undefined, slug: "backups" }, /the ping key of the check to ping is missing \(undefined\)/],
    [{ pingKey: "k".repeat(22), slug: undefined }, /the slug of the check to ping is missing \(undefined\)/],
  ])("%j is a BadRequestError that says what is missing, sent nowhere", async (target, message) => {
    const { fake, pings } = setupFake({ compat: "live" });
    const before = fake.journal().length;
    // As from an unset environment variable: `pings.ping(process.env.CHECK_UUID!)`.
    const error = await pings.ping(target as unknown as string).success().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errorText).toMatch(message);
    expect((error as Error).message).toMatch(/environment variable unset/);
    expect(fake.journal().length).toBe(before);
  });
});
