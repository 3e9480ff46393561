import { describe, expect, it } from "vitest";
import { BadRequestError, ChecksClient, PingClient } from "../src/index.js";
import { BASE, json, liveCheck, RW_KEY, stubTransport, UUID } from "./helpers.js";

function setup() {
  const stub = stubTransport(() => json(liveCheck()));
  const client = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stub.transport });
  return { client, requests: stub.requests };
}

async function rejection(promise: Promise<unknown>): Promise<BadRequestError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestError);
  return error as BadRequestError;
}

describe("inputs are checked before sending, with the service's messages", () => {
  it.each([
    [{ timeout: 59 }, "json validation error: timeout is too small"],
    [{ timeout: 31_536_001 }, "json validation error: timeout is too large"],
    [{ timeout: 3600.5 }, "json validation error: timeout is not a number"],
    [{ slug: "Upper" }, "json validation error: slug does not match pattern"],
    [{ tz: "utc" }, "json validation error: tz is not a valid timezone"],
    [{ methods: "post" }, "json validation error: methods has unexpected value"],
    [{ name: null }, "json validation error: name is not a string"],
  ])("create %j → %s", async (body, message) => {
    const { client, requests } = setup();
    const error = await rejection(client.checks.create(body as never));
    expect(error.errorText).toBe(message);
    expect(error.message).toContain(message);
    expect(error.status).toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it("validates update bodies too, and never sends unique on update", async () => {
    const { client, requests } = setup();
    await rejection(client.checks.update(UUID, { grace: 1 }));
    await client.checks.update(UUID, { name: "x", unique: ["name"] } as never);
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]?.body as string)).toEqual({ name: "x" });
  });

  it("rewrites legacy time-zone names before sending", async () => {
    const { client, requests } = setup();
    await client.checks.update(UUID, { tz: "Europe/Kiev" });
    expect(JSON.parse(requests[0]?.body as string)).toEqual({ tz: "Europe/Kyiv" });
  });

  it("rejects malformed check ids without sending", async () => {
    const { client, requests } = setup();
    for (const bad of ["", "not-a-uuid", `${UUID}/pause`, "../../channels/", `${UUID}x`]) {
      const error = await rejection(client.checks.get(bad));
      expect(error.errorText).toBe("invalid uuid format");
      await rejection(client.checks.delete(bad));
      await rejection(client.flips.list(bad));
    }
    expect(requests).toHaveLength(0);
  });

  it("lowercases an uppercase UUID", async () => {
    const { client, requests } = setup();
    await client.checks.pause(UUID.toUpperCase());
    expect(requests[0]?.url).toBe(`${BASE}/api/v3/checks/${UUID}/pause`);
  });

  it("encodes a unique_key so that it cannot reach another route", async () => {
    const { client, requests } = setup();
    const oddKey = `${"a".repeat(36)}[\\]^`;
    await client.checks.get(oddKey).catch(() => undefined);
    expect(requests[0]?.url).toBe(`${BASE}/api/v3/checks/${"a".repeat(36)}%5B%5C%5D%5E`);
  });

  it("checks flips filters against the service's bounds", async () => {
    const { client, requests } = setup();
    for (const filter of [{ seconds: -1 }, { seconds: 31_536_001 }, { start: 1.5 }, { end: new Date(Number.NaN) }]) {
      const error = await rejection(client.flips.list(UUID, filter));
      expect(error.errorText).toBe("invalid query parameters");
    }
    expect(requests).toHaveLength(0);
  });

  it("requires upsert bodies to carry their unique members", async () => {
    const { client, requests } = setup();
    await rejection(client.checks.upsert({ unique: ["name"] } as never));
    await rejection(client.checks.upsert({ name: "x", unique: [] } as never));
    expect(requests).toHaveLength(0);
  });

  it("rejects bad ping inputs: slug case, exit status, run id, ping number", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    const pings = new PingClient({ baseUrl: BASE, transport: stub.transport });
    expect((await rejection(pings.ping({ pingKey: "key", slug: "Backup" }).success())).errorText).toBe("invalid url format");
    expect((await rejection(pings.ping({ pingKey: "k/..", slug: "b" }).success())).errorText).toBe("invalid url format");
    for (const code of [256, -1, 1.5, Number.NaN, "3"]) {
      const error = await rejection(pings.ping(UUID).exitStatus(code as number));
      expect(error.errorText).toBe("exit status must be an integer from 0 to 255");
      expect(error.message).toBe("exit status must be an integer from 0 to 255 (POST /ping/{target})");
    }
    expect((await rejection(pings.ping(UUID).success({ rid: "nope" }))).errorText).toBe("invalid uuid format");
    await rejection(pings.ping(UUID).success({ method: "GET", body: "x" }));
    for (const body of [new ArrayBuffer(2), new Blob(["x"]), 12, { text: "x" }, null]) {
      const error = await rejection(pings.ping(UUID).log({ body: body as never }));
      expect(error.errorText).toBe("body must be text or bytes (a string, a typed array or a DataView)");
    }
    const { client } = setup();
    await rejection(client.pings.body(UUID, 0));
    expect(stub.requests).toHaveLength(0);
  });

  it("sends the bytes of any typed array as a ping body, and counts them in bytes against the limit", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK", headers: { "ping-body-limit": "4" } }));
    const pings = new PingClient({ baseUrl: BASE, transport: stub.transport });
    await pings.ping(UUID).log();
    const words = new Uint16Array([0x0102, 0x0304, 0x0506]).subarray(1);
    expect(await pings.ping(UUID).log({ body: words })).toMatchObject({ bodyTrimmed: false });
    expect(await pings.ping(UUID).log({ body: new Uint32Array([1, 2]) })).toMatchObject({ bodyTrimmed: true });
    expect([...(stub.requests[1]?.body as Uint8Array)]).toEqual([...new Uint8Array(words.buffer, 2, 4)]);
    expect((stub.requests[2]?.body as Uint8Array).byteLength).toBe(4);
  });

  it("sends tags repeated and omits an empty slug", async () => {
    const stub = stubTransport(() => json({ checks: [] }));
    const client = new ChecksClient({ apiKey: RW_KEY, baseUrl: `${BASE}/`, transport: stub.transport });
    await client.checks.list({ tag: ["a b", "c"], slug: "" });
    await client.checks.list({ tag: "prod", slug: "backup" });
    expect(stub.requests.map((r) => r.url)).toEqual([
      `${BASE}/api/v3/checks/?tag=a+b&tag=c`,
      `${BASE}/api/v3/checks/?tag=prod&slug=backup`,
    ]);
  });

  it("converts Date flips bounds to UNIX seconds", async () => {
    const stub = stubTransport(() => json({ flips: [] }));
    const client = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stub.transport });
    await client.flips.list(UUID, { start: new Date("2020-06-01T12:25:00.900Z"), end: 1591014400, seconds: 60 });
    expect(new URL(stub.requests[0]?.url ?? "").search).toBe("?seconds=60&start=1591014300&end=1591014400");
  });
});
