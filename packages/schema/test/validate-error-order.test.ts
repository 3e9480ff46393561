import { describe, expect, it } from "vitest";
import { ALL_MODES, messageOf } from "./fixtures/validate.js";

// Every member is checked, only the first error is reported,
// in this order — whatever the order of the members in the body.
const ORDER: [string, unknown, string][] = [
  ["channels", 1, "channels is not a string"],
  ["desc", 1, "desc is not a string"],
  ["failure_kw", "f".repeat(201), "failure_kw is too long"],
  ["filter_subject", "yes", "filter_subject is not a boolean"],
  ["filter_body", 1, "filter_body is not a boolean"],
  ["filter_http_body", null, "filter_http_body is not a boolean"],
  ["filter_default_fail", "false", "filter_default_fail is not a boolean"],
  ["grace", 1, "grace is too small"],
  ["manual_resume", 0, "manual_resume is not a boolean"],
  ["methods", "get", "methods has unexpected value"],
  ["name", 5, "name is not a string"],
  ["schedule", "", "schedule is not a valid cron or OnCalendar expression"],
  ["slug", "AAAAA", "slug does not match pattern"],
  ["start_kw", false, "start_kw is not a string"],
  ["subject", 1, "subject is not a string"],
  ["subject_fail", "s".repeat(201), "subject_fail is too long"],
  ["success_kw", [], "success_kw is not a string"],
  ["tags", {}, "tags is not a string"],
  ["timeout", 31536001, "timeout is too large"],
  ["tz", "utc", "tz is not a valid timezone"],
  ["unique", ["status"], "an item in 'unique' has unexpected value"],
];

const bodyFrom = (rows: typeof ORDER) => Object.fromEntries(rows.map(([field, value]) => [field, value]));

describe("which error is reported", () => {
  it.each(ORDER.map((row, index) => [row[0], index]))("with every member from %s on wrong, %s's error wins", (_, index) => {
    const rows = ORDER.slice(index as number);
    const expected = rows[0]?.[2];
    for (const options of [{ operation: "create" as const, compat: "seed" as const }, { operation: "create" as const, compat: "live" as const }]) {
      expect(messageOf(bodyFrom(rows), options)).toBe(expected);
      expect(messageOf(bodyFrom([...rows].reverse()), options)).toBe(expected);
    }
  });

  it("the service's example: {name: 5, grace: 1} → grace is too small", () => {
    for (const options of ALL_MODES) expect(messageOf({ name: 5, grace: 1 }, options)).toBe("grace is too small");
  });

  it("within a member: type before length before pattern", () => {
    expect(messageOf({ slug: 5 })).toBe("slug is not a string");
    expect(messageOf({ slug: "A".repeat(101) })).toBe("slug is too long");
    expect(messageOf({ slug: "AAAAA" })).toBe("slug does not match pattern");
  });

  it("within a member: length before schedule validity", () => {
    const never = () => false;
    expect(messageOf({ schedule: "x".repeat(101) }, { isValidSchedule: never })).toBe("schedule is too long");
    expect(messageOf({ schedule: "x".repeat(100) }, { isValidSchedule: never })).toBe(
      "schedule is not a valid cron or OnCalendar expression",
    );
  });

  it("within unique: the type before the items", () => {
    expect(messageOf({ unique: "status" })).toBe("unique is not an array");
  });

  it("on update in seed mode a bad unique is never the reported error", () => {
    expect(messageOf({ tz: "utc", unique: 5 }, { operation: "update", compat: "seed" })).toBe("tz is not a valid timezone");
    expect(messageOf({ tz: "UTC", unique: 5 }, { operation: "update", compat: "seed" })).toBe("ok");
  });
});
