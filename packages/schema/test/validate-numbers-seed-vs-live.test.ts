import { describe, expect, it } from "vitest";
import { validateCheckBody } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

// docs/reference.md#11-how-timeout-and-grace-are-written
describe.each(["timeout", "grace"])("%s: seed numbers versus live integers", (field) => {
  it("3600.5 and 60.5: seed accepts any finite number in range, live says not a number", () => {
    for (const value of [3600.5, 60.5]) {
      expect(validateCheckBody({ [field]: value }, { compat: "seed" })).toEqual({ success: true, data: { [field]: value } });
      expect(messageOf({ [field]: value }, { compat: "live" })).toBe(`${field} is not a number`);
      expect(messageOf({ [field]: value }, { operation: "update", compat: "live" })).toBe(`${field} is not a number`);
    }
  });

  it("a fraction below the minimum is too small in seed mode but not a number in live mode", () => {
    expect(messageOf({ [field]: 59.5 }, { compat: "seed" })).toBe(`${field} is too small`);
    expect(messageOf({ [field]: 59.5 }, { compat: "live" })).toBe(`${field} is not a number`);
  });

  it("1e3 and 3600.0 reach the validator as the integers 1000 and 3600 (a JS parser cannot tell), so both modes accept them", () => {
    const parsed = JSON.parse(`{"${field}": 1e3, "other": 3600.0}`) as Record<string, number>;
    expect(parsed[field]).toBe(1000);
    for (const compat of ["seed", "live"] as const) {
      expect(messageOf({ [field]: parsed[field] }, { compat })).toBe("ok");
      expect(messageOf({ [field]: parsed.other }, { compat })).toBe("ok");
    }
  });

  it("booleans are taken as 1 and 0 seconds, hence too small, in both modes", () => {
    for (const compat of ["seed", "live"] as const) {
      for (const operation of ["create", "update"] as const) {
        expect(messageOf({ [field]: true }, { compat, operation })).toBe(`${field} is too small`);
        expect(messageOf({ [field]: false }, { compat, operation })).toBe(`${field} is too small`);
      }
    }
  });

  it("strings holding numbers are not numbers in both modes", () => {
    for (const compat of ["seed", "live"] as const) {
      for (const value of ["3600", "1e3", "60.0", " 60"]) {
        expect(messageOf({ [field]: value }, { compat })).toBe(`${field} is not a number`);
      }
    }
  });

  it("does not change the caller's body when mapping booleans", () => {
    const body = { [field]: true };
    validateCheckBody(body, { compat: "live" });
    expect(body).toEqual({ [field]: true });
  });
});
