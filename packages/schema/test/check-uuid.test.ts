import { describe, expect, it } from "vitest";
import { checkUuid, isScheduled, isUniqueKey, isUuid } from "@checks-api/schema";
import { FIXTURE_UNIQUE_KEY, FIXTURE_UUID, liveReadWriteScheduled, seedReadWriteSimple } from "./fixtures/representations.js";

const OTHER = "803f680d-e89b-492b-82ef-2be7b774a92d";

describe("checkUuid", () => {
  it("uses the live `uuid` member when present", () => {
    expect(checkUuid({ uuid: OTHER, update_url: `https://x/api/v3/checks/${FIXTURE_UUID}`, ping_url: "" })).toBe(OTHER);
  });

  it("parses it from update_url in a seed representation", () => {
    const check = seedReadWriteSimple() as { update_url: string; ping_url: string };
    expect(checkUuid(check)).toBe(FIXTURE_UUID);
  });

  it("falls back to ping_url, with or without a trailing slash", () => {
    expect(checkUuid({ update_url: "", ping_url: `https://hc-ping.example/${OTHER}` })).toBe(OTHER);
    expect(checkUuid({ update_url: "", ping_url: `https://hc-ping.example/${OTHER}/` })).toBe(OTHER);
  });

  it("throws a TypeError when no UUID can be found", () => {
    expect(() => checkUuid({ update_url: "https://x/api/v3/checks/abc", ping_url: "https://x/ping/abc" })).toThrow(TypeError);
    expect(() => checkUuid({ update_url: `https://x/api/v3/checks/${FIXTURE_UUID.toUpperCase()}`, ping_url: "" })).toThrow(TypeError);
  });
});

describe("UUID and unique-key shapes", () => {
  it("isUuid accepts lowercase hyphenated UUIDs of any version only", () => {
    expect(isUuid(FIXTURE_UUID)).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(isUuid(FIXTURE_UUID.toUpperCase())).toBe(false);
    expect(isUuid(FIXTURE_UUID.replace(/-/g, ""))).toBe(false);
    expect(isUuid(`${FIXTURE_UUID}/`)).toBe(false);
  });

  it("isUniqueKey accepts 40 characters from A…z and digits", () => {
    expect(isUniqueKey(FIXTURE_UNIQUE_KEY)).toBe(true);
    expect(isUniqueKey("A".repeat(40))).toBe(true);
    expect(isUniqueKey("a".repeat(39))).toBe(false);
    expect(isUniqueKey("a".repeat(41))).toBe(false);
    expect(isUniqueKey(`${"a".repeat(39)}-`)).toBe(false);
  });
});

describe("isScheduled", () => {
  it("tells a cron/OnCalendar check from a simple one", () => {
    expect(isScheduled(liveReadWriteScheduled())).toBe(true);
    expect(isScheduled(seedReadWriteSimple())).toBe(false);
  });
});
