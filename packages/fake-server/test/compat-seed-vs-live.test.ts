import { describe, expect, test } from "vitest";
import { LIVE_CHECK_MEMBERS, SEED_CHECK_MEMBERS } from "@checks-api/schema";
import { call, ping, setup } from "./helpers.js";

describe("seed vs live", () => {
  test("item 5: check member sets; last_duration appears only in live when known", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const uuid = await s.create();
      await ping(s.fake, uuid, "/start");
      s.fake.clock.advance(3000);
      await ping(s.fake, uuid);
      const keys = Object.keys((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json);
      expect(keys, compat).toEqual([...(compat === "seed" ? SEED_CHECK_MEMBERS : LIVE_CHECK_MEMBERS), "timeout"]);
    }
  });

  test("item 7: 4xx bodies — seed JSON everywhere, live bodies and content types exact", async () => {
    const seed = setup();
    const live = setup({ compat: "live" });
    const seedUuid = await seed.create();
    const liveUuid = await live.create();
    const other = { seed: seed.fake.createProject(), live: live.fake.createProject() };

    const s403 = await call(seed.fake, "GET", `/api/v3/checks/${seedUuid}`, { key: other.seed.readWriteKey as string });
    expect(s403.json).toEqual({ error: "access denied" });
    const l403 = await call(live.fake, "GET", `/api/v3/checks/${liveUuid}`, { key: other.live.readWriteKey as string });
    expect(l403.text).toBe("");
    expect(l403.headers.get("content-type")).toBe("text/html; charset=utf-8");

    const s404 = await seed.rwCall("GET", "/api/v3/checks/00000000-0000-4000-8000-000000000000");
    expect(s404.json).toEqual({ error: "not found" });
    expect(s404.headers.get("access-control-allow-origin")).toBeNull();
    const l404 = await live.rwCall("GET", "/api/v3/checks/00000000-0000-4000-8000-000000000000");
    expect(l404.text).toContain("Not Found");

    const s400 = await seed.rwCall("GET", `/api/v3/checks/${seedUuid}/flips/?start=x`);
    expect(s400.json).toEqual({ error: "invalid query parameters" });
    const l400 = await live.rwCall("GET", `/api/v3/checks/${liveUuid}/flips/?start=x`);
    expect(l400.text).toBe("");
  });

  test("ping and badge endpoints keep their live bodies in seed mode", async () => {
    const s = setup();
    const res = await ping(s.fake, "00000000-0000-4000-8000-000000000000");
    expect(res.text).toBe("not found");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  test("item 10: ping date fractions", async () => {
    for (const [compat, date] of [["seed", "2020-01-01T00:00:00.000000+00:00"], ["live", "2020-01-01T00:00:00+00:00"]] as const) {
      const s = setup({ compat });
      const uuid = await s.create();
      await ping(s.fake, uuid);
      expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings[0].date).toBe(date);
    }
  });

  test("item 14: ping_url is base URL + /ping/ in both modes", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat, baseUrl: "https://hc.example.com" });
      const res = await s.rwCall("POST", "/api/v3/checks/", { body: {} });
      expect(res.json.ping_url).toMatch(/^https:\/\/hc\.example\.com\/ping\/[0-9a-f-]{36}$/);
    }
  });

  test("the seeding helper always returns the live representation", () => {
    const s = setup();
    const check = s.fake.createCheck(s.project.id, { name: "seeded" });
    expect(Object.keys(check)).toEqual([...LIVE_CHECK_MEMBERS.filter((m) => m !== "last_duration"), "timeout"]);
  });
});
