import { describe, expect, it } from "vitest";
import { ChecksClient, ConflictError, ConnectionError, NotFoundError, ServerError } from "../src/index.js";
import {
  backoffDelay,
  parseRetryAfter,
  resolveRetrySettings,
  shouldRetry,
} from "../src/core/retry.js";
import { TransportFailure } from "../src/transport/types.js";
import { BASE, json, liveCheck, noWait, RW_KEY, socketError, stubTransport, UUID, type StubReply } from "./helpers.js";

function client(handler: Parameters<typeof stubTransport>[0], maxRetries = 2) {
  const stub = stubTransport(handler);
  const wait = noWait();
  const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stub.transport, maxRetries, retry: wait.retry });
  return { client: c, requests: stub.requests, delays: wait.delays };
}

describe("retry policy (pure)", () => {
  it("uses full jitter within an exponentially growing, capped window", () => {
    const top = resolveRetrySettings({ initialDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 });
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, top))).toEqual([99, 199, 399, 799, 999]);
    const bottom = resolveRetrySettings({ random: () => 0 });
    expect(backoffDelay(5, bottom)).toBe(0);
  });

  it("parses Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("1", now)).toBe(1000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-3", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("repeats idempotent operations on connection errors, timeouts, 429 and 5xx only", () => {
    for (const failure of [
      { kind: "connection", requestSent: true },
      { kind: "timeout" },
      { kind: "status", status: 429 },
      { kind: "status", status: 502 },
    ] as const) {
      expect(shouldRetry(failure, "idempotent")).toBe(true);
      expect(shouldRetry(failure, "once")).toBe(false);
      expect(shouldRetry(failure, "once", true)).toBe(true);
    }
    expect(shouldRetry({ kind: "status", status: 404 }, "idempotent")).toBe(false);
    expect(shouldRetry({ kind: "connection", requestSent: false }, "once")).toBe(true);
  });

  it("rejects a negative maxRetries", () => {
    expect(() => resolveRetrySettings({ maxRetries: -1 })).toThrow(RangeError);
  });

  it("rejects delays and scales that are not finite non-negative numbers", () => {
    for (const name of ["initialDelayMs", "maxDelayMs", "maxRetryAfterMs", "retryAfterScale"] as const) {
      for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => resolveRetrySettings({ [name]: value }), `${name} ${value}`).toThrow(
          new RangeError(`retry.${name} must be a finite number ≥ 0`),
        );
      }
      expect(() => resolveRetrySettings({ [name]: 0 })).not.toThrow();
    }
  });
});

describe("retries per operation", () => {
  const unavailable: StubReply = { status: 503, body: "" };

  it("repeats a read after 5xx and connection resets, up to maxRetries", async () => {
    const { client: c, requests } = client((_r, i) => (i === 0 ? unavailable : i === 1 ? socketError("ECONNRESET") : json({ checks: [] })));
    const { data, response } = await c.checks.list().withResponse();
    expect(data).toEqual([]);
    expect(response.attempts).toBe(3);
    expect(requests).toHaveLength(3);
  });

  it("gives up after maxRetries with the last error", async () => {
    const { client: c, requests } = client(() => unavailable, 2);
    await expect(c.checks.list()).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(3);
  });

  it("takes per-call retries over the client's", async () => {
    const { client: c, requests } = client(() => unavailable, 2);
    await expect(c.checks.list({}, { retries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
  });

  it("checks per-call retries as it checks maxRetries, before sending", async () => {
    const { client: c, requests } = client(() => unavailable, 2);
    for (const retries of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(c.checks.list({}, { retries }), String(retries)).rejects.toThrow(new RangeError("retries must be a non-negative integer"));
    }
    expect(requests).toHaveLength(0);
  });

  it("does not repeat a create without unique after a 5xx or a reset", async () => {
    for (const reply of [unavailable, socketError("ECONNRESET")]) {
      const { client: c, requests } = client(() => reply);
      const error = await c.checks.create({ name: "x" }).catch((e: unknown) => e);
      expect(requests).toHaveLength(1);
      expect((error as ServerError).possiblyApplied).toBe(true);
    }
  });

  it("repeats a create when the connection was refused (never sent)", async () => {
    const { client: c, requests } = client((_r, i) => (i === 0 ? socketError("ECONNREFUSED") : json(liveCheck(), 201)));
    await expect(c.checks.create({ name: "x" })).resolves.toMatchObject({ name: "backup" });
    expect(requests).toHaveLength(2);
  });

  it("repeats an upsert like a read", async () => {
    const { client: c, requests } = client((_r, i) => (i === 0 ? unavailable : json(liveCheck(), 200)));
    const result = await c.checks.upsert({ name: "backup", unique: ["name"] });
    expect(result).toMatchObject({ created: false, status: 200 });
    expect(requests).toHaveLength(2);
  });

  it("repeats pause but not resume or delete after a 5xx", async () => {
    const pause = client((_r, i) => (i === 0 ? unavailable : json(liveCheck({ status: "paused" }))));
    await pause.client.checks.pause(UUID);
    expect(pause.requests).toHaveLength(2);
    const resume = client(() => unavailable);
    await expect(resume.client.checks.resume(UUID)).rejects.toBeInstanceOf(ServerError);
    expect(resume.requests).toHaveLength(1);
    const del = client(() => unavailable);
    await expect(del.client.checks.delete(UUID)).rejects.toBeInstanceOf(ServerError);
    expect(del.requests).toHaveLength(1);
  });

  it("reports possiblyApplied when a retried delete meets 404 after a lost answer", async () => {
    const { client: c } = client((_r, i) => (i === 0 ? socketError("ECONNRESET") : { status: 404, body: "" }));
    const error = await c.checks.delete(UUID, { retryUnsafe: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).possiblyApplied).toBe(true);
  });

  it("reports possiblyApplied when a retried resume meets 409 after a timeout-like failure", async () => {
    const { client: c } = client((_r, i) =>
      i === 0 ? new TransportFailure("connection lost", true, "UND_ERR_SOCKET") : { status: 409, body: "check is not paused" },
    );
    const error = await c.checks.resume(UUID, { retryUnsafe: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).possiblyApplied).toBe(true);
  });

  it("does not claim possiblyApplied when the earlier attempt never left", async () => {
    const { client: c, requests } = client((_r, i) => (i === 0 ? socketError("ENOTFOUND") : { status: 404, body: "" }));
    const error = await c.checks.delete(UUID).catch((e: unknown) => e);
    expect(requests).toHaveLength(2);
    expect((error as NotFoundError).possiblyApplied).toBe(false);
  });

  it("marks a connection error as not sent when the connection was refused", async () => {
    const { client: c } = client(() => socketError("ECONNREFUSED"), 0);
    const error = (await c.checks.list().catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.requestSent).toBe(false);
    expect(error.code).toBe("ECONNREFUSED");
  });

  it("honours Retry-After over the backoff, scaled by retryAfterScale", async () => {
    const stub = stubTransport((_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "2" }, body: "" } : json({ checks: [] })));
    const delays: number[] = [];
    const c = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: stub.transport,
      retry: { retryAfterScale: 0.5, sleep: async (ms) => void delays.push(ms) },
    });
    await c.checks.list();
    expect(delays).toEqual([1000]);
  });

  it("does not wait for a Retry-After longer than maxRetryAfterMs", async () => {
    const stub = stubTransport(() => ({ status: 429, headers: { "retry-after": "3600" }, body: "" }));
    const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stub.transport, retry: { maxRetryAfterMs: 10_000 } });
    await expect(c.checks.list()).rejects.toMatchObject({ status: 429, retryAfter: 3600 });
    expect(stub.requests).toHaveLength(1);
  });

  it("backs off exponentially between attempts", async () => {
    const stub = stubTransport(() => unavailable);
    const delays: number[] = [];
    const c = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: stub.transport,
      maxRetries: 3,
      retry: { initialDelayMs: 10, random: () => 0.5, sleep: async (ms) => void delays.push(ms) },
    });
    await expect(c.checks.list()).rejects.toBeInstanceOf(ServerError);
    expect(delays).toEqual([5, 10, 20]);
  });
});
