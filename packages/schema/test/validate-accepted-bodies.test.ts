import { describe, expect, it } from "vitest";
import { CHECK_DEFAULTS, validateCheckBody } from "@checks-api/schema";

describe("valid create and update bodies", () => {
  it("accepts a full create body with upsert and returns its members", () => {
    const body = {
      name: "Backups",
      slug: "backups",
      tags: "prod www",
      desc: "Nightly backup",
      timeout: 3600,
      grace: 60,
      manual_resume: false,
      methods: "POST",
      channels: "*",
      unique: ["name"],
      start_kw: "START",
      success_kw: "OK, SUCCESS",
      failure_kw: "FAIL",
      filter_subject: true,
      filter_body: false,
      filter_http_body: true,
      filter_default_fail: false,
    };
    for (const compat of ["seed", "live"] as const) {
      expect(validateCheckBody(body, { compat })).toEqual({ success: true, data: body });
    }
  });

  it("accepts a cron body, rewriting a legacy tz", () => {
    expect(validateCheckBody({ schedule: "*/5 * * * *", tz: "Europe/Kiev", timeout: 60 })).toEqual({
      success: true,
      data: { schedule: "*/5 * * * *", tz: "Europe/Kyiv", timeout: 60 },
    });
  });

  it("accepts the deprecated subject members (the service's example)", () => {
    expect(validateCheckBody({ subject: "SUCCESS", filter_subject: false })).toEqual({
      success: true,
      data: { subject: "SUCCESS", filter_subject: false },
    });
    expect(validateCheckBody({ subject: "", subject_fail: "" }).success).toBe(true);
  });

  it("accepts an empty update body and channels \"\" (remove all)", () => {
    for (const compat of ["seed", "live"] as const) {
      expect(validateCheckBody({}, { operation: "update", compat })).toEqual({ success: true, data: {} });
      expect(validateCheckBody({ channels: "" }, { operation: "update", compat })).toEqual({ success: true, data: { channels: "" } });
    }
  });

  it("drops api_key and unknown members from the result", () => {
    expect(validateCheckBody({ api_key: "hcw_0123456789abcdefghijklmnopqr", name: "a", kind: "cron" })).toEqual({
      success: true,
      data: { name: "a" },
    });
  });

  it("accepts the create create defaults as an explicit body", () => {
    const { schedule: _schedule, ...defaults } = CHECK_DEFAULTS;
    expect(validateCheckBody(defaults, { compat: "live" })).toEqual({ success: true, data: defaults });
    expect(CHECK_DEFAULTS).toMatchObject({ timeout: 86400, grace: 3600, tz: "UTC", schedule: "* * * * *", methods: "", desc: "" });
  });
});
