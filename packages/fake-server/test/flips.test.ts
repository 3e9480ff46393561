import { describe, expect, test } from "vitest";
import { FLIP_HISTORY_DROP, FLIP_HISTORY_LIMIT } from "../src/model/status.js";
import { call, HOUR, MINUTE, ping, setup } from "./helpers.js";

const AT = Date.parse("2020-06-01T12:24:32.123Z");

async function flipAt(compat: "seed" | "live") {
  const s = setup({ compat, clock: { start: AT } });
  const uuid = await s.create();
  await ping(s.fake, uuid);
  return { ...s, uuid };
}

describe("list flips", () => {
  test("live test vector: envelope, seconds precision, start/end filters", async () => {
    const s = await flipAt("live");
    const base = `/api/v3/checks/${s.uuid}/flips/`;
    const all = await s.rwCall("GET", base);
    expect(all.text).toBe('{"flips": [{"timestamp": "2020-06-01T12:24:32+00:00", "up": 1}]}');
    expect((await s.rwCall("GET", `${base}?start=1591014300`)).json).toEqual({ flips: [] });
    expect((await s.rwCall("GET", `${base}?end=1591014180`)).json).toEqual({ flips: [] });
    expect((await s.rwCall("GET", `${base}?start=1591014272`)).json.flips).toHaveLength(1);
    expect((await s.rwCall("GET", `${base}?end=1591014272`)).json.flips).toHaveLength(0);
  });

  test("seed: bare array, start is strict", async () => {
    // A check that goes down and comes back up at `at` (seed mode lists only that flip).
    const recoveredAt = async (at: number) => {
      const s = setup({ clock: { start: at - 3 * MINUTE } });
      const uuid = await s.create({ timeout: 60, grace: 60 });
      await ping(s.fake, uuid);
      s.fake.clock.set(new Date(at));
      await ping(s.fake, uuid);
      return { ...s, base: `/api/v3/checks/${uuid}/flips/` };
    };
    const s = await recoveredAt(AT);
    expect((await s.rwCall("GET", `${s.base}?start=1591014272`)).text).toBe('[{"timestamp": "2020-06-01T12:24:32+00:00", "up": 1}]');
    const exact = await recoveredAt(Date.parse("2020-06-01T12:24:32Z"));
    expect((await exact.rwCall("GET", `${exact.base}?start=1591014272`)).json).toEqual([]);
  });

  test("live includes a flip exactly at start", async () => {
    const s = setup({ compat: "live", clock: { start: Date.parse("2020-06-01T12:24:32Z") } });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/?start=1591014272`)).json.flips).toHaveLength(1);
  });

  test("seconds filter; 0 and empty mean no filter; newest first", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    s.fake.clock.advance(2 * HOUR);
    await ping(s.fake, uuid, "/fail");
    const base = `/api/v3/checks/${uuid}/flips/`;
    expect((await s.rwCall("GET", `${base}?seconds=3600`)).json.flips).toEqual([{ timestamp: "2020-01-01T02:00:00+00:00", up: 0 }]);
    expect((await s.rwCall("GET", `${base}?seconds=0`)).json.flips).toHaveLength(2);
    expect((await s.rwCall("GET", `${base}?seconds=`)).json.flips).toHaveLength(2);
    expect((await s.rwCall("GET", `${base}?seconds=%2060.0%20`)).json.flips).toHaveLength(1);
    s.fake.clock.advance(61_000);
    expect((await s.rwCall("GET", `${base}?seconds=60`)).json.flips).toHaveLength(0);
    expect((await s.rwCall("GET", base)).json.flips.map((f: { up: number }) => f.up)).toEqual([0, 1]);
  });

  test("invalid parameters → 400 (live empty, seed JSON), with CORS", async () => {
    const live = await flipAt("live");
    for (const q of ["start=abc", "start=-123", "start=12345678901234567890", "seconds=-123", "seconds=12345678901234567890", "start=", "end="]) {
      const res = await live.rwCall("GET", `/api/v3/checks/${live.uuid}/flips/?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.text).toBe("");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const seed = await flipAt("seed");
    const res = await seed.rwCall("GET", `/api/v3/checks/${seed.uuid}/flips/?start=abc`);
    expect(res.json).toEqual({ error: "invalid query parameters" });
  });

  test("seed lists only up → down and down → up; live lists every change, pause/resume with up 0", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const uuid = await s.create({ timeout: 60, grace: 60 });
      const t0 = s.fake.clock.now().getTime();
      await ping(s.fake, uuid); // new → up
      s.fake.clock.advance(3 * MINUTE); // up → down at t0 + 2 min
      await ping(s.fake, uuid); // down → up at t0 + 3 min
      await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`); // up → paused
      await s.rwCall("POST", `/api/v3/checks/${uuid}/resume`); // paused → new
      s.fake.clock.advance(MINUTE);
      await ping(s.fake, uuid); // new → up
      await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`); // up → paused
      s.fake.clock.advance(MINUTE);
      await ping(s.fake, uuid); // paused → up
      const res = await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`);
      const at = (ms: number) => new Date(t0 + ms).toISOString().replace(".000Z", "+00:00");
      if (compat === "seed") {
        expect(res.headers.get("content-type")).toBe("application/json");
        expect(res.text).toBe(`[{"timestamp": "${at(3 * MINUTE)}", "up": 1}, {"timestamp": "${at(2 * MINUTE)}", "up": 0}]`);
      } else {
        expect(res.json.flips.map((f: { up: number }) => f.up)).toEqual([1, 0, 1, 0, 0, 1, 0, 1]);
      }
    }
  });

  test("by unique key, with a read-only key", async () => {
    const s = await flipAt("live");
    const uniqueKey = (await call(s.fake, "GET", `/api/v3/checks/${s.uuid}`, { key: s.ro })).json.unique_key;
    const res = await call(s.fake, "GET", `/api/v3/checks/${uniqueKey}/flips/`, { key: s.ro });
    expect(res.json.flips).toHaveLength(1);
  });

  test("flips path without slash → 301", async () => {
    const s = await flipAt("live");
    const res = await s.rwCall("GET", `/api/v3/checks/${s.uuid}/flips?seconds=5`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/api/v3/checks/${s.uuid}/flips/?seconds=5`);
  });

  test(`a check keeps at most ${FLIP_HISTORY_LIMIT} flips, the oldest dropped ${FLIP_HISTORY_DROP} at a time`, async () => {
    const s = setup({ compat: "live", clock: { start: AT } });
    const uuid = await s.create();
    const list = async () => (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips as Array<{ timestamp: string; up: number }>;
    const send = (i: number) => s.fake.handle(new Request(`${s.fake.options.baseUrl}/ping/${uuid}${i % 2 === 0 ? "" : "/fail"}`));
    // The oldest hundred flips at AT, the rest a minute later, the newest another minute later.
    for (let i = 0; i < FLIP_HISTORY_LIMIT; i++) {
      if (i === FLIP_HISTORY_DROP || i === FLIP_HISTORY_LIMIT - 1) s.fake.clock.advance(MINUTE);
      await send(i);
    }
    const full = await list();
    expect(full).toHaveLength(FLIP_HISTORY_LIMIT);
    expect(full.filter((flip) => flip.timestamp === "2020-06-01T12:24:32+00:00")).toHaveLength(FLIP_HISTORY_DROP);
    await send(FLIP_HISTORY_LIMIT);
    const pruned = await list();
    expect(pruned).toHaveLength(FLIP_HISTORY_LIMIT + 1 - FLIP_HISTORY_DROP);
    expect(pruned[0]).toEqual({ timestamp: "2020-06-01T12:26:32+00:00", up: 1 });
    expect(pruned.filter((flip) => flip.timestamp === "2020-06-01T12:24:32+00:00")).toEqual([]);
    expect(pruned.at(-1)).toEqual({ timestamp: "2020-06-01T12:25:32+00:00", up: 1 });
  });

  test(`a state document with more than ${FLIP_HISTORY_LIMIT} flips of a check imports the newest`, async () => {
    const s = setup({ compat: "live", clock: { start: AT } });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    const state = s.fake.exportState();
    const [flip] = state.checks[0]!.flips;
    const flips = Array.from({ length: FLIP_HISTORY_LIMIT + 5 }, (_, i) => ({ ...flip!, at: AT - (FLIP_HISTORY_LIMIT + 5 - i) * 1000 }));
    state.checks[0]!.flips = flips;
    s.fake.importState(state);
    const listed = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips as Array<{ timestamp: string }>;
    expect(listed).toHaveLength(FLIP_HISTORY_LIMIT);
    expect(listed.at(-1)!.timestamp).toBe(new Date(flips[5]!.at).toISOString().slice(0, 19) + "+00:00");
  });
});
