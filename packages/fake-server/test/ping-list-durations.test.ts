import { describe, expect, test } from "vitest";
import { PING_MEMBERS } from "@checks-api/schema";
import { HOUR, MINUTE, ping, setup } from "./helpers.js";

const A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

async function durations(s: ReturnType<typeof setup>, uuid: string): Promise<(number | undefined)[]> {
  const { pings } = (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json;
  return pings.map((p: { duration?: number }) => p.duration).reverse();
}

describe("ping list", () => {
  test("members in order, newest first, date formats per mode", async () => {
    const live = setup({ compat: "live" });
    const uuid = await live.create();
    await ping(live.fake, uuid, "", { method: "POST", body: "x" });
    live.fake.clock.advance(1234);
    await ping(live.fake, uuid, "/start");
    const { pings } = (await live.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json;
    expect(pings.map((p: { n: number }) => p.n)).toEqual([2, 1]);
    expect(Object.keys(pings[1])).toEqual(PING_MEMBERS.filter((m) => m !== "duration"));
    expect(pings[1].date).toBe("2020-01-01T00:00:00+00:00");
    expect(pings[0].date).toBe("2020-01-01T00:00:01.234000+00:00");
    expect(pings[1].body_url).toBe(`http://localhost:8000/api/v3/checks/${uuid}/pings/1/body`);
    expect(pings[0].body_url).toBeNull();
    const seed = setup();
    const id = await seed.create();
    await ping(seed.fake, id);
    expect((await seed.rwCall("GET", `/api/v3/checks/${id}/pings/`)).json.pings[0].date).toBe("2020-01-01T00:00:00.000000+00:00");
  });

  test("list size is min(ping_log_limit, 1000)", async () => {
    const s = setup();
    const p = s.fake.createProject({ pingLogLimit: 3 });
    const check = s.fake.createCheck(p.id, {});
    for (let i = 0; i < 5; i++) await ping(s.fake, check.uuid as string);
    const res = await s.fake.handle(
      new Request(`http://localhost:8000/api/v3/checks/${check.uuid}/pings/`, { headers: { "X-Api-Key": p.readWriteKey as string } }),
    );
    expect(((await res.json()) as { pings: unknown[] }).pings).toHaveLength(3);
  });

  test("durations: two interleaved runs (live test vector)", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, `/start?rid=${A}`);
    s.fake.clock.advance(MINUTE);
    await ping(s.fake, uuid, `/start?rid=${B}`);
    s.fake.clock.advance(MINUTE);
    await ping(s.fake, uuid, `?rid=${A}`);
    s.fake.clock.advance(4 * MINUTE);
    await ping(s.fake, uuid, `?rid=${B}`);
    expect(await durations(s, uuid)).toEqual([undefined, undefined, 120, 300]);
    const { pings } = (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json;
    expect(Object.keys(pings[0]).at(-1)).toBe("duration");
  });

  test("durations: only the first success after a start; ign and log skipped; rounding", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "/start");
    s.fake.clock.advance(1000);
    await ping(s.fake, uuid, "/log");
    s.fake.clock.advance(1000);
    await ping(s.fake, uuid);
    s.fake.clock.advance(1000);
    await ping(s.fake, uuid);
    await ping(s.fake, uuid, "/start");
    s.fake.clock.advance(2998);
    await ping(s.fake, uuid, "/fail");
    expect(await durations(s, uuid)).toEqual([undefined, undefined, 2, undefined, undefined, 3]);
  });

  test("durations: none beyond 72 hours", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "/start");
    s.fake.clock.advance(72 * HOUR + 1000);
    await ping(s.fake, uuid);
    expect(await durations(s, uuid)).toEqual([undefined, undefined]);
  });

  test("durations: eleven orphan successes disable durations of the page", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "/start");
    await ping(s.fake, uuid);
    for (let i = 0; i < 11; i++) {
      await ping(s.fake, uuid, `?rid=${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`);
    }
    expect((await durations(s, uuid)).every((d) => d === undefined)).toBe(true);
  });

  test("durations: the match may lie before the page", async () => {
    const s = setup({ compat: "live" });
    const p = s.fake.createProject({ pingLogLimit: 2 });
    const check = s.fake.createCheck(p.id, {});
    const uuid = check.uuid as string;
    await ping(s.fake, uuid, `/start?rid=${A}`);
    await ping(s.fake, uuid, "/log");
    s.fake.clock.advance(5000);
    await ping(s.fake, uuid, `?rid=${A}`);
    const res = await s.fake.handle(
      new Request(`http://localhost:8000/api/v3/checks/${uuid}/pings/`, { headers: { "X-Api-Key": p.readWriteKey as string } }),
    );
    const { pings } = (await res.json()) as { pings: { n: number; duration?: number }[] };
    expect(pings.map((x) => x.n)).toEqual([3, 2]);
    expect(pings[0]?.duration).toBe(5);
  });
});
