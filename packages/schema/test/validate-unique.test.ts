import { describe, expect, it } from "vitest";
import { UNIQUE_FIELDS, validateCheckBody } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

describe("unique", () => {
  it("names exactly name, slug, tags, timeout, grace", () => {
    expect([...UNIQUE_FIELDS]).toEqual(["name", "slug", "tags", "timeout", "grace"]);
  });

  it.each([[[]], [["name"]], [["name", "slug", "tags", "timeout", "grace"]], [["name", "name"]]])(
    "create accepts %j (duplicates allowed)",
    (unique) => {
      expect(validateCheckBody({ unique }, { operation: "create" })).toEqual({ success: true, data: { unique } });
      expect(messageOf({ unique }, { operation: "create", compat: "live" })).toBe("ok");
    },
  );

  it.each([[["status"]], [["name", "status"]], [["Name"]], [[null]], [[1]], [[["name"]]], [["uuid"]]])(
    "create rejects %j with the item message",
    (unique) => {
      expect(messageOf({ unique }, { operation: "create" })).toBe("an item in 'unique' has unexpected value");
    },
  );

  it.each([["not a list"], [null], [{ 0: "name" }], [5]])("create rejects %j as not an array", (unique) => {
    expect(messageOf({ unique }, { operation: "create" })).toBe("unique is not an array");
  });

  it("update in seed mode ignores unique without validating it and drops it", () => {
    for (const unique of ["not a list", null, ["status"], ["name"]]) {
      expect(validateCheckBody({ unique, name: "x" }, { operation: "update", compat: "seed" })).toEqual({
        success: true,
        data: { name: "x" },
      });
    }
  });

  it("update in live mode type-checks unique like create", () => {
    const live = { operation: "update", compat: "live" } as const;
    expect(messageOf({ unique: "not a list" }, live)).toBe("unique is not an array");
    expect(messageOf({ unique: null }, live)).toBe("unique is not an array");
    expect(messageOf({ unique: ["status"] }, live)).toBe("an item in 'unique' has unexpected value");
    expect(messageOf({ unique: ["name"] }, live)).toBe("ok");
  });
});
