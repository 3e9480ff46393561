import { describe, expect, test } from "vitest";
import { setup } from "./helpers.js";

describe("update", () => {
  test("only members present change; 200 with the representation", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "a", tags: "t", timeout: 300, grace: 120 });
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { desc: "hello" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "a", tags: "t", desc: "hello", timeout: 300, grace: 120 });
  });

  test("empty body or {} is valid", async () => {
    const s = setup();
    const uuid = await s.create();
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}`)).status).toBe(200);
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: {} })).status).toBe(200);
  });

  test("validation error → 400; unknown uuid → 404 page; other project → 403", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { grace: 1 } })).json).toEqual({
      error: "json validation error: grace is too small",
    });
    const missing = await s.rwCall("POST", "/api/v3/checks/00000000-0000-4000-8000-000000000000", { body: {} });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(missing.headers.get("access-control-allow-origin")).toBeNull();
    const other = s.fake.createProject();
    const foreign = s.fake.createCheck(other.id, {});
    expect((await s.rwCall("POST", `/api/v3/checks/${foreign.uuid}`, { body: {} })).status).toBe(403);
  });

  test("kind switches: timeout after schedule makes it simple again; stored schedule survives", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ schedule: "0 5 * * *", tz: "Europe/Riga" });
    const simple = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { timeout: 600 } });
    expect(simple.json.timeout).toBe(600);
    expect(simple.json).not.toHaveProperty("schedule");
    const back = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { schedule: "0 6 * * *" } });
    expect(back.json).toMatchObject({ schedule: "0 6 * * *", tz: "Europe/Riga" });
  });

  test("tz alone on a simple check is stored silently", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { tz: "Asia/Tokyo" } });
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { schedule: "0 0 * * *" } });
    expect(res.json.tz).toBe("Asia/Tokyo");
  });

  test("deprecated subject/subject_fail set keywords and filter_subject; explicit members override", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const a = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { subject: "SUCCESS" } });
    expect(a.json).toMatchObject({ success_kw: "SUCCESS", filter_subject: true, subject: "SUCCESS", subject_fail: "" });
    const b = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { subject: "", subject_fail: "FAIL" } });
    expect(b.json).toMatchObject({ success_kw: "", failure_kw: "FAIL", filter_subject: true, subject: "", subject_fail: "FAIL" });
    const c = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { subject: "OK", filter_subject: false } });
    expect(c.json).toMatchObject({ success_kw: "OK", filter_subject: false, subject: "", subject_fail: "" });
    const d = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { subject: "", subject_fail: "" } });
    expect(d.json.filter_subject).toBe(false);
  });

  test("unique on update: seed ignores it, live type-checks it", async () => {
    const seed = setup();
    const a = await seed.create();
    expect((await seed.rwCall("POST", `/api/v3/checks/${a}`, { body: { unique: "x" } })).status).toBe(200);
    const live = setup({ compat: "live" });
    const b = await live.create();
    expect((await live.rwCall("POST", `/api/v3/checks/${b}`, { body: { unique: "x" } })).json).toEqual({
      error: "json validation error: unique is not an array",
    });
    expect((await live.rwCall("POST", `/api/v3/checks/${b}`, { body: { unique: ["name"], name: "z" } })).json.name).toBe("z");
  });

  test("v3 never derives the slug from the name", async () => {
    const s = setup();
    const uuid = await s.create({ slug: "keep" });
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "New Name" } })).json.slug).toBe("keep");
  });
});
