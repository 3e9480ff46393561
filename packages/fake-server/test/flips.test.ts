import { describe, expect, test } from "vitest";
import { call, HOUR, ping, setup } from "./helpers.js";

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
    const s = await flipAt("seed");
    const base = `/api/v3/checks/${s.uuid}/flips/`;
    expect((await s.rwCall("GET", base)).text).toBe('[{"timestamp": "2020-06-01T12:24:32+00:00", "up": 1}]');
    expect((await s.rwCall("GET", `${base}?start=1591014272`)).json).toHaveLength(1);
    const exact = setup({ clock: { start: Date.parse("2020-06-01T12:24:32Z") } });
    const uuid = await exact.create();
    await ping(exact.fake, uuid);
    expect((await exact.rwCall("GET", `/api/v3/checks/${uuid}/flips/?start=1591014272`)).json).toEqual([]);
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

  test("seed lists only up/down flips; live lists pause/resume with up 0", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const uuid = await s.create();
      await ping(s.fake, uuid);
      await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
      await s.rwCall("POST", `/api/v3/checks/${uuid}/resume`);
      const res = await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`);
      const flips = compat === "seed" ? res.json : res.json.flips;
      expect(flips.map((f: { up: number }) => f.up)).toEqual(compat === "seed" ? [1] : [0, 0, 1]);
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
});
