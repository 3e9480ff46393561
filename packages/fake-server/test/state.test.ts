import { describe, expect, test } from "vitest";
import { FakeServer } from "../src/index.js";
import { call, HOUR, ping, setup, START } from "./helpers.js";

describe("export and import state", () => {
  test("round trip through JSON keeps checks, pings, bodies, flips, keys and the clock", async () => {
    const s = setup({ compat: "live" });
    const channel = s.fake.addChannel(s.project.id, { kind: "email", name: "ops" });
    const uuid = await s.create({ name: "kept", channels: "*", timeout: 3600, grace: 60 });
    await ping(s.fake, uuid, "", { method: "POST", body: new Uint8Array([1, 2, 255]) });
    s.fake.clock.advance(HOUR / 2);
    const json = JSON.stringify(s.fake.exportState());

    const copy = new FakeServer({ compat: "live", clock: { start: 0 } });
    copy.importState(JSON.parse(json));
    expect(copy.clock.now().getTime()).toBe(START + HOUR / 2);
    const got = await call(copy, "GET", `/api/v3/checks/${uuid}`, { key: s.rw });
    expect(got.json).toMatchObject({ name: "kept", channels: channel.id, n_pings: 1, status: "up" });
    const body = await copy.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/pings/1/body`, { headers: { "X-Api-Key": s.rw } }));
    expect(new Uint8Array(await body.arrayBuffer())).toEqual(new Uint8Array([1, 2, 255]));
    copy.clock.advance(2 * HOUR);
    const flips = (await call(copy, "GET", `/api/v3/checks/${uuid}/flips/`, { key: s.ro })).json.flips;
    expect(flips[0]).toEqual({ timestamp: "2020-01-01T01:01:00+00:00", up: 0 });
    expect((await call(copy, "GET", `/ping/${s.project.pingKey}/none`)).status).toBe(404);
  });

  test("a seeded fake continues its id sequence after import", () => {
    const a = new FakeServer({ seed: 7 });
    a.createProject();
    const state = a.exportState();
    const next = a.createProject().id;
    const b = new FakeServer({ seed: 7 });
    b.importState(state);
    expect(b.createProject().id).toBe(next);
  });

  test("invalid documents are refused", () => {
    const fake = new FakeServer();
    expect(() => fake.importState({ version: 2 } as never)).toThrow(/unsupported version/);
    expect(() => fake.importState({ version: 1, accounts: [], projects: {}, checks: [] } as never)).toThrow(/projects/);
    expect(() => fake.importState(null as never)).toThrow(TypeError);
  });

  test("reset empties everything but keeps the clock", async () => {
    const s = setup();
    await s.create();
    s.fake.clock.advance(1000);
    s.fake.reset();
    expect(s.fake.exportState()).toMatchObject({ projects: [], checks: [], accounts: [] });
    expect(s.fake.clock.now().getTime()).toBe(START + 1000);
    expect(s.fake.journal()).toEqual([]);
    expect((await call(s.fake, "GET", "/api/v3/checks/", { key: s.rw })).status).toBe(401);
  });
});
