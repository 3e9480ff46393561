import { describe, expect, it } from "vitest";
import { formatTimestamp, parseTimestamp, TimestampSchema } from "@checks-api/schema";

describe("formatTimestamp", () => {
  it("prints UTC, whole seconds, +00:00, never Z", () => {
    expect(formatTimestamp(Date.UTC(2020, 2, 24, 14, 2, 3))).toBe("2020-03-24T14:02:03+00:00");
  });

  it("drops the fraction instead of rounding it (12:24:32.123 and .999 print as 12:24:32)", () => {
    expect(formatTimestamp(Date.parse("2020-06-01T12:24:32.123Z"))).toBe("2020-06-01T12:24:32+00:00");
    expect(formatTimestamp(Date.parse("2020-06-01T12:24:32.999Z"))).toBe("2020-06-01T12:24:32+00:00");
  });

  it("handles the epoch and instants before it", () => {
    expect(formatTimestamp(0)).toBe("1970-01-01T00:00:00+00:00");
    expect(formatTimestamp(-1)).toBe("1969-12-31T23:59:59+00:00");
  });

  it("prints what TimestampSchema accepts and parseTimestamp reads back", () => {
    const ms = Date.UTC(2031, 11, 31, 23, 59, 59);
    const text = formatTimestamp(ms + 456);
    expect(TimestampSchema.safeParse(text).success).toBe(true);
    expect(parseTimestamp(text)).toBe(ms);
  });
});

describe("parseTimestamp", () => {
  it("reads 0–6 fractional digits and offsets", () => {
    expect(parseTimestamp("2020-01-01T00:00:00.123456+00:00")).toBe(Date.UTC(2020, 0, 1, 0, 0, 0, 123));
    expect(parseTimestamp("2020-01-01T02:00:00+02:00")).toBe(Date.UTC(2020, 0, 1));
  });
});
