import { describe, expect, it } from "vitest";
import { validateCheckBody } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

const INVALID = "schedule is not a valid cron or OnCalendar expression";

describe("schedule validation hook", () => {
  it("rejects an empty or whitespace-only schedule even without a schedule engine", () => {
    for (const schedule of ["", " ", "\t", "\n", " \n\t "]) expect(messageOf({ schedule })).toBe(INVALID);
  });

  it("leaves any other text to the engine when none is given", () => {
    expect(messageOf({ schedule: "whatever" })).toBe("ok");
  });

  it("passes the schedule verbatim to the engine and keeps it verbatim", () => {
    const seen: string[] = [];
    const schedule = "  0 5 * * *\n";
    const result = validateCheckBody({ schedule }, { isValidSchedule: (s) => (seen.push(s), true) });
    expect(seen).toEqual([schedule]);
    expect(result).toEqual({ success: true, data: { schedule } });
  });

  it("reports the engine's refusal with the service's message", () => {
    expect(messageOf({ schedule: "* * * * * *" }, { isValidSchedule: () => false })).toBe(INVALID);
  });

  it("does not consult the engine for an empty schedule", () => {
    let calls = 0;
    expect(messageOf({ schedule: " " }, { isValidSchedule: () => (calls++, true) })).toBe(INVALID);
    expect(calls).toBe(0);
  });
});
