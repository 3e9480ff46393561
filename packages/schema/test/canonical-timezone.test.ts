import { describe, expect, it } from "vitest";
import { canonicalTimezone, TIMEZONE_ALIASES, TIMEZONES } from "@checks-api/schema";

describe("time-zone list", () => {
  it("has 483 distinct canonical names and 113 aliases", () => {
    expect(TIMEZONES).toHaveLength(483);
    expect(new Set(TIMEZONES).size).toBe(483);
    expect(Object.keys(TIMEZONE_ALIASES)).toHaveLength(113);
  });

  it("has the service's count per prefix", () => {
    const counts: Record<string, number> = {};
    for (const name of TIMEZONES) {
      const prefix = name.includes("/") ? name.slice(0, name.indexOf("/")) : "";
      counts[prefix] = (counts[prefix] ?? 0) + 1;
    }
    expect(counts).toEqual({
      Africa: 53, America: 156, Antarctica: 11, Arctic: 1, Asia: 87, Atlantic: 11, Australia: 14,
      Etc: 35, Europe: 61, Indian: 11, Pacific: 41, "": 2,
    });
  });

  it("maps every canonical name to itself", () => {
    for (const name of TIMEZONES) expect(canonicalTimezone(name)).toBe(name);
  });

  it("maps every alias to a canonical name, and no alias is itself canonical", () => {
    for (const [alias, target] of Object.entries(TIMEZONE_ALIASES)) {
      expect(canonicalTimezone(alias), alias).toBe(target);
      expect(TIMEZONES).toContain(target);
      expect(TIMEZONES).not.toContain(alias);
    }
  });

  it("rewrites the live tests' aliases", () => {
    expect(canonicalTimezone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimezone("UCT")).toBe("Etc/UTC");
    expect(canonicalTimezone("CET")).toBe("Europe/Brussels");
  });

  it("is case-sensitive and exact", () => {
    for (const name of ["utc", "UTC ", "europe/kyiv", "europe/kiev", "us/eastern", "", "Europe"]) {
      expect(canonicalTimezone(name), name).toBeUndefined();
    }
  });

  it("does not resolve inherited object members", () => {
    for (const name of ["constructor", "__proto__", "toString", "valueOf"]) expect(canonicalTimezone(name)).toBeUndefined();
  });
});
