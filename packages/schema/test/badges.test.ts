import { describe, expect, it } from "vitest";
import {
  BADGE_KEYS,
  BadgeJsonSchema,
  BadgeListSchema,
  BadgeUrlsSchema,
  SHIELDS_COLORS,
  ShieldsBadgeSchema,
} from "@checks-api/schema";

const ROOT = "http://localhost:8000/badge/67541b37-8b9c-4d17-b952-690eae";

/** The six URLs of one entry, built as the service builds them (its signature vectors). */
function urls(sig: string, tagInUrl: string | null): Record<string, string> {
  const at = (suffix: string, fmt: string) => `${ROOT}/${sig}${suffix}${tagInUrl === null ? "" : `/${tagInUrl}`}.${fmt}`;
  return {
    svg: at("-2", "svg"),
    svg3: at("", "svg"),
    json: at("-2", "json"),
    json3: at("", "json"),
    shields: at("-2", "shields"),
    shields3: at("", "shields"),
  };
}

describe("badge list", () => {
  it("accepts tags plus `*`, each with the six URLs in the service's order", () => {
    const body = {
      badges: { backup: urls("uWBMWATp", "backup"), "db@dc1": urls("BCQJ8Okv", "db%2540dc1"), "*": urls("OEpz__M4", null) },
    };
    expect(BadgeListSchema.safeParse(body).success).toBe(true);
    expect(Object.keys(body.badges["*"])).toEqual([...BADGE_KEYS]);
  });

  it("accepts a project without tags: only `*`", () => {
    expect(BadgeListSchema.safeParse({ badges: { "*": urls("OEpz__M4", null) } }).success).toBe(true);
  });

  it("rejects the seed's editorial slip `the service` in place of `shields`", () => {
    const { shields, ...rest } = urls("OEpz__M4", null);
    const slip = { ...rest, "the service": shields };
    expect(BadgeUrlsSchema.safeParse(slip).success).toBe(false);
    expect(BadgeListSchema.safeParse({ badges: { "*": slip } }).success).toBe(false);
  });

  it("rejects a missing URL, a non-string URL and a missing envelope", () => {
    const { shields3: _dropped, ...five } = urls("OEpz__M4", null);
    expect(BadgeUrlsSchema.safeParse(five).success).toBe(false);
    expect(BadgeUrlsSchema.safeParse({ ...urls("OEpz__M4", null), svg: null }).success).toBe(false);
    expect(BadgeListSchema.safeParse({ "*": urls("OEpz__M4", null) }).success).toBe(false);
  });
});

describe("JSON badge", () => {
  it.each([
    { status: "up", total: 1, grace: 0, down: 0 },
    { status: "up", total: 1, grace: 1, down: 0 },
    { status: "late", total: 1, grace: 1, down: 0 },
    { status: "down", total: 3, grace: 1, down: 2 },
    { status: "up", total: 0, grace: 0, down: 0 },
  ])("accepts the live vector %o", (badge) => {
    expect(BadgeJsonSchema.safeParse(badge).success).toBe(true);
  });

  it.each([
    ["status grace", { status: "grace", total: 1, grace: 1, down: 0 }],
    ["a negative total", { status: "up", total: -1, grace: 0, down: 0 }],
    ["a fractional count", { status: "up", total: 1, grace: 0.5, down: 0 }],
    ["no down count", { status: "up", total: 1, grace: 0 }],
  ])("rejects %s", (_, badge) => {
    expect(BadgeJsonSchema.safeParse(badge).success).toBe(false);
  });
});

describe("Shields badge", () => {
  it("accepts the live vector and every status with its colour", () => {
    expect(ShieldsBadgeSchema.safeParse({ schemaVersion: 1, label: "foo", message: "up", color: "success" }).success)
      .toBe(true);
    for (const [message, color] of Object.entries(SHIELDS_COLORS)) {
      expect(ShieldsBadgeSchema.safeParse({ schemaVersion: 1, label: "Mychecks", message, color }).success).toBe(true);
    }
    expect(SHIELDS_COLORS).toEqual({ up: "success", late: "important", down: "critical" });
  });

  it.each([
    ["schemaVersion 2", { schemaVersion: 2, label: "foo", message: "up", color: "success" }],
    ["a CSS colour", { schemaVersion: 1, label: "foo", message: "up", color: "green" }],
    ["message grace", { schemaVersion: 1, label: "foo", message: "grace", color: "important" }],
    ["no label", { schemaVersion: 1, message: "up", color: "success" }],
  ])("rejects %s", (_, badge) => {
    expect(ShieldsBadgeSchema.safeParse(badge).success).toBe(false);
  });
});
