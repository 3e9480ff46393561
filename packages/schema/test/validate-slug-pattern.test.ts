import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

describe("slug pattern ^[a-z0-9-_]*$", () => {
  it.each(["", "a", "backups", "db-backup_2", "-", "_", "0123456789", "a-b_c-d"])("accepts %j", (slug) => {
    expect(messageOf({ slug })).toBe("ok");
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it.each(["Uppercase", "A", "special!", "look spaces", "dots.here", "ümlaut", "tab\t", "line\n", "slash/", " lead", "trail "])(
    "rejects %j",
    (slug) => {
      expect(messageOf({ slug })).toBe("slug does not match pattern");
    },
  );
});
