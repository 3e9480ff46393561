import { describe, expect, it } from "vitest";
import {
  ERROR_MESSAGES,
  ErrorBodySchema,
  invalidChannelIdentifier,
  nonUniqueChannelIdentifier,
  PING_RESPONSES,
} from "@checks-api/schema";

describe("error bodies", () => {
  it("accept the live error messages as {error}", () => {
    for (const error of ["missing api key", "wrong api key", "could not parse request body", "json validation error: timeout is too small"]) {
      expect(ErrorBodySchema.safeParse({ error }).success, error).toBe(true);
    }
  });

  it("reject a body without a string `error`", () => {
    expect(ErrorBodySchema.safeParse({ message: "wrong api key" }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: null }).success).toBe(false);
    expect(ErrorBodySchema.safeParse("wrong api key").success).toBe(false);
  });

  it("hold the service's texts word for word", () => {
    expect(ERROR_MESSAGES).toMatchObject({
      couldNotParseBody: "could not parse request body",
      notAnObject: "json validation error: value is not an object",
      missingApiKey: "missing api key",
      wrongApiKey: "wrong api key",
      emptyChannelIdentifier: "empty channel identifier",
      checkNotPaused: "check is not paused",
    });
    expect(invalidChannelIdentifier(" b")).toBe("invalid channel identifier:  b");
    expect(nonUniqueChannelIdentifier("Ops")).toBe("non-unique channel identifier: Ops");
    expect(PING_RESPONSES).toEqual({
      ok: "OK",
      created: "Created",
      invalidUrlFormat: "invalid url format",
      invalidUuidFormat: "invalid uuid format",
      notFound: "not found",
      ambiguousSlug: "ambiguous slug",
    });
  });
});
