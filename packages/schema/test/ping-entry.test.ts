import { describe, expect, it } from "vitest";
import { PING_MEMBERS, PING_TYPES, PingListSchema, PingSchema } from "@checks-api/schema";

const BODY_URL = "https://checks.example.org/api/v3/checks/7918b17b-a745-4db1-8575-9d2e07c97f79/pings/3/body";

function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "success",
    date: "2020-03-24T14:02:03.123456+00:00",
    n: 3,
    scheme: "https",
    remote_addr: "192.0.2.10",
    method: "POST",
    ua: "curl/7.68.0",
    rid: "5e8e4d2f-6c3e-4a8e-9e0c-2f1b3d4c5a6b",
    body_url: BODY_URL,
    ...overrides,
  };
}

describe("ping log entry", () => {
  it.each(PING_TYPES.map((type) => [type]))("accepts a %s entry without duration", (type) => {
    expect(PingSchema.safeParse(entry({ type })).success).toBe(true);
  });

  it.each([["success"], ["fail"]])("accepts a %s entry with a duration rounded to two decimals", (type) => {
    const ping = entry({ type, duration: 300.0 });
    expect(PingSchema.safeParse(ping).success).toBe(true);
    expect(PingSchema.safeParse({ ...ping, duration: 2.99 }).success).toBe(true);
    expect(Object.keys(ping)).toEqual([...PING_MEMBERS]);
  });

  it("accepts a date without fraction (live, microseconds 0) and with 0–6 fraction digits", () => {
    for (const date of ["2020-01-01T00:00:00+00:00", "2020-01-01T00:00:00.5+00:00", "2020-01-01T00:00:00.000000+00:00"]) {
      expect(PingSchema.safeParse(entry({ date })).success, date).toBe(true);
    }
  });

  it("accepts an email ping: scheme email, empty method, no rid, no body", () => {
    const ping = entry({ scheme: "email", method: "", ua: "Email from alice@example.org", rid: null, body_url: null });
    expect(PingSchema.safeParse(ping).success).toBe(true);
  });

  it("accepts a null remote address and a first ping (n = 1)", () => {
    expect(PingSchema.safeParse(entry({ remote_addr: null, n: 1 })).success).toBe(true);
  });

  it.each([
    ["an unknown type", entry({ type: "failure" })],
    ["n = 0", entry({ n: 0 })],
    ["a fractional n", entry({ n: 1.5 })],
    ["seven fraction digits", entry({ date: "2020-01-01T00:00:00.1234567+00:00" })],
    ["a date without time", entry({ date: "2020-01-01" })],
    ["duration as a string", entry({ duration: "3.0" })],
    ["a null method", entry({ method: null })],
    ["body_url missing", Object.fromEntries(Object.entries(entry()).filter(([key]) => key !== "body_url"))],
  ])("rejects %s", (_, ping) => {
    expect(PingSchema.safeParse(ping).success).toBe(false);
  });

  it("list answer: {pings: [...]}, empty or not; a bare array is rejected", () => {
    expect(PingListSchema.safeParse({ pings: [] }).success).toBe(true);
    expect(PingListSchema.safeParse({ pings: [entry({ type: "start" }), entry({ duration: 1 })] }).success).toBe(true);
    expect(PingListSchema.safeParse([entry()]).success).toBe(false);
  });
});
