import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { call } from "./helpers.js";

const FIRST = Date.parse("0001-01-01T00:00:00.000Z");
const LAST = Date.parse("9999-12-31T23:59:59.999Z");
const JSON_TYPE = { "content-type": "application/json" };

const control = (fake: FakeServer, path: string, body: unknown) =>
  call(fake, "POST", `/__fake/clock/${path}`, { body, headers: JSON_TYPE });

describe("the clock's range: years 1 to 9999", () => {
  it.each([
    [8_639_999_999_999_000],
    [LAST + 1],
    [FIRST - 1],
    ["+010000-01-01T00:00:00Z"],
    ["0000-12-31T23:59:59Z"],
    [-8.64e15],
  ])("refuses to set the clock to %j with a 400 naming the range", async (time) => {
    const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
    const answer = await control(fake, "set", { time });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^the clock runs from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, not to /);
    expect(fake.clock.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(() => fake.clock.set(time)).toThrow(RangeError);
  });

  it("goes to both ends, and not one millisecond past the last", async () => {
    const fake = new FakeServer();
    expect((await control(fake, "set", { time: FIRST })).json).toEqual({ now: "0001-01-01T00:00:00.000Z" });
    expect((await control(fake, "set", { time: "9999-12-31T23:59:59.998Z" })).status).toBe(200);
    expect((await control(fake, "advance", { ms: 1 })).json).toEqual({ now: "9999-12-31T23:59:59.999Z" });
    const past = await control(fake, "advance", { ms: 1 });
    expect(past.status).toBe(400);
    expect(past.json.error).toMatch(/^cannot advance the clock by 1 ms: it runs from 0001/);
    expect((await control(fake, "advance", { ms: 1e300 })).status).toBe(400);
    expect(() => fake.clock.advance(1)).toThrow(RangeError);
    expect(() => new FakeServer({ clock: { start: LAST + 1 } })).toThrow(RangeError);
  });

  it("keeps a real clock set to its end there as time passes: no 5xx, no 400 on reads (the issue's case)", async () => {
    const fake = new FakeServer({ clock: { mode: "real" } });
    const project = fake.createProject();
    fake.createCheck(project.id, { name: "late", timeout: 60 });
    expect((await control(fake, "set", { time: LAST - 1 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.clock.now().getTime()).toBe(LAST);
    const listed = await call(fake, "GET", "/api/v3/checks/", { key: project.readWriteKey ?? "" });
    expect(listed.status).toBe(200);
    expect((await call(fake, "GET", "/__fake/clock")).json).toEqual({ now: "9999-12-31T23:59:59.999Z" });
  });

  it("prints no time past year 9999: a next ping that would fall after it is null, in both modes", async () => {
    for (const compat of ["seed", "live"] as const) {
      const fake = new FakeServer({ clock: { start: LAST - 30_000 }, compat });
      const project = fake.createProject();
      const key = { key: project.readWriteKey ?? "" };
      const created = await call(fake, "POST", "/api/v3/checks/", { ...key, body: { name: "late", timeout: 60, grace: 60 } });
      const uuid = (created.json.ping_url as string).split("/").pop() ?? "";
      await call(fake, "GET", `/ping/${uuid}`);
      const shown = await call(fake, "GET", `/api/v3/checks/${uuid}`, key);
      expect(shown.json).toMatchObject({ status: "up", last_ping: "9999-12-31T23:59:29+00:00", next_ping: null });
      expect((await call(fake, "GET", "/api/v3/checks/", key)).text).not.toMatch(/\+0100|"next_ping": "[^"]*[^0-9+:TZ-][^"]*"/);
      fake.clock.set(LAST);
      expect((await call(fake, "GET", `/api/v3/checks/${uuid}`, key)).json).toMatchObject({ status: "up", next_ping: null });
    }
  });

  it("never answers 5xx at any clock time, for checks of every kind", async () => {
    const kinds = [
      { name: "simple", timeout: 31_536_000, grace: 31_536_000 },
      { name: "cron", schedule: "0 0 29 2 1", tz: "Pacific/Kiritimati", grace: 31_536_000 },
      { name: "oncalendar", schedule: "*-02-29 00:00", tz: "America/Adak" },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(FIRST, LAST, FIRST + 1, LAST - 60_000), fc.integer({ min: FIRST, max: LAST })),
        fc.integer({ min: 0, max: 3 }),
        async (start, steps) => {
          const fake = new FakeServer({ clock: { start }, compat: "live" });
          const project = fake.createProject();
          const key = { key: project.readWriteKey ?? "" };
          const uuids: string[] = [];
          for (const body of kinds) {
            const created = await call(fake, "POST", "/api/v3/checks/", { ...key, body });
            expect(created.status).toBeLessThan(500);
            if (created.status === 201) uuids.push(created.json.uuid as string);
          }
          const answers: number[] = [];
          for (let step = 0; step <= steps; step++) {
            for (const uuid of uuids) {
              answers.push((await call(fake, "POST", `/ping/${uuid}${step % 2 ? "/start" : ""}`, { body: "x" })).status);
              answers.push((await call(fake, "GET", `/api/v3/checks/${uuid}`, key)).status);
              answers.push((await call(fake, "GET", `/api/v3/checks/${uuid}/pings/`, key)).status);
              answers.push((await call(fake, "GET", `/api/v3/checks/${uuid}/flips/`, key)).status);
            }
            answers.push((await call(fake, "GET", "/api/v3/checks/", key)).status);
            answers.push((await call(fake, "GET", "/api/v3/badges/", key)).status);
            answers.push((await call(fake, "GET", "/__fake/journal")).status);
            answers.push((await control(fake, "advance", { ms: 40_000_000_000 })).status);
          }
          answers.push((await call(fake, "GET", "/__fake/state")).status);
          expect(answers.filter((status) => status >= 500)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
