import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ChecksClient,
  createClient,
  checkUuid,
  InvalidResponseError,
  ReadOnlyChecksClient,
  uniqueKeyOf,
  type Check,
  type ReadOnlyCheck,
  type UpsertResult,
} from "../src/index.js";
import { createClient as createFetchClient } from "../src/fetch.js";
import { FAKE_BASE, MODES, setupFake } from "./fake-helpers.js";
import { RO_KEY, RW_KEY } from "./helpers.js";

describe.each(MODES)("read-only client against the fake (%s)", (compat) => {
  it("lists and gets checks in the read-only representation", async () => {
    const { client, readOnly } = setupFake({ compat });
    const created = await client.checks.create({ name: "ro", tags: "t" });
    const [check] = await readOnly.checks.list({ tag: "t" });
    expect(check).toBeDefined();
    expect(check).toHaveProperty("unique_key");
    for (const member of ["uuid", "ping_url", "update_url", "pause_url", "resume_url", "channels"]) {
      expect(check).not.toHaveProperty(member);
    }
    const uuid = created.uuid;
    expect(check?.unique_key).toBe(await uniqueKeyOf(uuid));
    expect(await readOnly.checks.get(uuid)).toEqual(check);
    expect(await readOnly.checks.get(check?.unique_key as string)).toEqual(check);
    expect(await readOnly.flips.list(check?.unique_key as string)).toEqual([]);
    expect(Object.keys(await readOnly.badges.list())).toContain("*");
  });

  it("turns a read-only check back into its URLs when the UUID is known", async () => {
    const { client, readOnly } = setupFake({ compat });
    const created = await client.checks.create({ name: "urls" });
    const uuid = created.uuid;
    const check = await readOnly.checks.get(uuid);
    const full = await readOnly.withUrls(check, uuid);
    expect(full).toMatchObject({
      uuid,
      ping_url: created.ping_url,
      update_url: created.update_url,
      pause_url: created.pause_url,
      resume_url: created.resume_url,
    });
    await expect(readOnly.withUrls(check, "00000000-0000-0000-0000-000000000000")).rejects.toThrow(TypeError);
    // A UUID from an unset environment variable: a message that says so, not a crash on undefined.
    await expect(readOnly.withUrls(check, undefined as unknown as string)).rejects.toThrow(
      new TypeError("the check UUID is missing (undefined) — is an environment variable unset?"),
    );
    expect(() => readOnly.checkUrls("")).toThrow(new TypeError("the check UUID is missing (an empty string) — is an environment variable unset?"));
    await expect(uniqueKeyOf(42 as unknown as string)).rejects.toThrow(new TypeError("not a check UUID"));
  });

  it("rejects a read-write answer where the read-only representation was promised", async () => {
    const { fake } = setupFake({ compat });
    const legacy = fake.createProject({ readWriteKey: "V".repeat(32) });
    const uuid = checkUuid(fake.createCheck(legacy.id, { name: "rw" }));
    const misdeclared = new ReadOnlyChecksClient({ apiKey: "V".repeat(32), baseUrl: FAKE_BASE, dispatcher: fake.dispatcher() });
    const one = await misdeclared.checks.get(uuid).catch((e: unknown) => e);
    expect(one).toBeInstanceOf(InvalidResponseError);
    expect((one as InvalidResponseError).fieldPath).toEqual(["unique_key"]);
    const list = await misdeclared.checks.list().catch((e: unknown) => e);
    expect((list as InvalidResponseError).fieldPath).toEqual(["checks", 0, "unique_key"]);
    expect(await misdeclared.checks.get(uuid, { validate: false })).toHaveProperty("name", "rw");
  });
});

describe("choosing the client by key kind", () => {
  it("picks the class from the prefix or the declared kind", () => {
    expect(createClient({ apiKey: RW_KEY })).toBeInstanceOf(ChecksClient);
    expect(createClient({ apiKey: RO_KEY })).toBeInstanceOf(ReadOnlyChecksClient);
    expect(createClient({ apiKey: "x".repeat(32), keyKind: "read-only" })).toBeInstanceOf(ReadOnlyChecksClient);
    expect(createClient({ apiKey: "x".repeat(32), keyKind: "read-write" })).toBeInstanceOf(ChecksClient);
    expect(createFetchClient({ apiKey: RO_KEY, fetch: globalThis.fetch })).not.toHaveProperty("pings");
  });

  it("refuses an unknown kind and a contradiction, without printing the key", () => {
    expect(() => createClient({ apiKey: "x".repeat(32) })).toThrow(/keyKind/);
    expect(() => createClient({ apiKey: RO_KEY, keyKind: "read-write" })).toThrow(TypeError);
    expect(() => new ChecksClient({ apiKey: RO_KEY })).toThrow(/ReadOnlyChecksClient/);
    expect(() => new ReadOnlyChecksClient({ apiKey: RW_KEY })).toThrow(/ChecksClient/);
    try {
      createClient({ apiKey: RO_KEY, keyKind: "read-write" });
    } catch (error) {
      expect(String(error)).not.toContain(RO_KEY);
    }
  });

  it("has no write methods on the read-only client at run time", () => {
    const ro = new ReadOnlyChecksClient({ apiKey: RO_KEY });
    for (const method of ["create", "upsert", "update", "pause", "resume", "delete"]) {
      expect(method in ro.checks).toBe(false);
    }
    for (const member of ["pings", "channels", "ping", "monitor"]) expect(member in ro).toBe(false);
  });
});

describe("types", () => {
  it("gives the read-only client only the read endpoints and read-only checks", () => {
    expectTypeOf(createClient({ apiKey: "hcr_literal" })).toEqualTypeOf<ReadOnlyChecksClient>();
    expectTypeOf(createClient({ apiKey: "hcw_literal" })).toEqualTypeOf<ChecksClient>();
    expectTypeOf(createClient({ apiKey: "legacy", keyKind: "read-only" })).toEqualTypeOf<ReadOnlyChecksClient>();
    const key: string = RW_KEY;
    expectTypeOf(createClient({ apiKey: key })).toEqualTypeOf<ChecksClient | ReadOnlyChecksClient>();

    expectTypeOf<ReadOnlyChecksClient["checks"]>().not.toHaveProperty("create");
    expectTypeOf<ReadOnlyChecksClient["checks"]>().not.toHaveProperty("delete");
    expectTypeOf<ReadOnlyChecksClient>().not.toHaveProperty("pings");
    expectTypeOf<ReadOnlyChecksClient>().not.toHaveProperty("channels");
    expectTypeOf<ReturnType<ReadOnlyChecksClient["checks"]["get"]>>().resolves.toEqualTypeOf<ReadOnlyCheck>();
    expectTypeOf<ReturnType<ChecksClient["checks"]["get"]>>().resolves.toEqualTypeOf<Check>();

    const ro = new ReadOnlyChecksClient({ apiKey: RO_KEY });
    // @ts-expect-error a read-only key cannot create checks
    expect(() => ro.checks.create({})).toThrow(TypeError);
    // @ts-expect-error nor read the ping log
    expect(ro.pings).toBeUndefined();
  });

  it("types the upsert result as created-or-updated", async () => {
    expectTypeOf<ReturnType<ChecksClient["checks"]["upsert"]>>().resolves.toEqualTypeOf<UpsertResult>();
    expectTypeOf<Extract<UpsertResult, { created: true }>["status"]>().toEqualTypeOf<201>();
    expectTypeOf<Extract<UpsertResult, { created: false }>["status"]>().toEqualTypeOf<200>();
    const client = new ChecksClient({ apiKey: RW_KEY });
    // @ts-expect-error upsert needs `unique`
    await expect(client.checks.upsert({ name: "x" })).rejects.toBeDefined();
  });
});
