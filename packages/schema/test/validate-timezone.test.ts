import { describe, expect, it } from "vitest";
import { validateCheckBody } from "@checks-api/schema";
import { messageOf } from "./fixtures/validate.js";

describe("tz", () => {
  it.each(["UTC", "GMT", "Europe/Riga", "America/Argentina/Buenos_Aires", "Etc/GMT-14", "Etc/GMT+0", "Asia/Ho_Chi_Minh", "America/Port-au-Prince"])(
    "accepts the canonical name %s unchanged",
    (tz) => {
      expect(validateCheckBody({ tz })).toEqual({ success: true, data: { tz } });
    },
  );

  it.each([
    ["Europe/Kiev", "Europe/Kyiv"],
    ["UCT", "Etc/UTC"],
    ["CET", "Europe/Brussels"],
    ["US/Eastern", "America/New_York"],
    ["GMT+0", "Etc/GMT"],
    ["Zulu", "Etc/UTC"],
    ["Iceland", "Africa/Abidjan"],
  ])("rewrites the legacy alias %s to %s", (alias, canonical) => {
    for (const compat of ["seed", "live"] as const) {
      for (const operation of ["create", "update"] as const) {
        expect(validateCheckBody({ tz: alias }, { compat, operation })).toEqual({ success: true, data: { tz: canonical } });
      }
    }
  });

  it.each(["utc", "Utc", "europe/riga", "EUROPE/RIGA", "Europe/kyiv", "not-a-timezone", "", " UTC", "UTC ", "Europe/Riga/", "America/Buenos_Aires/"])(
    "rejects %j (case-sensitive, exact)",
    (tz) => {
      expect(messageOf({ tz })).toBe("tz is not a valid timezone");
    },
  );

  it("rejects names Intl knows but the service's list lacks, and aliases' lowercase forms", () => {
    for (const tz of ["Asia/Calcutta".toLowerCase(), "US/Pacific-New", "Etc/GMT+13", "America/Coyhaique"]) {
      expect(messageOf({ tz }), tz).toBe("tz is not a valid timezone");
    }
  });

  it("rejects Object.prototype member names", () => {
    for (const tz of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(messageOf({ tz }), tz).toBe("tz is not a valid timezone");
    }
  });
});
