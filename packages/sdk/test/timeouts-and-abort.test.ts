import { describe, expect, it } from "vitest";
import { ChecksClient, TimeoutError } from "../src/index.js";
import type { Transport } from "../src/transport/types.js";
import { BASE, RW_KEY } from "./helpers.js";

/** A transport that never answers until its signal aborts. */
const hanging: Transport = (request) =>
  new Promise((_resolve, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });

describe("timeouts and cancellation", () => {
  it("throws TimeoutError when an attempt exceeds the timeout", async () => {
    const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: hanging, timeout: 20, maxRetries: 0 });
    const error = await c.checks.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
  });

  it("takes the per-call timeout and retries timed-out reads", async () => {
    let calls = 0;
    const counting: Transport = (request) => {
      calls++;
      return hanging(request);
    };
    const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: counting, retry: { sleep: async () => {} } });
    await expect(c.checks.list({}, { timeout: 5, retries: 1 })).rejects.toBeInstanceOf(TimeoutError);
    expect(calls).toBe(2);
  });

  it("rejects with the signal's reason when the caller aborts", async () => {
    const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: hanging });
    const controller = new AbortController();
    const pending = c.checks.list({}, { signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });

  it("does not send when the signal is already aborted", async () => {
    let calls = 0;
    const c = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: async () => {
        calls++;
        throw new Error("unreachable");
      },
    });
    await expect(c.checks.list({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toBe(0);
  });

  it("aborts a wait between retries", async () => {
    const controller = new AbortController();
    const c = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: async () => {
        controller.abort(new Error("cancelled while waiting"));
        return { status: 503, headers: new Headers(), body: new Uint8Array() };
      },
      retry: { initialDelayMs: 60_000, random: () => 0.9 },
    });
    await expect(c.checks.list({}, { signal: controller.signal })).rejects.toThrow("cancelled while waiting");
  });

  it("refuses a timeout out of range", async () => {
    expect(() => new ChecksClient({ apiKey: RW_KEY, timeout: 0 })).toThrow(RangeError);
    const c = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: hanging });
    await expect(c.checks.list({}, { timeout: Number.NaN })).rejects.toBeInstanceOf(RangeError);
  });
});
