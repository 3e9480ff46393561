import { describe, expect, test } from "vitest";
import { call, ping, setup } from "./helpers.js";
import type { FaultSpec } from "../src/index.js";

describe("fault injection", () => {
  test("a status fault for one operation, once; recorded in the journal", async () => {
    const s = setup();
    s.fake.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "7" }, body: "slow down" });
    const uuid = await s.create();
    const res = await s.rwCall("GET", "/api/v3/checks/");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.text).toBe("slow down");
    expect((await s.rwCall("GET", "/api/v3/checks/")).status).toBe(200);
    const entry = s.fake.journal().find((e) => e.status === 429);
    expect(entry).toMatchObject({ operation: "listChecks", fault: "status 429" });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).status).toBe(200);
  });

  test("a faulted create does not create anything", async () => {
    const s = setup();
    s.fake.inject({ operation: "createCheck", status: 503 });
    expect((await s.rwCall("POST", "/api/v3/checks/", { body: {} })).status).toBe(503);
    expect((await s.rwCall("GET", "/api/v3/checks/")).json.checks).toHaveLength(0);
  });

  test("times: N requests, then normal; Infinity = always; clearFaults", async () => {
    const s = setup();
    s.fake.inject({ operation: "*", times: 2, status: 503 });
    expect((await call(s.fake, "GET", "/api/v3/status/")).status).toBe(503);
    expect((await call(s.fake, "GET", "/nothing")).status).toBe(503);
    expect((await call(s.fake, "GET", "/api/v3/status/")).status).toBe(200);
    s.fake.inject({ operation: "ping", times: Infinity, status: 500 });
    const uuid = await s.create();
    for (let i = 0; i < 3; i++) expect((await ping(s.fake, uuid)).status).toBe(500);
    s.fake.clearFaults();
    expect((await ping(s.fake, uuid)).status).toBe(200);
  });

  test("drop → Response.error(); journal status 0", async () => {
    const s = setup();
    s.fake.inject({ operation: "getCheck", drop: true });
    const uuid = await s.create();
    const res = await s.fake.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}`, { headers: { "X-Api-Key": s.rw } }));
    expect(res.type).toBe("error");
    expect(s.fake.journal().at(-1)).toMatchObject({ status: 0, fault: "drop" });
  });

  test("latency delays the real answer", async () => {
    const s = setup();
    s.fake.inject({ latencyMs: 30 });
    const started = performance.now();
    const res = await call(s.fake, "GET", "/api/v3/status/");
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(res.text).toBe("OK");
    expect(s.fake.journal().at(-1)?.fault).toBe("latency 30ms");
  });

  test("other operations are not affected; invalid specs are refused", async () => {
    const s = setup();
    s.fake.inject({ operation: "listBadges", status: 500 });
    expect((await s.rwCall("GET", "/api/v3/checks/")).status).toBe(200);
    expect((await s.rwCall("GET", "/api/v3/badges/")).status).toBe(500);
    expect(() => s.fake.inject({ times: 0 })).toThrow(RangeError);
    expect(() => s.fake.inject({ status: 99 })).toThrow(RangeError);
  });

  test("a fault whose answer cannot be sent is refused when injected, in-process and over HTTP", async () => {
    const s = setup();
    const refused: [FaultSpec, RegExp][] = [
      [{ status: 503, headers: { "bad name": "x" } }, /^headers: .*invalid header name/],
      [{ status: 503, headers: { "x-note": "caf\u0100" } }, /^headers: Cannot convert/],
      [{ status: 503, headers: { "Content-Length": "100" } }, /^headers: Content-Length is set by the fake/],
      [{ status: 503, headers: { "transfer-encoding": "chunked" } }, /^headers: transfer-encoding is set by the fake/],
      [{ latencyMs: 2 ** 31 }, /^latencyMs must be at most 2147483647/],
      [{ latencyMs: Number.POSITIVE_INFINITY }, /^latencyMs must be at most 2147483647/],
      [{ dropAfterApplying: true, drop: true }, /^dropAfterApplying applies the request: it cannot go with drop or status/],
      [{ dropAfterApplying: true, status: 503 }, /^dropAfterApplying applies the request: it cannot go with drop or status/],
    ];
    for (const [fault, message] of refused) {
      expect(() => s.fake.inject(fault)).toThrow(message);
      const answer = await call(s.fake, "POST", "/__fake/faults", { body: fault, headers: { "Content-Type": "application/json" } });
      expect(answer.status).toBe(400);
    }
    expect((await s.rwCall("GET", "/api/v3/checks/")).status).toBe(200);
    s.fake.inject({ status: 503, headers: { Connection: "close", "Retry-After": "1" }, latencyMs: 2 ** 31 - 1, operation: "ping" });
  });

  test("an unknown operation name is refused instead of never firing", () => {
    const s = setup();
    expect(() => s.fake.inject({ operation: "getChecks" as never, status: 503 })).toThrow(/unknown operation "getChecks"/);
  });

  test("the clock refuses to move past the range of a Date", () => {
    const s = setup();
    expect(() => s.fake.clock.advance(9e15)).toThrow(RangeError);
    expect(() => s.fake.clock.set(9e15)).toThrow(RangeError);
    expect(s.fake.clock.now().toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });
});
