import { describe, expect, it } from "vitest";
import { METHODS_VALUES } from "@checks-api/schema";
import { ALL_MODES, messageOf } from "./fixtures/validate.js";

describe("methods (exactly \"\" or \"POST\", case-sensitive)", () => {
  it("knows exactly the two values", () => {
    expect([...METHODS_VALUES]).toEqual(["", "POST"]);
  });

  it.each(ALL_MODES)("accepts \"\" and POST (%o)", (options) => {
    expect(messageOf({ methods: "" }, options)).toBe("ok");
    expect(messageOf({ methods: "POST" }, options)).toBe("ok");
  });

  it.each(["post", "Post", "GET", "HEAD", "POST ", " ", "bad-value", "POST,GET"])("rejects %j", (methods) => {
    expect(messageOf({ methods })).toBe("methods has unexpected value");
  });
});
