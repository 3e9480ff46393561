import { describe, expect, expectTypeOf, it } from "vitest";
import { ChecksClient, InvalidResponseError, type Check, type ReadOnlyCheck } from "../src/index.js";
import { MODES, setupFake } from "./fake-helpers.js";
import { answering, BASE, failure, json, liveCheck, UUID } from "./helpers.js";

const UUID_IN_URL = /\/([0-9a-f-]{36})$/;

/** A read-write check as the seed shows it: no `uuid` (nor the other live-only members). */
function seedCheck(overrides: Record<string, unknown> = {}) {
  const { uuid: _u, subject: _s, subject_fail: _sf, filter_http_body: _f, filter_default_fail: _d, badge_url: _b, ...seed } =
    liveCheck(overrides);
  return seed;
}

describe.each(MODES)("every read-write check carries its uuid (%s fake)", (compat) => {
  it("on create, upsert, get, list, update, pause, resume and delete", async () => {
    const { client, readOnly } = setupFake({ compat });
    const created = await client.checks.create({ name: "a", slug: "a" });
    const uuid = UUID_IN_URL.exec(created.update_url)?.[1];
    expect(uuid).toBeDefined();
    expect(created.uuid).toBe(uuid);
    expect(created.ping_url.endsWith(created.uuid)).toBe(true);

    const { check: upserted } = await client.checks.upsert({ name: "a", slug: "a", unique: ["slug"] });
    const [listed] = await client.checks.list();
    const [seen] = await readOnly.checks.list();
    const results = [
      upserted,
      listed,
      await client.checks.get(created.uuid),
      await client.checks.get(seen!.unique_key),
      await client.checks.update(created.uuid, { desc: "d" }),
      await client.checks.pause(created.uuid),
      await client.checks.resume(created.uuid),
      await client.checks.delete(created.uuid),
    ];
    expect(results.map((check) => check?.uuid)).toEqual(Array(results.length).fill(uuid));
  });

  it("keeps read-only checks without a uuid (their representation does not reveal it)", async () => {
    const { client, readOnly } = setupFake({ compat });
    const { uuid } = await client.checks.create({ name: "ro" });
    expect(await readOnly.checks.get(uuid)).not.toHaveProperty("uuid");
    expect((await readOnly.checks.list())[0]).not.toHaveProperty("uuid");
  });
});

describe("the uuid of a check that came without one", () => {
  it("is parsed from update_url, and from ping_url when update_url has none", async () => {
    expect((await answering(json(seedCheck())).checks.get(UUID)).uuid).toBe(UUID);
    const odd = seedCheck({ update_url: `${BASE}/api/v3/checks/latest` });
    expect((await answering(json({ checks: [odd] })).checks.list())[0]?.uuid).toBe(UUID);
  });

  it("is the service's own when present, whatever the URLs say", async () => {
    const other = "0f0e0d0c-0b0a-4908-8706-050403020100";
    expect((await answering(json(liveCheck({ uuid: other }))).checks.get(UUID)).uuid).toBe(other);
  });

  it("makes the response invalid when no URL holds one, naming the member", async () => {
    const hopeless = seedCheck({ update_url: "", ping_url: `${BASE}/ping/` });
    const one = await failure<InvalidResponseError>(answering(json(hopeless)).checks.create({}));
    expect(one).toBeInstanceOf(InvalidResponseError);
    expect(one.fieldPath).toEqual(["update_url"]);
    const list = await failure<InvalidResponseError>(answering(json({ checks: [seedCheck(), hopeless] })).checks.list());
    expect(list.fieldPath).toEqual(["checks", 1, "update_url"]);
    expect(list.message).toContain("checks[1].update_url");
  });

  it("is left out, without an error, when validation is off", async () => {
    const hopeless = seedCheck({ update_url: "", ping_url: "" });
    expect(await answering(json(hopeless), false).checks.get(UUID)).toEqual(hopeless);
    expect((await answering(json(seedCheck()), false).checks.get(UUID)).uuid).toBe(UUID);
  });

  it("is typed as always present on read-write checks and absent from read-only ones", () => {
    expectTypeOf<Check["uuid"]>().toEqualTypeOf<string>();
    expectTypeOf<ReturnType<ChecksClient["checks"]["list"]>>().resolves.toEqualTypeOf<Check[]>();
    expectTypeOf<ReadOnlyCheck>().not.toHaveProperty("uuid");
  });
});
