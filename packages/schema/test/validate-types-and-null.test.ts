import { describe, expect, it } from "vitest";
import { ALL_MODES, messageOf } from "./fixtures/validate.js";

// Strict JSON types, no coercion, null rejected like
// a wrong type. Each row: member, a value of the right type, the message.
const strings = ["channels", "desc", "failure_kw", "name", "schedule", "slug", "start_kw", "subject", "subject_fail", "success_kw", "tags", "tz"];
const booleans = ["filter_subject", "filter_body", "filter_http_body", "filter_default_fail", "manual_resume"];
const durations = ["grace", "timeout"];

const good: Record<string, unknown> = {
  channels: "*", desc: "", failure_kw: "FAIL", name: "Backups", schedule: "* * * * *", slug: "backups", start_kw: "go",
  subject: "OK", subject_fail: "FAIL", success_kw: "OK", tags: "prod www", tz: "Europe/Riga",
  filter_subject: true, filter_body: false, filter_http_body: true, filter_default_fail: false, manual_resume: true,
  grace: 60, timeout: 31536000, methods: "POST", unique: ["name", "slug", "tags", "timeout", "grace"],
};

const rows: [string, unknown[], string][] = [
  ...strings.map((field): [string, unknown[], string] => [field, [null, 5, 0, true, false, [], ["a"], {}], `${field} is not a string`]),
  ...booleans.map((field): [string, unknown[], string] => [field, [null, 1, 0, "true", "", [], {}], `${field} is not a boolean`]),
  ...durations.map((field): [string, unknown[], string] => [field, [null, "3600", "", [60], {}], `${field} is not a number`]),
  ["methods", [null, 0, true, [], {}, "GET", " POST"], "methods has unexpected value"],
  ["unique", [null, "name", 5, true, {}], "unique is not an array"],
];

describe("member types and null", () => {
  it.each(rows)("%s: every wrong type and null → the member's message", (field, values, message) => {
    for (const options of ALL_MODES) {
      if (field === "unique" && options.operation === "update" && options.compat === "seed") continue;
      for (const value of values) {
        expect(messageOf({ [field]: value }, options), `${field}=${JSON.stringify(value)} ${JSON.stringify(options)}`)
          .toBe(message);
      }
    }
  });

  it.each(Object.entries(good))("%s: a value of the right type is accepted", (field, value) => {
    for (const options of ALL_MODES) expect(messageOf({ [field]: value }, options)).toBe("ok");
  });

  it("accepts every member at once and returns them", () => {
    for (const options of ALL_MODES) expect(messageOf(good, options)).toBe("ok");
  });

  it("ignores unknown members, api_key included, even when null", () => {
    expect(messageOf({ api_key: null, kind: 5, status: "down" })).toBe("ok");
  });
});
