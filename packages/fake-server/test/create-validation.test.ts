import { describe, expect, test } from "vitest";
import { LIVE_CHECK_MEMBERS, SEED_CHECK_MEMBERS } from "@checks-api/schema";
import { call, setup } from "./helpers.js";

const cases: [unknown, string][] = [
  [{ timeout: 0 }, "timeout is too small"],
  [{ timeout: 31536001 }, "timeout is too large"],
  [{ timeout: "oops" }, "timeout is not a number"],
  [{ name: false }, "name is not a string"],
  [{ name: "01234567890".repeat(20) }, "name is too long"],
  [{ unique: ["status"] }, "an item in 'unique' has unexpected value"],
  [{ unique: "not a list" }, "unique is not an array"],
  [{ schedule: "* * * * * *" }, "schedule is not a valid cron or OnCalendar expression"],
  [{ schedule: "bad-expression" }, "schedule is not a valid cron or OnCalendar expression"],
  [{ schedule: `${"1,".repeat(100)}1 * * * *` }, "schedule is too long"],
  [{ tz: "not-a-timezone" }, "tz is not a valid timezone"],
  [{ tz: "utc" }, "tz is not a valid timezone"],
  [{ manual_resume: "surprise" }, "manual_resume is not a boolean"],
  [{ manual_resume: 1 }, "manual_resume is not a boolean"],
  [{ methods: "post" }, "methods has unexpected value"],
  [{ slug: "Uppercase" }, "slug does not match pattern"],
  [{ slug: "a".repeat(101) }, "slug is too long"],
  [{ start_kw: "A".repeat(201) }, "start_kw is too long"],
  [{ channels: 123 }, "channels is not a string"],
  [{ desc: 123 }, "desc is not a string"],
  [{ name: 5, grace: 1 }, "grace is too small"],
  [{ timeout: null }, "timeout is not a number"],
  [{ grace: true }, "grace is too small"],
  [{ tags: "t".repeat(501) }, "tags is too long"],
  [{ timeout: 86_400_000_000_000 }, "timeout is too large"],
];

describe("create validation", () => {
  test.each(cases)("%j → %s", async (body, message) => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: `json validation error: ${message}` });
    expect(s.fake.exportState().checks).toHaveLength(0);
  });

  test("seed mode accepts fractional timeout and prints an integer", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { timeout: 3600.5 } });
    expect(res.status).toBe(201);
    expect(res.json.timeout).toBe(3600);
  });

  test("live mode refuses fractional timeouts", async () => {
    const s = setup({ compat: "live" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { timeout: 3600.5 } });
    expect(res.json).toEqual({ error: "json validation error: timeout is not a number" });
  });

  test("NaN and Infinity parse (Python JSON) and then fail validation", async () => {
    const s = setup({ compat: "live" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: '{"timeout": NaN}' });
    expect(res.json).toEqual({ error: "json validation error: timeout is not a number" });
    const inf = await s.rwCall("POST", "/api/v3/checks/", { body: '{"grace": -Infinity, "name": "NaN"}' });
    expect(inf.json).toEqual({ error: "json validation error: grace is not a number" });
  });

  test("defaults of a new check, 201, live member order", async () => {
    const s = setup({ compat: "live" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: {} });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual([...LIVE_CHECK_MEMBERS.filter((m) => m !== "last_duration"), "timeout"]);
    expect(Object.keys(res.json)).toHaveLength(29);
    expect(res.json).toMatchObject({
      name: "", slug: "", tags: "", desc: "", grace: 3600, timeout: 86400, n_pings: 0, status: "new",
      started: false, last_ping: null, next_ping: null, manual_resume: false, methods: "", channels: "",
    });
  });

  test("seed member order", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { schedule: "0 * * * *", tz: "Europe/Riga" } });
    expect(Object.keys(res.json)).toEqual([...SEED_CHECK_MEMBERS, "schedule", "tz"]);
    expect(res.json.schedule).toBe("0 * * * *");
    expect(res.json.tz).toBe("Europe/Riga");
  });

  test("schedule wins over timeout in the same body; legacy tz rewritten", async () => {
    const s = setup({ compat: "live" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { timeout: 120, schedule: "*/5 * * * *", tz: "Europe/Kiev" } });
    expect(res.json.schedule).toBe("*/5 * * * *");
    expect(res.json.tz).toBe("Europe/Kyiv");
    expect(res.json).not.toHaveProperty("timeout");
  });

  test("unknown members (and api_key) are ignored", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { whatever: 1, api_key: s.rw, name: "ok" } });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe("ok");
  });

  test("non-ASCII text is escaped in the JSON answer", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "glāžšķūņu" } });
    expect(res.text).toContain('"name": "gl\\u0101\\u017e\\u0161\\u0137\\u016b\\u0146u"');
    expect(res.json.name).toBe("glāžšķūņu");
  });
});

describe("check limit", () => {
  test("create beyond the account's limit → 403; counts all the account's projects", async () => {
    const s = setup({ compat: "live" });
    const a = s.fake.createProject({ account: "acme", checkLimit: 2 });
    const b = s.fake.createProject({ account: "acme" });
    expect(b.checkLimit).toBe(2);
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key: a.readWriteKey as string, body: {} })).status).toBe(201);
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key: b.readWriteKey as string, body: {} })).status).toBe(201);
    const refused = await call(s.fake, "POST", "/api/v3/checks/", { key: a.readWriteKey as string, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.text).toBe("");
  });

  test("seed mode names the reason", async () => {
    const s = setup();
    const a = s.fake.createProject({ checkLimit: 0 });
    const res = await call(s.fake, "POST", "/api/v3/checks/", { key: a.readWriteKey as string, body: {} });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "check limit reached" });
  });

  test("an upsert that matches is not refused", async () => {
    const s = setup({ compat: "live" });
    const a = s.fake.createProject({ checkLimit: 1 });
    const key = a.readWriteKey as string;
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key, body: { name: "x", unique: ["name"] } })).status).toBe(201);
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key, body: { name: "x", unique: ["name"] } })).status).toBe(200);
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key, body: { name: "y", unique: ["name"] } })).status).toBe(403);
  });

  test("the seeding helper throws with the service's message", () => {
    const s = setup();
    expect(() => s.fake.createCheck(s.project.id, { timeout: 1 })).toThrow("json validation error: timeout is too small");
    const p = s.fake.createProject({ checkLimit: 0 });
    expect(() => s.fake.createCheck(p.id, {})).toThrow("check limit reached");
    expect(() => s.fake.createCheck("nope", {})).toThrow(/unknown project/);
  });
});
