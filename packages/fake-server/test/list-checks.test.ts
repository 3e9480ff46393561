import { describe, expect, test } from "vitest";
import { LIVE_READ_ONLY_CHECK_MEMBERS, SEED_READ_ONLY_CHECK_MEMBERS } from "@checks-api/schema";
import { call, setup } from "./helpers.js";

async function names(s: ReturnType<typeof setup>, query: string, key = s.rw): Promise<string[]> {
  const res = await call(s.fake, "GET", `/api/v3/checks/${query}`, { key });
  return res.json.checks.map((c: { name: string }) => c.name);
}

describe("list checks", () => {
  test("creation order, own project only, {checks: []} when empty", async () => {
    const s = setup();
    expect((await s.rwCall("GET", "/api/v3/checks/")).json).toEqual({ checks: [] });
    await s.create({ name: "b" });
    await s.create({ name: "a" });
    s.fake.createCheck(s.fake.createProject().id, { name: "foreign" });
    expect(await names(s, "")).toEqual(["b", "a"]);
  });

  test("tag filter: every tag, whole tags, case-sensitive, duplicates once, empty matches nothing", async () => {
    const s = setup();
    await s.create({ name: "one", tags: "prod db" });
    await s.create({ name: "two", tags: "prod  web" });
    await s.create({ name: "three", tags: "a1-tag" });
    expect(await names(s, "?tag=prod")).toEqual(["one", "two"]);
    expect(await names(s, "?tag=prod&tag=db")).toEqual(["one"]);
    expect(await names(s, "?tag=prod&tag=prod")).toEqual(["one", "two"]);
    expect(await names(s, "?tag=tag")).toEqual([]);
    expect(await names(s, "?tag=PROD")).toEqual([]);
    expect(await names(s, "?tag=")).toEqual([]);
  });

  test("slug filter: exact, last value wins, combines with tag", async () => {
    const s = setup();
    await s.create({ name: "one", slug: "backup", tags: "x" });
    await s.create({ name: "two", slug: "other", tags: "x" });
    await s.create({ name: "three" });
    expect(await names(s, "?slug=backup")).toEqual(["one"]);
    expect(await names(s, "?slug=backup&slug=other")).toEqual(["two"]);
    expect(await names(s, "?slug=other&tag=x")).toEqual(["two"]);
    expect(await names(s, "?unknown=1")).toEqual(["one", "two", "three"]);
  });

  test("empty slug: seed filters on it, live ignores it", async () => {
    const seed = setup();
    await seed.create({ name: "with", slug: "s" });
    await seed.create({ name: "without" });
    expect(await names(seed, "?slug=")).toEqual(["without"]);
    const live = setup({ compat: "live" });
    await live.create({ name: "with", slug: "s" });
    await live.create({ name: "without" });
    expect(await names(live, "?slug=")).toEqual(["with", "without"]);
  });

  test("read-only keys get read-only representations (live and seed orders)", async () => {
    const live = setup({ compat: "live" });
    await live.create();
    const res = await call(live.fake, "GET", "/api/v3/checks/", { key: live.ro });
    expect(Object.keys(res.json.checks[0])).toEqual([
      ...LIVE_READ_ONLY_CHECK_MEMBERS.filter((m) => m !== "last_duration"),
      "timeout",
    ]);
    expect(res.json.checks[0].unique_key).toMatch(/^[0-9a-f]{40}$/);
    const seed = setup();
    await seed.create();
    const seedRes = await call(seed.fake, "GET", "/api/v3/checks/", { key: seed.ro });
    expect(Object.keys(seedRes.json.checks[0])).toEqual([...SEED_READ_ONLY_CHECK_MEMBERS, "timeout"]);
  });
});
