import { describe, expect, it } from "vitest";
import { validateCheckBody } from "@checks-api/schema";
import { ALL_MODES } from "./fixtures/validate.js";

// The service's validation examples, with the full error text as the service sends it. The
// schedule rows need a schedule engine; a stand-in that accepts five-field
// cron lines and `HH:MM` OnCalendar lines is enough to reach each message.
const isValidSchedule = (schedule: string) =>
  /^\S+( \S+){4}$/.test(schedule.trim()) ? !schedule.includes("bad") : /^\d\d:\d\d$/.test(schedule.trim());

const table: [string, unknown, string][] = [
  ["timeout 0", { timeout: 0 }, "timeout is too small"],
  ["timeout 31536001", { timeout: 31536001 }, "timeout is too large"],
  ["timeout as text", { timeout: "oops" }, "timeout is not a number"],
  ["name false", { name: false }, "name is not a string"],
  ["a 220-character name", { name: "01234567890".repeat(20) }, "name is too long"],
  ["unique [status]", { unique: ["status"] }, "an item in 'unique' has unexpected value"],
  ["unique as text", { unique: "not a list" }, "unique is not an array"],
  ["a six-field cron line", { schedule: "* * * * * *" }, "schedule is not a valid cron or OnCalendar expression"],
  ["bad-expression", { schedule: "bad-expression" }, "schedule is not a valid cron or OnCalendar expression"],
  ["a schedule with a second line", { schedule: "12:34\nsurprise" }, "schedule is not a valid cron or OnCalendar expression"],
  ["a 201-character schedule", { schedule: `${"1,".repeat(100)}1 * * * *` }, "schedule is too long"],
  ["tz not-a-timezone", { tz: "not-a-timezone" }, "tz is not a valid timezone"],
  ["tz utc", { tz: "utc" }, "tz is not a valid timezone"],
  ["manual_resume as text", { manual_resume: "surprise" }, "manual_resume is not a boolean"],
  ["manual_resume 1", { manual_resume: 1 }, "manual_resume is not a boolean"],
  ["methods bad-value", { methods: "bad-value" }, "methods has unexpected value"],
  ["methods post", { methods: "post" }, "methods has unexpected value"],
  ["slug Uppercase", { slug: "Uppercase" }, "slug does not match pattern"],
  ["slug special!", { slug: "special!" }, "slug does not match pattern"],
  ["slug look spaces", { slug: "look spaces" }, "slug does not match pattern"],
  ["a 101-character slug", { slug: "a".repeat(101) }, "slug is too long"],
  ["a 201-character start_kw", { start_kw: "A".repeat(201) }, "start_kw is too long"],
  ["a 201-character success_kw", { success_kw: "A".repeat(201) }, "success_kw is too long"],
  ["a 201-character failure_kw", { failure_kw: "A".repeat(201) }, "failure_kw is too long"],
  ["a 201-character subject", { subject: "A".repeat(201) }, "subject is too long"],
  ["a 201-character subject_fail", { subject_fail: "A".repeat(201) }, "subject_fail is too long"],
  ["channels 123", { channels: 123 }, "channels is not a string"],
  ["desc 123", { desc: 123 }, "desc is not a string"],
  ["channels null", { channels: null }, "channels is not a string"],
  ["timeout null", { timeout: null }, "timeout is not a number"],
  ["grace null", { grace: null }, "grace is not a number"],
  ["name null", { name: null }, "name is not a string"],
  ["schedule null", { schedule: null }, "schedule is not a string"],
  ["subject null", { subject: null }, "subject is not a string"],
  ["subject_fail null", { subject_fail: null }, "subject_fail is not a string"],
  ["the first of two errors", { name: 5, grace: 1 }, "grace is too small"],
];

describe("validateCheckBody on the service's examples", () => {
  it.each(table)("%s → the exact live message", (_, body, message) => {
    const result = validateCheckBody(body, { operation: "create", compat: "live", isValidSchedule });
    expect(result).toEqual({ success: false, error: `json validation error: ${message}` });
  });

  it("gives the same messages on update and in seed mode (apart from `unique`)", () => {
    for (const options of ALL_MODES) {
      for (const [name, body, message] of table) {
        if (name.startsWith("unique") && options.operation === "update" && options.compat === "seed") continue;
        expect(validateCheckBody(body, { ...options, isValidSchedule }), `${name} ${JSON.stringify(options)}`).toEqual({
          success: false,
          error: `json validation error: ${message}`,
        });
      }
    }
  });

  it("rejects a body that is not an object", () => {
    for (const body of [[], "text", 5, null, true]) {
      expect(validateCheckBody(body)).toEqual({ success: false, error: "json validation error: value is not an object" });
    }
  });
});
