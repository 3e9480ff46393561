import { describe, expect, test } from "vitest";
import { DAY, HOUR, MINUTE, ping, setup } from "./helpers.js";

async function get(s: ReturnType<typeof setup>, uuid: string, version = 3) {
  return (await s.rwCall("GET", `/api/v${version}/checks/${uuid}`)).json;
}

describe("status over time", () => {
  test("simple check: new → up → grace → down, flips dated when they happened", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: DAY / 1000, grace: HOUR / 1000 });
    expect((await get(s, uuid)).status).toBe("new");
    await ping(s.fake, uuid);
    expect(await get(s, uuid)).toMatchObject({ status: "up", last_ping: "2020-01-01T00:00:00+00:00", next_ping: "2020-01-02T00:00:00+00:00" });
    s.fake.clock.advance(DAY + 30 * MINUTE);
    expect((await get(s, uuid)).status).toBe("grace");
    s.fake.clock.advance(10 * DAY);
    expect(await get(s, uuid)).toMatchObject({ status: "down", next_ping: null });
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips[0]).toEqual({ timestamp: "2020-01-02T01:00:00+00:00", up: 0 });
  });

  test("the detector runs when the clock moves, not only when someone looks", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 60, grace: 60 });
    await ping(s.fake, uuid);
    s.fake.clock.advance(DAY);
    const state = s.fake.exportState();
    const check = state.checks.find((c) => c.uuid === uuid);
    expect(check?.status).toBe("down");
    expect(check?.flips.at(-1)).toMatchObject({ at: Date.parse("2020-01-01T00:02:00Z"), from: "up", to: "down", reason: "timeout" });
  });

  test("a late success first records up→down (dated), then down→up", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 60, grace: 60 });
    await ping(s.fake, uuid);
    s.fake.clock.set("2020-01-01T05:00:00Z");
    await ping(s.fake, uuid);
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips).toEqual([
      { timestamp: "2020-01-01T05:00:00+00:00", up: 1 },
      { timestamp: "2020-01-01T00:02:00+00:00", up: 0 },
      { timestamp: "2020-01-01T00:00:00+00:00", up: 1 },
    ]);
  });

  test("start pending: next_ping = start time; down after grace from any stored status", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ grace: 3600 });
    s.fake.clock.advance(MINUTE);
    await ping(s.fake, uuid, "/start");
    expect(await get(s, uuid)).toMatchObject({ status: "new", started: true, next_ping: "2020-01-01T00:01:00+00:00" });
    s.fake.clock.advance(HOUR);
    expect(await get(s, uuid)).toMatchObject({ status: "down", started: true });
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips).toEqual([{ timestamp: "2020-01-01T01:01:00+00:00", up: 0 }]);
  });

  test("up with a start: next_ping is the earlier of E and the start; a success closes the run", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 86400 });
    await ping(s.fake, uuid);
    s.fake.clock.advance(HOUR);
    await ping(s.fake, uuid, "/start");
    expect((await get(s, uuid)).next_ping).toBe("2020-01-01T01:00:00+00:00");
    s.fake.clock.advance(90_500);
    await ping(s.fake, uuid);
    const check = await get(s, uuid);
    expect(check).toMatchObject({ started: false, last_duration: 90, next_ping: "2020-01-02T01:01:30+00:00" });
  });

  test("last_duration: whole seconds, truncated; absent after a success that closes no run", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "/start");
    s.fake.clock.advance(500);
    await ping(s.fake, uuid);
    expect((await get(s, uuid)).last_duration).toBe(0);
    await ping(s.fake, uuid);
    expect(await get(s, uuid)).not.toHaveProperty("last_duration");
  });

  test("run ids: a success with another rid keeps the start pending; a fail clears it", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const a = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    const b = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
    await ping(s.fake, uuid, `/start?rid=${a}`);
    await ping(s.fake, uuid, `?rid=${b}`);
    expect((await get(s, uuid)).started).toBe(true);
    await ping(s.fake, uuid, `/fail?rid=${b}`);
    expect((await get(s, uuid)).started).toBe(false);
  });

  test("fail → down; down stays down by time; success → up", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "/fail");
    expect((await get(s, uuid)).status).toBe("down");
    s.fake.clock.advance(100 * DAY);
    await ping(s.fake, uuid, "/start");
    expect(await get(s, uuid)).toMatchObject({ status: "down", next_ping: null, started: true });
    await ping(s.fake, uuid);
    expect((await get(s, uuid)).status).toBe("up");
  });

  test("cron check: up, grace at the fire time, down after grace", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ schedule: "0 0 * * *", tz: "UTC", grace: 3600 });
    await ping(s.fake, uuid);
    expect((await get(s, uuid)).next_ping).toBe("2020-01-02T00:00:00+00:00");
    s.fake.clock.set("2020-01-01T23:59:00Z");
    expect((await get(s, uuid)).status).toBe("up");
    s.fake.clock.set("2020-01-02T00:00:00Z");
    expect((await get(s, uuid)).status).toBe("grace");
    s.fake.clock.set("2020-01-02T01:00:00Z");
    expect((await get(s, uuid)).status).toBe("down");
  });

  test("cron in a time zone", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ schedule: "0 10 * * *", tz: "Australia/Brisbane" });
    await ping(s.fake, uuid);
    expect((await get(s, uuid)).next_ping).toBe("2020-01-02T00:00:00+00:00");
  });

  test("an update that makes an up check overdue flips it down dated in the past", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 86400 });
    await ping(s.fake, uuid);
    s.fake.clock.advance(3 * HOUR);
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { timeout: 60, grace: 60 } });
    const check = await get(s, uuid);
    expect(check.status).toBe("down");
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips[0]).toEqual({ timestamp: "2020-01-01T00:02:00+00:00", up: 0 });
  });

  test("v1 reports a pending start as started; v2/v3 the real status", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    await ping(s.fake, uuid, "/start");
    expect((await get(s, uuid, 1)).status).toBe("started");
    expect((await get(s, uuid, 2)).status).toBe("up");
    expect((await get(s, uuid, 3)).status).toBe("up");
  });

  test("moving the clock over many checks dates every flip at its own D", async () => {
    const s = setup({ compat: "live" });
    const uuids: string[] = [];
    for (let i = 1; i <= 5; i++) uuids.push(await s.create({ timeout: 60 * i, grace: 60 }));
    for (const uuid of uuids) await ping(s.fake, uuid);
    s.fake.clock.advance(DAY);
    for (let i = 0; i < 5; i++) {
      const flips = (await s.rwCall("GET", `/api/v3/checks/${uuids[i]}/flips/`)).json.flips;
      expect(flips[0].timestamp).toBe(new Date(Date.parse("2020-01-01T00:00:00Z") + (i + 2) * 60_000).toISOString().slice(0, 19) + "+00:00");
    }
  });

  test("a stale start left pending by another run's success goes down at once, never dated before the up flip", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    await ping(s.fake, uuid, "/start");
    s.fake.clock.advance(HOUR + 1);
    await ping(s.fake, uuid, "?rid=bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
    const check = await get(s, uuid);
    expect(check.status).toBe("down");
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips.map((f: { up: number }) => f.up)).toEqual([0, 1, 0, 1]);
    const times = flips.map((f: { timestamp: string }) => Date.parse(f.timestamp));
    expect([...times].sort((x: number, y: number) => y - x)).toEqual(times);
  });
});
