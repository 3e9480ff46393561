import { describe, expect, test } from "vitest";
import { setup } from "./helpers.js";

describe("upsert with unique", () => {
  test("a match is updated and answered with 200; no match creates (201)", async () => {
    const s = setup({ compat: "live" });
    const first = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "backup", unique: ["name"] } });
    expect(first.status).toBe(201);
    const again = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "backup", timeout: 120, unique: ["name"] } });
    expect(again.status).toBe(200);
    expect(again.json.uuid).toBe(first.json.uuid);
    expect(again.json.timeout).toBe(120);
    const other = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "other", unique: ["name"] } });
    expect(other.status).toBe(201);
  });

  test("a member named in unique but absent from the body → always create", async () => {
    const s = setup({ compat: "live" });
    await s.rwCall("POST", "/api/v3/checks/", { body: { name: "a" } });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { unique: ["name"] } });
    expect(res.status).toBe(201);
  });

  test("empty unique → create", async () => {
    const s = setup();
    await s.rwCall("POST", "/api/v3/checks/", { body: { name: "a" } });
    expect((await s.rwCall("POST", "/api/v3/checks/", { body: { name: "a", unique: [] } })).status).toBe(201);
  });

  test("all listed members must match, tags compared exactly; the oldest match wins", async () => {
    const s = setup({ compat: "live" });
    const a = await s.create({ name: "n", tags: "a b" });
    await s.create({ name: "n", tags: "a b" });
    const swapped = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "n", tags: "b a", unique: ["name", "tags"] } });
    expect(swapped.status).toBe(201);
    const match = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "n", tags: "a b", unique: ["name", "tags"] } });
    expect(match.status).toBe(200);
    expect(match.json.uuid).toBe(a);
  });

  test("the stored timeout of a cron check still takes part in matching", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 300 });
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { schedule: "0 * * * *" } });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { timeout: 300, unique: ["timeout"] } });
    expect(res.status).toBe(200);
    expect(res.json.uuid).toBe(uuid);
    expect(res.json.timeout).toBe(300);
  });

  test("upsert only searches the key's project", async () => {
    const s = setup({ compat: "live" });
    const other = s.fake.createProject();
    s.fake.createCheck(other.id, { name: "shared" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "shared", unique: ["name"] } });
    expect(res.status).toBe(201);
  });

  test("the seeding helper upserts too", () => {
    const s = setup();
    const a = s.fake.createCheck(s.project.id, { name: "x", unique: ["name"] });
    const b = s.fake.createCheck(s.project.id, { name: "x", grace: 120, unique: ["name"] });
    expect(b.uuid).toBe(a.uuid);
    expect(b.grace).toBe(120);
  });
});
