import { describe, expect, it } from "vitest";
import { DURATION_MAX, DURATION_MIN } from "@checks-api/schema";
import { ALL_MODES, messageOf } from "./fixtures/validate.js";

describe.each(["timeout", "grace"])("%s bounds", (field) => {
  it("are 60 and 31536000", () => {
    expect([DURATION_MIN, DURATION_MAX]).toEqual([60, 31536000]);
  });

  it.each(ALL_MODES)("accepts 60 and 31536000, rejects 59 and 31536001 (%o)", (options) => {
    expect(messageOf({ [field]: 60 }, options)).toBe("ok");
    expect(messageOf({ [field]: 31536000 }, options)).toBe("ok");
    expect(messageOf({ [field]: 59 }, options)).toBe(`${field} is too small`);
    expect(messageOf({ [field]: 31536001 }, options)).toBe(`${field} is too large`);
  });

  it.each(ALL_MODES)("negatives and 0 are too small (%o)", (options) => {
    for (const value of [0, -1, -31536001]) expect(messageOf({ [field]: value }, options)).toBe(`${field} is too small`);
  });

  it.each(ALL_MODES)("integers beyond the safe range are too large / too small, not 'not a number' (%o)", (options) => {
    // The live service overflows at ≥ 86 400 000 000 000; the fake says "too large".
    for (const value of [86_400_000_000_000, 2 ** 53, 1e20]) {
      expect(messageOf({ [field]: value }, options)).toBe(`${field} is too large`);
    }
    for (const value of [-86_400_000_000_000, -(2 ** 53), -1e20]) {
      expect(messageOf({ [field]: value }, options)).toBe(`${field} is too small`);
    }
  });

  it.each(ALL_MODES)("NaN and ±Infinity are not numbers (%o)", (options) => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(messageOf({ [field]: value }, options)).toBe(`${field} is not a number`);
    }
  });
});
