import { describe, expect, test } from "vitest";
import { BADGE_KEYS } from "@checks-api/schema";
import { call, setup } from "./helpers.js";

describe("list badges", () => {
  test("tags sorted then *, six URLs each in order, double-encoded tags", async () => {
    const s = setup();
    await s.create({ tags: "prod db@dc1" });
    await s.create({ tags: "api prod" });
    const res = await call(s.fake, "GET", "/api/v3/badges/", { key: s.ro });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.badges)).toEqual(["api", "db@dc1", "prod", "*"]);
    const entry = res.json.badges["db@dc1"];
    expect(Object.keys(entry)).toEqual([...BADGE_KEYS]);
    const key = s.project.badgeKey;
    expect(entry.svg).toMatch(new RegExp(`^http://localhost:8000/badge/${key}/[-\\w]{8}-2/db%2540dc1\\.svg$`));
    expect(entry.svg3).toMatch(/\/[-\w]{8}\/db%2540dc1\.svg$/);
    expect(res.json.badges["*"].json).toMatch(new RegExp(`/badge/${key}/[-\\w]{8}-2\\.json$`));
  });

  test("live mode: an account's first project has the service's cut badge key, its later ones a UUID, and both serve badges", async () => {
    const s = setup({ compat: "live" });
    await s.create({ tags: "db" });
    const first = s.project;
    const second = s.fake.createProject({ account: first.account });
    const own = s.fake.createProject({});
    expect(first.badgeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{6}$/);
    expect(second.badgeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(own.badgeKey).toHaveLength(30);
    expect(setup().project.badgeKey).toHaveLength(36);
    const { badges } = (await s.rwCall("GET", "/api/v3/badges/")).json;
    expect(badges.db.svg).toContain(`/badge/${first.badgeKey}/`);
    expect((await call(s.fake, "GET", new URL(badges.db.svg).pathname)).status).toBe(200);
  });

  test("a project without tags has only *", async () => {
    const s = setup();
    expect(Object.keys((await s.rwCall("GET", "/api/v3/badges/")).json.badges)).toEqual(["*"]);
  });

  test("the listed URLs work", async () => {
    const s = setup({ compat: "live" });
    await s.create({ tags: "db@dc1" });
    const { badges } = (await s.rwCall("GET", "/api/v3/badges/")).json;
    for (const url of Object.values(badges["db@dc1"]) as string[]) {
      const res = await s.fake.handle(new Request(url));
      expect(res.status, url).toBe(200);
    }
    const shields = await s.fake.handle(new Request(badges["*"].shields3));
    expect(await shields.text()).toBe('{"schemaVersion": 1, "label": "Mychecks", "message": "up", "color": "success"}');
  });
});
