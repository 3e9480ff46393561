// Bad input never crashes or hangs the schedule engine.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidSchedule, nextFireTime } from "../src/model/schedule/index.js";
import { at } from "./schedule-helpers.js";

const START = at("2021-03-27T12:00Z");

describe("schedule engine on bad input", () => {
  it("has no fire time for a start that is not a usable instant", () => {
    for (const start of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 8.64e15, -8.64e15]) {
      expect(nextFireTime("* * * * *", "UTC", start)).toBeUndefined();
      expect(nextFireTime("*:*", "UTC", start)).toBeUndefined();
    }
  });

  it("throws RangeError for a time zone Intl does not know", () => {
    expect(() => nextFireTime("* * * * *", "Mars/Olympus", START)).toThrow(RangeError);
  });

  it("treats an unknown zone inside an OnCalendar line as an invalid token", () => {
    expect(nextFireTime("12:34 Mars/Olympus", "UTC", START)).toBeUndefined();
    expect(nextFireTime("12:34 europe/riga", "UTC", START)).toBeUndefined();
  });

  it("returns a later instant or nothing for arbitrary text, quickly", () => {
    const alphabet = fc.constantFrom(
      ..."0123456789*/,-#LW~.: \t\n".split(""),
      "MON", "Fri", "JAN", "Europe/Riga", "US/Eastern", "..", "daily", "?", "¹",
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 14 }).map((parts) => parts.join("")), (schedule) => {
        const valid = isValidSchedule(schedule);
        for (const tz of ["UTC", "Europe/Riga"]) {
          const next = nextFireTime(schedule, tz, START);
          if (next !== undefined) expect(next).toBeGreaterThan(START);
          if (tz === "UTC" && valid) expect(nextFireTime(schedule, tz, at("2000-01-01T00:00Z"))).toBeDefined();
        }
      }),
      { numRuns: 1500 },
    );
  });
});
