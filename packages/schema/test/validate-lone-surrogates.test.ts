import { describe, expect, it } from "vitest";
import { messageOf } from "./fixtures/validate.js";

// The live service fails with a 500 on an unpaired surrogate in
// these members; the fake answers "<field> is not a string".
const guarded = ["name", "slug", "schedule", "start_kw", "success_kw", "failure_kw", "subject", "subject_fail"];
const accepting = () => true;

describe("unpaired surrogates", () => {
  it.each(guarded)("%s: a lone high or low surrogate is not a string", (field) => {
    for (const value of ["\ud800", "a\udfffb", "\udc00\ud800", "x\ud83d"]) {
      for (const compat of ["seed", "live"] as const) {
        expect(messageOf({ [field]: value }, { compat, isValidSchedule: accepting }), JSON.stringify(value)).toBe(
          `${field} is not a string`,
        );
      }
    }
  });

  it.each(guarded.filter((field) => field !== "slug"))("%s: a well-formed surrogate pair is accepted", (field) => {
    expect(messageOf({ [field]: field === "schedule" ? "12:34 😀" : "ok 😀" }, { isValidSchedule: accepting })).toBe("ok");
  });

  it("slug: a well-formed astral character fails the pattern, not the string check", () => {
    expect(messageOf({ slug: "😀" })).toBe("slug does not match pattern");
  });

  it("members without the guard keep their own rules", () => {
    expect(messageOf({ desc: "\ud800", tags: "\ud800", channels: "\ud800" })).toBe("ok");
    expect(messageOf({ tz: "\ud800" })).toBe("tz is not a valid timezone");
  });
});
