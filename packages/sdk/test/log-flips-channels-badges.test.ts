import { describe, expect, it } from "vitest";
import { AuthenticationError, ChecksClient, NotFoundError } from "../src/index.js";
import { FAKE_BASE, MODES, setupFake } from "./fake-helpers.js";

describe.each(MODES)("pings, flips, integrations and badges against the fake (%s)", (compat) => {
  it("lists pings newest first and reads a ping body as text", async () => {
    const { client } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "job" })).uuid;
    await client.ping(uuid).start();
    await client.ping(uuid).success({ body: "all good ✓" });
    const pings = await client.pings.list(uuid);
    expect(pings.map((p) => [p.n, p.type, p.method])).toEqual([
      [2, "success", "POST"],
      [1, "start", "POST"],
    ]);
    expect(pings[0]?.body_url).toMatch(/\/pings\/2\/body$/);
    expect(await client.pings.body(uuid, 2)).toBe("all good ✓");
    await expect(client.pings.body(uuid, 1)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists flips in either answer shape, with seconds, start and end filters", async () => {
    const { client, fake } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "f", timeout: 60, grace: 60 })).uuid;
    await client.ping(uuid).success();
    fake.clock.advance(10 * 60_000);
    await client.ping(uuid).success();
    const upAt = fake.clock.now();
    fake.clock.advance(10 * 60_000);
    // Seed mode does not list the first ping's new → up.
    const flips = await client.flips.list(uuid);
    expect(flips.map((f) => f.up)).toEqual(compat === "seed" ? [0, 1, 0] : [0, 1, 0, 1]);
    expect(await client.flips.list(uuid, { seconds: 60 })).toEqual([]);
    expect(await client.flips.list(uuid, { end: upAt })).toHaveLength(compat === "seed" ? 1 : 2);
    const sinceUp = await client.flips.list(uuid, { start: Math.floor(upAt.getTime() / 1000) - 1 });
    expect(sinceUp).toHaveLength(2);
  });

  it("lists integrations and badges", async () => {
    const { client, fake, project } = setupFake({ compat });
    const channel = fake.addChannel(project.id, { kind: "slack", name: "alerts" });
    expect(await client.channels.list()).toEqual([{ id: channel.id, name: "alerts", kind: "slack" }]);
    await client.checks.create({ name: "b", tags: "prod" });
    const badges = await client.badges.list();
    expect(Object.keys(badges).sort()).toEqual(["*", "prod"]);
    expect(Object.keys(badges.prod ?? {})).toEqual(["svg", "svg3", "json", "json3", "shields", "shields3"]);
  });

  it("gets 401 when a legacy read-only key is used as a read-write key", async () => {
    const { fake } = setupFake({ compat });
    const legacy = fake.createProject({ readOnlyKey: "L".repeat(32) });
    const client = new ChecksClient({ apiKey: legacy.readOnlyKey as string, baseUrl: FAKE_BASE, dispatcher: fake.dispatcher() });
    expect(await client.checks.list()).toEqual([]);
    await expect(client.channels.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
