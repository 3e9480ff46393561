import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Compat } from "@checks-api/schema";
import { FakeServer } from "@checks-api/fake-server";
import * as fetchEntry from "../src/fetch.js";
import { checkUuid, ChecksClient, ConflictError, ConnectionError, PingClient } from "../src/index.js";
import { FAKE_BASE, MODES } from "./fake-helpers.js";
import { RW_KEY as RW } from "./helpers.js";

/** The main paths, whichever transport carries them. */
async function mainPaths(client: Pick<ChecksClient, "checks" | "ping" | "pings" | "flips">, compat: Compat) {
  const created = await client.checks.create({ name: "transported", tags: "t" });
  const uuid = created.uuid;
  expect((await client.checks.list({ tag: "t" })).map((c) => c.name)).toEqual(["transported"]);
  expect(await client.checks.get(uuid)).toEqual(created);
  expect((await client.ping(uuid).success({ body: "hello" })).outcome).toBe("recorded");
  expect(await client.pings.body(uuid, 1)).toBe("hello");
  expect((await client.checks.update(uuid, { desc: "d" })).desc).toBe("d");
  await client.checks.pause(uuid);
  await client.checks.resume(uuid);
  await expect(client.checks.resume(uuid)).rejects.toBeInstanceOf(ConflictError);
  // Seed mode lists only changes between up and down; live also the first ping, the pause and the resume.
  expect((await client.flips.list(uuid)).map((flip) => flip.up)).toEqual(compat === "seed" ? [] : [0, 0, 1]);
  await client.checks.delete(uuid);
}

describe.each(MODES)("over real HTTP on 127.0.0.1 (%s)", (compat) => {
  const fake = new FakeServer({ compat });
  let url = "";
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const server = await fake.listen({ host: "127.0.0.1", port: 0 });
    url = server.url;
    close = server.close;
  });
  afterAll(() => close());

  it("runs the main paths with the default undici transport", async () => {
    const project = fake.createProject();
    await mainPaths(new ChecksClient({ apiKey: project.readWriteKey as string, baseUrl: `${url}/` }), compat);
  });

  it("runs the main paths with the global fetch", async () => {
    const project = fake.createProject();
    await mainPaths(new fetchEntry.ChecksClient({ apiKey: project.readWriteKey as string, baseUrl: url, fetch: globalThis.fetch }), compat);
  });

  it("sends the default user agent", async () => {
    const project = fake.createProject();
    const pings = new PingClient({ baseUrl: url });
    const uuid = checkUuid(fake.createCheck(project.id, {}));
    await pings.ping(uuid).success();
    const check = new ChecksClient({ apiKey: project.readWriteKey as string, baseUrl: url });
    const [ping] = await check.pings.list(uuid);
    expect(ping?.ua).toBe(`checks-api-sdk/${fetchEntry.SDK_VERSION}`);
  });

  it("sends only CORS-safelisted headers from the fetch entry, so browsers need no extra preflight allowance", async () => {
    const project = fake.createProject();
    const seen: Array<Record<string, string>> = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(Object.fromEntries(new Headers(init?.headers).entries()));
      return fetch(input, init);
    };
    const client = new fetchEntry.ChecksClient({ apiKey: project.readWriteKey as string, baseUrl: url, fetch: recordingFetch });
    const { uuid } = await client.checks.create({ name: "browser" });
    await client.ping(uuid).success({ body: "text" });
    await client.ping(uuid).log({ body: new Uint8Array([1, 2]) });
    const safelisted = new Set(["x-api-key", "content-type"]);
    for (const headers of seen) expect(Object.keys(headers).filter((name) => !safelisted.has(name))).toEqual([]);
    expect(seen.map((headers) => headers["content-type"])).toEqual([undefined, "text/plain; charset=utf-8", undefined]);
    expect(await client.pings.body(uuid, 1)).toBe("text");
  });
});

describe.each(MODES)("through msw with the fetch entry (%s)", (compat) => {
  const fake = new FakeServer({ compat, baseUrl: FAKE_BASE });
  const server = setupServer(...fake.handlers());
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("runs the main paths over an intercepted fetch", async () => {
    const project = fake.createProject();
    await mainPaths(fetchEntry.createClient({ apiKey: project.readWriteKey as string, baseUrl: FAKE_BASE }) as fetchEntry.ChecksClient, compat);
  });

  it("retries over an intercepted fetch when the fake drops the connection", async () => {
    const project = fake.createProject();
    const client = new fetchEntry.ReadOnlyChecksClient({
      apiKey: project.readOnlyKey as string,
      baseUrl: FAKE_BASE,
      retry: { initialDelayMs: 1 },
    });
    fake.inject({ operation: "listBadges", drop: true });
    const { response } = await client.badges.list().withResponse();
    expect(response.attempts).toBe(2);
  });
});

describe("with the fake's handle() as the fetch", () => {
  it("takes a network error given as a response (Response.error()) as a dropped connection, and retries", async () => {
    const fake = new FakeServer({ baseUrl: FAKE_BASE });
    const project = fake.createProject();
    const pings = new fetchEntry.PingClient({
      baseUrl: FAKE_BASE,
      fetch: (url, init) => fake.handle(new Request(url, init)),
      retry: { initialDelayMs: 1 },
      maxRetries: 1,
    });
    const uuid = checkUuid(fake.createCheck(project.id, {}));
    fake.inject({ operation: "ping", drop: true });
    expect((await pings.ping(uuid).success().withResponse()).response.attempts).toBe(2);
    fake.inject({ operation: "ping", drop: true, times: 2 });
    const error = await pings.ping(uuid).success().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(fetchEntry.ConnectionError);
    expect(error).toMatchObject({ requestSent: true });
  });
});

describe("through an undici MockAgent", () => {
  it("sends through a caller's dispatcher and classifies a refused connection", async () => {
    const { MockAgent } = await import("undici");
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get("https://hc.example.com");
    pool
      .intercept({ path: "/api/v3/channels/", method: "GET", headers: { "x-api-key": RW } })
      .reply(200, { channels: [] }, { headers: { "content-type": "application/json" } });
    pool.intercept({ path: "/api/v3/badges/", method: "GET" }).replyWithError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    const client = new ChecksClient({ apiKey: RW, baseUrl: "https://hc.example.com", dispatcher: agent, maxRetries: 0 });
    expect(await client.channels.list()).toEqual([]);
    const error = await client.badges.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).requestSent).toBe(false);
    await agent.close();
  });
});
