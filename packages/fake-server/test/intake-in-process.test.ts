import { Readable } from "node:stream";
import { setupServer } from "msw/node";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { countedStream } from "./intake-helpers.js";

const BASE = "http://localhost:8000";
const MIB = 1024 * 1024;
// 64 MiB in 64 KiB chunks: the management limit (2.5 MiB) is passed after 40.
const CHUNKS = 1024;
const CHUNK = 64 * 1024;
// 1.9 MiB: a ping body the framework's upload limit lets through.
const UNDER_LIMIT = 30;

function started(compat: "seed" | "live" = "seed") {
  const fake = new FakeServer({ compat, clock: { start: "2020-01-01T00:00:00Z" } });
  const project = fake.createProject();
  const uuid = fake.createCheck(project.id, { name: "intake" }).ping_url.split("/").at(-1) as string;
  return { fake, uuid, key: project.readWriteKey as string };
}

function failing(afterChunks: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === afterChunks) controller.error(new Error("client went away"));
      else controller.enqueue(new Uint8Array(1000).fill(0x61));
    },
  });
}

async function* generated(count: number, size: number, pulled: { n: number }): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) {
    pulled.n++;
    yield new Uint8Array(size).fill(0x61);
  }
}

function streamed(method: string, url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex: "half" } = { method, headers, body, duplex: "half" };
  return new Request(url, init);
}

async function pingCount(fake: FakeServer, uuid: string, key: string): Promise<number> {
  const response = await fake.handle(new Request(`${BASE}/api/v3/checks/${uuid}`, { headers: { "X-Api-Key": key } }));
  return ((await response.json()) as { n_pings: number }).n_pings;
}

async function storedPingBody(fake: FakeServer, uuid: string, key: string): Promise<string> {
  const response = await fake.handle(new Request(`${BASE}/api/v3/checks/${uuid}/pings/1/body`, { headers: { "X-Api-Key": key } }));
  return response.text();
}

describe("handle(): body intake", () => {
  it.each(["seed", "live"] as const)("refuses a 64 MiB management body after reading past the limit only (%s)", async (compat) => {
    const s = started(compat);
    const body = countedStream(CHUNKS, CHUNK);
    const response = await s.fake.handle(streamed("POST", `${BASE}/api/v3/checks/`, body.stream, { "X-Api-Key": s.key }));
    expect(response.status).toBe(400);
    expect(body.pulled()).toBeLessThanOrEqual(Math.ceil(2_621_440 / CHUNK) + 1);
  });

  it("keeps pingBodyLimit bytes of a ping body under the upload limit, drains the rest and records its length", async () => {
    const s = started();
    const body = countedStream(UNDER_LIMIT, CHUNK);
    const response = await s.fake.handle(streamed("POST", `${BASE}/ping/${s.uuid}`, body.stream));
    expect(response.status).toBe(200);
    expect(body.pulled()).toBe(UNDER_LIMIT);
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "ping", bodyLength: UNDER_LIMIT * CHUNK });
    expect((await storedPingBody(s.fake, s.uuid, s.key)).length).toBe(10_000);
  });

  it("refuses a 64 MiB ping body once past the upload limit, recording no ping", async () => {
    const s = started();
    const body = countedStream(CHUNKS, CHUNK);
    const response = await s.fake.handle(streamed("POST", `${BASE}/ping/${s.uuid}`, body.stream));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("<title>Bad Request (400)</title>");
    expect(body.pulled()).toBeLessThanOrEqual(Math.ceil(2_621_440 / CHUNK) + 1);
    expect(await pingCount(s.fake, s.uuid, s.key)).toBe(0);
  });

  it("drops the request whose body stream fails: a network error, no 5xx, nothing recorded", async () => {
    const s = started();
    const ping = await s.fake.handle(streamed("POST", `${BASE}/ping/${s.uuid}/fail`, failing(3)));
    expect(ping.type).toBe("error");
    const create = await s.fake.handle(streamed("POST", `${BASE}/api/v3/checks/`, failing(0), { "X-Api-Key": s.key }));
    expect(create.type).toBe("error");
    const control = await s.fake.handle(streamed("POST", `${BASE}/__fake/projects`, failing(1), { "Content-Type": "application/json" }));
    expect(control.status).toBe(400);
    expect(s.fake.journal().map((entry) => entry.status)).toEqual([0, 0]);
    expect(s.fake.exportState().checks).toHaveLength(1);
    expect(await pingCount(s.fake, s.uuid, s.key)).toBe(0);
  });
});

describe("undici dispatcher: body intake", () => {
  it("refuses a management body from a generator without pulling the rest", async () => {
    const s = started("live");
    const pulled = { n: 0 };
    const response = await request(`${BASE}/api/v3/checks/`, {
      dispatcher: s.fake.dispatcher(),
      method: "POST",
      headers: { "X-Api-Key": s.key },
      body: Readable.from(generated(CHUNKS, CHUNK, pulled)),
    });
    expect(response.statusCode).toBe(400);
    expect(await response.body.text()).toContain("Bad Request (400)");
    // The limit's worth, and what the stream reads ahead.
    expect(pulled.n).toBeLessThan(100);
  });

  it("drains a ping body from a generator and keeps its first bytes", async () => {
    const s = started();
    const pulled = { n: 0 };
    const response = await request(`${BASE}/ping/${s.uuid}`, {
      dispatcher: s.fake.dispatcher(),
      method: "POST",
      body: Readable.from(generated(UNDER_LIMIT, CHUNK, pulled)),
    });
    expect(response.statusCode).toBe(200);
    await response.body.text();
    expect(pulled.n).toBe(UNDER_LIMIT);
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "ping", bodyLength: UNDER_LIMIT * CHUNK });
    expect((await storedPingBody(s.fake, s.uuid, s.key)).length).toBe(10_000);
  });

  it("refuses a ping body from a generator past the upload limit without pulling the rest", async () => {
    const s = started();
    const pulled = { n: 0 };
    const response = await request(`${BASE}/ping/${s.uuid}`, {
      dispatcher: s.fake.dispatcher(),
      method: "POST",
      body: Readable.from(generated(CHUNKS, CHUNK, pulled)),
    });
    expect(response.statusCode).toBe(400);
    expect(await response.body.text()).toContain("Bad Request (400)");
    expect(pulled.n).toBeLessThan(CHUNKS);
    expect(await pingCount(s.fake, s.uuid, s.key)).toBe(0);
  });

  it("fails the request whose body fails, and records no ping", async () => {
    const s = started();
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(10);
      throw new Error("disk error");
    }
    await expect(
      request(`${BASE}/ping/${s.uuid}`, { dispatcher: s.fake.dispatcher(), method: "POST", body: Readable.from(broken()) }),
    ).rejects.toThrow();
    expect(await pingCount(s.fake, s.uuid, s.key)).toBe(0);
  });
});

describe("msw: body intake", () => {
  const s = started("seed");
  const mocks = setupServer(...s.fake.handlers());
  beforeAll(() => mocks.listen({ onUnhandledRequest: "error" }));
  afterAll(() => mocks.close());

  it("refuses a streamed management body early", async () => {
    const body = countedStream(CHUNKS, CHUNK);
    const response = await fetch(streamed("POST", `${BASE}/api/v3/checks/`, body.stream, { "X-Api-Key": s.key }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "could not parse request body" });
    expect(body.pulled()).toBeLessThan(CHUNKS);
  });

  it("keeps the first bytes of a streamed ping body and records its length; refuses one past the upload limit", async () => {
    const body = countedStream(UNDER_LIMIT, CHUNK);
    const response = await fetch(streamed("POST", `${BASE}/ping/${s.uuid}`, body.stream));
    expect(response.status).toBe(200);
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "ping", bodyLength: UNDER_LIMIT * CHUNK });
    expect((await storedPingBody(s.fake, s.uuid, s.key)).length).toBe(10_000);
    const huge = countedStream(CHUNKS / 4, CHUNK);
    const refused = await fetch(streamed("POST", `${BASE}/ping/${s.uuid}`, huge.stream));
    expect(refused.status).toBe(400);
    expect(huge.pulled()).toBeLessThan(CHUNKS / 4);
    expect(await pingCount(s.fake, s.uuid, s.key)).toBe(1);
  });
});
