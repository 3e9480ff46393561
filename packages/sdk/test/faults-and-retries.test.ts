import { describe, expect, it } from "vitest";
import {
  checkUuid,
  ChecksClient,
  ConflictError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  undiciTransport,
  type DebugEvent,
} from "../src/index.js";
import { TransportFailure, type Transport } from "../src/transport/types.js";
import { FAKE_BASE, FAST, setupFake } from "./fake-helpers.js";
import { failure } from "./helpers.js";

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe("retries, Retry-After, timeouts and drops with the fake's fault injection", () => {
  it("retries a read through injected 503s", async () => {
    const { client, fake } = setupFake();
    const uuid = (await client.checks.create({ name: "r" })).uuid;
    fake.clearJournal();
    fake.inject({ operation: "getCheck", status: 503, times: 2 });
    const { data, response } = await client.checks.get(uuid).withResponse();
    expect(data.name).toBe("r");
    expect(response.attempts).toBe(3);
    expect(fake.journal().map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it("honours Retry-After on 429 (scaled down for the test)", async () => {
    const { sleep, delays } = recordingSleep();
    const { client, fake } = setupFake({}, { retry: { retryAfterScale: 0.001, sleep } });
    fake.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "1" } });
    expect(await client.checks.list()).toEqual([]);
    expect(delays).toEqual([1]);
  });

  it("gives up with RateLimitError after maxRetries", async () => {
    const { client, fake } = setupFake({}, { maxRetries: 1 });
    fake.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "1" }, times: Infinity });
    const error = await failure<RateLimitError>(client.checks.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(1);
    expect(fake.journal()).toHaveLength(2);
  });

  it("does not repeat a create without unique after a 503, and says it may have been applied", async () => {
    const { client, fake } = setupFake();
    fake.inject({ operation: "createCheck", status: 503 });
    const error = await failure(client.checks.create({ name: "once" }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.possiblyApplied).toBe(true);
    expect(fake.journal().filter((e) => e.operation === "createCheck")).toHaveLength(1);
  });

  it("repeats an upsert after a 503 without creating a duplicate", async () => {
    const { client, fake } = setupFake();
    fake.inject({ operation: "createCheck", status: 503 });
    const result = await client.checks.upsert({ name: "one", unique: ["name"] });
    expect(result.created).toBe(true);
    expect(await client.checks.list()).toHaveLength(1);
  });

  it("times out on injected latency", async () => {
    const { client, fake } = setupFake({}, { maxRetries: 0 });
    fake.inject({ operation: "listChecks", latencyMs: 300 });
    const error = await failure(client.checks.list({}, { timeout: 30 }));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("retries a read over a dropped connection", async () => {
    const { client, fake } = setupFake();
    fake.inject({ operation: "listChecks", drop: true });
    const { response } = await client.checks.list().withResponse();
    expect(response.attempts).toBe(2);
  });

  it("does not repeat a delete over a dropped connection", async () => {
    const { client, fake } = setupFake();
    const uuid = (await client.checks.create({ name: "d" })).uuid;
    fake.inject({ operation: "deleteCheck", drop: true });
    const error = await failure<ConnectionError>(client.checks.delete(uuid));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.requestSent).toBe(true);
    expect(error.possiblyApplied).toBe(true);
    expect(fake.journal().filter((e) => e.operation === "deleteCheck")).toHaveLength(1);
  });

  it("repeats a create when the connection is refused, and reports the refusal honestly", async () => {
    const { fake, project } = setupFake();
    const server = await fake.listen({ host: "127.0.0.1", port: 0 });
    const url = server.url;
    await server.close();
    const events: DebugEvent[] = [];
    const client = new ChecksClient({
      apiKey: project.readWriteKey as string,
      baseUrl: url,
      retry: { initialDelayMs: 1 },
      debug: (event) => events.push(event),
    });
    const error = await failure<ConnectionError>(client.checks.create({ name: "never" }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.requestSent).toBe(false);
    expect(error.possiblyApplied).toBe(false);
    expect(events.filter((e) => e.type === "request")).toHaveLength(3);
  });

  it("flags a retried resume or delete whose first answer was lost after the server acted", async () => {
    const { fake, project } = setupFake();
    const real = undiciTransport({ dispatcher: fake.dispatcher() });
    let lost = 0;
    // The server acts, then the answer is lost on the way back.
    const losing: Transport = async (request) => {
      const response = await real(request);
      if (request.method !== "GET" && lost++ === 0) throw new TransportFailure("connection lost", true, "ECONNRESET");
      return response;
    };
    const client = new ChecksClient({ apiKey: project.readWriteKey as string, baseUrl: FAKE_BASE, transport: losing, ...FAST });
    const uuid = checkUuid(fake.createCheck(project.id, { name: "lossy" }));
    lost = 0;
    await client.checks.pause(uuid);
    expect((await client.checks.get(uuid)).status).toBe("paused");

    lost = 0;
    const resumed = await failure<ConflictError>(client.checks.resume(uuid, { retryUnsafe: true }));
    expect(resumed).toBeInstanceOf(ConflictError);
    expect(resumed.possiblyApplied).toBe(true);
    expect((await client.checks.get(uuid)).status).toBe("new");

    lost = 0;
    const deleted = await failure<NotFoundError>(client.checks.delete(uuid, { retryUnsafe: true }));
    expect(deleted).toBeInstanceOf(NotFoundError);
    expect(deleted.possiblyApplied).toBe(true);
  });
});
