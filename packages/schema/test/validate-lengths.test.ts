import { describe, expect, it } from "vitest";
import { codePointLength, KEYWORD_MAX_LENGTH, NAME_MAX_LENGTH, SCHEDULE_MAX_LENGTH, SLUG_MAX_LENGTH, TAGS_MAX_LENGTH } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

// Lengths count code points, so an astral character
// (two UTF-16 units) counts once.
const ASTRAL = "😀";
const accepting = () => true;

const limits: [string, number][] = [
  ["name", 100],
  ["start_kw", 200],
  ["success_kw", 200],
  ["failure_kw", 200],
  ["subject", 200],
  ["subject_fail", 200],
  // Not validated by the live API; the fake refuses what the database cannot hold.
  ["tags", 500],
];

describe("maximum lengths", () => {
  it("are the service's numbers", () => {
    expect([NAME_MAX_LENGTH, SLUG_MAX_LENGTH, SCHEDULE_MAX_LENGTH, KEYWORD_MAX_LENGTH, TAGS_MAX_LENGTH]).toEqual([100, 100, 100, 200, 500]);
  });

  it.each(limits)("%s: %i characters pass, one more is too long", (field, max) => {
    expect(messageOf({ [field]: "x".repeat(max) })).toBe("ok");
    expect(messageOf({ [field]: "x".repeat(max + 1) })).toBe(`${field} is too long`);
  });

  it.each(limits)("%s counts code points: %i astral characters pass, one more is too long", (field, max) => {
    expect(messageOf({ [field]: ASTRAL.repeat(max) }, { compat: "live" })).toBe("ok");
    expect(messageOf({ [field]: ASTRAL.repeat(max + 1) }, { compat: "live" })).toBe(`${field} is too long`);
  });

  it("slug: 100 characters pass, 101 are too long (before the pattern check)", () => {
    expect(messageOf({ slug: "a".repeat(100) })).toBe("ok");
    expect(messageOf({ slug: "a".repeat(101) })).toBe("slug is too long");
    expect(messageOf({ slug: "A".repeat(101) })).toBe("slug is too long");
  });

  it("schedule: 100 code points pass the length check, 101 are too long", () => {
    const cron = (length: number) => `* * * * ${"*".padEnd(length - 8, " ")}`;
    expect(cron(100)).toHaveLength(100);
    expect(messageOf({ schedule: cron(100) }, { isValidSchedule: accepting })).toBe("ok");
    expect(messageOf({ schedule: cron(101) }, { isValidSchedule: accepting })).toBe("schedule is too long");
    const onCalendar = (n: number) => `12:34 ${ASTRAL.repeat(n - 6)}`;
    expect(messageOf({ schedule: onCalendar(100) }, { isValidSchedule: accepting })).toBe("ok");
    expect(messageOf({ schedule: onCalendar(101) }, { isValidSchedule: accepting })).toBe("schedule is too long");
  });

  it("desc and channels have no length limit", () => {
    expect(messageOf({ desc: "d".repeat(100_000), channels: "c".repeat(10_000) })).toBe("ok");
  });

  it("codePointLength counts code points, not UTF-16 units", () => {
    expect(codePointLength("")).toBe(0);
    expect(codePointLength("abc")).toBe(3);
    expect(codePointLength(`a${ASTRAL}b`)).toBe(3);
    expect(`a${ASTRAL}b`).toHaveLength(4);
  });
});
