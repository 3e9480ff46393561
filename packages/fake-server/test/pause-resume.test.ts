import { describe, expect, test } from "vitest";
import { HOUR, MINUTE, ping, setup } from "./helpers.js";

describe("pause and resume", () => {
  test("pause: status paused, flip, next_ping null, last_ping kept", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    s.fake.clock.advance(MINUTE);
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "paused", next_ping: null, last_ping: "2020-01-01T00:00:00+00:00", started: false });
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips).toEqual([
      { timestamp: "2020-01-01T00:01:00+00:00", up: 0 },
      { timestamp: "2020-01-01T00:00:00+00:00", up: 1 },
    ]);
  });

  test("pausing a paused check is a no-op (no new flip)", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips).toHaveLength(1);
  });

  test("pause clears a pending start", async () => {
    const s = setup();
    const uuid = await s.create();
    await ping(s.fake, uuid, "/start");
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    expect(res.json.started).toBe(false);
  });

  test("pause body must be an object; other members ignored; GET → 405", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`, { body: "[]" })).json).toEqual({
      error: "json validation error: value is not an object",
    });
    expect((await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`, { body: { name: "ignored" } })).json.name).toBe("");
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pause`)).status).toBe(405);
  });

  test("resume: 409 unless paused (live text, seed JSON)", async () => {
    const live = setup({ compat: "live" });
    const a = await live.create();
    const res = await live.rwCall("POST", `/api/v3/checks/${a}/resume`);
    expect(res.status).toBe(409);
    expect(res.text).toBe("check is not paused");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const seed = setup();
    const b = await seed.create();
    const seedRes = await seed.rwCall("POST", `/api/v3/checks/${b}/resume`);
    expect(seedRes.status).toBe(409);
    expect(seedRes.json).toEqual({ error: "check is not paused" });
  });

  test("resume: status new, last_ping null, n_pings kept, flip paused→new (live lists it)", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    s.fake.clock.advance(HOUR);
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}/resume`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "new", last_ping: null, next_ping: null, started: false, n_pings: 1 });
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips[0]).toEqual({ timestamp: "2020-01-01T01:00:00+00:00", up: 0 });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings).toHaveLength(1);
  });

  test("a paused check stays paused by time; a success ping leaves paused", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 60, grace: 60 });
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    s.fake.clock.advance(10 * HOUR);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("paused");
    await ping(s.fake, uuid, "/log");
    await ping(s.fake, uuid, "/start");
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("paused");
    await ping(s.fake, uuid);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("up");
  });

  test("manual_resume: pings to a paused check are logged as ign", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ manual_resume: true });
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    await ping(s.fake, uuid);
    await ping(s.fake, uuid, "/fail");
    const check = (await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json;
    expect(check).toMatchObject({ status: "paused", n_pings: 2, last_ping: null });
    const types = (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings.map((p: { type: string }) => p.type);
    expect(types).toEqual(["ign", "ign"]);
  });
});
