import { describe, expect, test } from "vitest";
import { FakeServer } from "../src/index.js";
import { call } from "./helpers.js";

async function run(seed: number | string | undefined) {
  const fake = new FakeServer(seed === undefined ? { clock: { start: 0 } } : { seed, clock: { start: 0 } });
  const project = fake.createProject();
  const channel = fake.addChannel(project.id, { kind: "email" });
  const created = await call(fake, "POST", "/api/v3/checks/", { key: project.readWriteKey as string, body: {} });
  return { project, channel, check: created.json };
}

describe("determinism", () => {
  test("the same seed gives the same UUIDs and keys", async () => {
    expect(await run("abc")).toEqual(await run("abc"));
    expect(await run(42)).toEqual(await run(42));
  });

  test("different seeds, or no seed, give different ones", async () => {
    expect((await run("abc")).project.id).not.toBe((await run("abd")).project.id);
    expect((await run(undefined)).project.id).not.toBe((await run(undefined)).project.id);
  });

  test("generated identifiers have the service's shapes", async () => {
    const { project, check } = await run(1);
    expect(project.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(project.readWriteKey).toMatch(/^hcw_[A-Za-z0-9]{28}$/);
    expect(project.readOnlyKey).toMatch(/^hcr_[A-Za-z0-9]{28}$/);
    expect(project.pingKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(project.badgeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(check.ping_url).toMatch(/\/ping\/[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });

  test("the virtual clock stands still until moved; real mode follows Date.now()", async () => {
    const virtual = new FakeServer({ clock: { start: "2021-05-05T00:00:00Z" } });
    expect(virtual.clock.now().toISOString()).toBe("2021-05-05T00:00:00.000Z");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(virtual.clock.now().toISOString()).toBe("2021-05-05T00:00:00.000Z");
    virtual.clock.advance(1500);
    expect(virtual.clock.now().toISOString()).toBe("2021-05-05T00:00:01.500Z");
    expect(() => virtual.clock.advance(-1)).toThrow(RangeError);
    expect(() => virtual.clock.set("not a date")).toThrow(RangeError);
    const real = new FakeServer({ clock: { mode: "real" } });
    expect(Math.abs(real.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    real.clock.advance(60_000);
    expect(real.clock.now().getTime() - Date.now()).toBeGreaterThan(59_000);
  });
});
