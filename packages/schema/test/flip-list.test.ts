import { describe, expect, it } from "vitest";
import { FlipListSchema, FlipSchema, flipsOf, LiveFlipListSchema, SeedFlipListSchema } from "@checks-api/schema";

const flips = [
  { timestamp: "2020-06-01T12:30:00+00:00", up: 0 },
  { timestamp: "2020-06-01T12:24:32+00:00", up: 1 },
];

describe("flips", () => {
  it("accepts the service's flips vector in the live envelope", () => {
    const body = { flips: [{ timestamp: "2020-06-01T12:24:32+00:00", up: 1 }] };
    expect(LiveFlipListSchema.safeParse(body).success).toBe(true);
    expect(FlipListSchema.safeParse(body).success).toBe(true);
    expect(FlipListSchema.safeParse({ flips: [] }).success).toBe(true);
  });

  it("accepts the seed's bare array", () => {
    expect(SeedFlipListSchema.safeParse(flips).success).toBe(true);
    expect(FlipListSchema.safeParse(flips).success).toBe(true);
    expect(FlipListSchema.safeParse([]).success).toBe(true);
  });

  it("flipsOf gives the flips of either shape", () => {
    const bare = FlipListSchema.parse(flips);
    const wrapped = FlipListSchema.parse({ flips });
    expect(flipsOf(bare)).toEqual(flips);
    expect(flipsOf(wrapped)).toEqual(flips);
  });

  it.each([
    ["up 2", { timestamp: "2020-06-01T12:24:32+00:00", up: 2 }],
    ["up true", { timestamp: "2020-06-01T12:24:32+00:00", up: true }],
    ["up as text", { timestamp: "2020-06-01T12:24:32+00:00", up: "1" }],
    ["a timestamp without offset", { timestamp: "2020-06-01 12:24:32", up: 1 }],
    ["no timestamp", { up: 1 }],
  ])("rejects a flip with %s", (_, flip) => {
    expect(FlipSchema.safeParse(flip).success).toBe(false);
    expect(FlipListSchema.safeParse([flip]).success).toBe(false);
    expect(FlipListSchema.safeParse({ flips: [flip] }).success).toBe(false);
  });

  it("rejects an envelope with another member name or a non-array", () => {
    expect(FlipListSchema.safeParse({ items: flips }).success).toBe(false);
    expect(FlipListSchema.safeParse({ flips: flips[0] }).success).toBe(false);
  });
});
