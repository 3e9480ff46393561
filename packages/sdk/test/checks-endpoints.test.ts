import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  CheckLimitError,
  ChecksClient,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from "../src/index.js";
import { FAKE_BASE, MODES, setupFake } from "./fake-helpers.js";

describe.each(MODES)("checks endpoints against the fake (%s)", (compat) => {
  it("creates a check and gets it back by UUID", async () => {
    const { client } = setupFake({ compat });
    const created = await client.checks.create({ name: "Backup", slug: "backup", tags: "prod db", timeout: 3600 });
    expect(created).toMatchObject({ name: "Backup", slug: "backup", status: "new" });
    const uuid = created.uuid;
    expect(created.ping_url).toBe(`${FAKE_BASE}/ping/${uuid}`);
    const { data, response } = await client.checks.get(uuid).withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(data).toEqual(created);
  });

  it("lists checks by slug and by one or several tags", async () => {
    const { client } = setupFake({ compat });
    await client.checks.create({ name: "a", slug: "a", tags: "prod db" });
    await client.checks.create({ name: "b", slug: "b", tags: "prod" });
    await client.checks.create({ name: "c", slug: "c", tags: "dev" });
    expect((await client.checks.list()).map((c) => c.name)).toEqual(["a", "b", "c"]);
    expect((await client.checks.list({ slug: "b" })).map((c) => c.name)).toEqual(["b"]);
    expect((await client.checks.list({ tag: "prod" })).map((c) => c.name)).toEqual(["a", "b"]);
    expect((await client.checks.list({ tag: ["prod", "db"] })).map((c) => c.name)).toEqual(["a"]);
    expect((await client.checks.list({ tag: "prod", slug: "c" })).map((c) => c.name)).toEqual([]);
  });

  it("upserts: 201 when created, 200 when an existing check matched", async () => {
    const { client } = setupFake({ compat });
    const first = await client.checks.upsert({ name: "nightly", timeout: 120, unique: ["name"] });
    expect(first).toMatchObject({ created: true, status: 201 });
    const second = await client.checks.upsert({ name: "nightly", timeout: 600, unique: ["name"] });
    expect(second).toMatchObject({ created: false, status: 200 });
    expect(second.check.uuid).toBe(first.check.uuid);
    expect("timeout" in second.check && second.check.timeout).toBe(600);
    expect(await client.checks.list()).toHaveLength(1);
  });

  it("updates only the given members and clears channels with an empty string", async () => {
    const { client, fake, project } = setupFake({ compat });
    const channel = fake.addChannel(project.id, { kind: "email", name: "ops" });
    const check = await client.checks.create({ name: "x", channels: "*" });
    expect(check.channels).toBe(channel.id);
    const uuid = check.uuid;
    const updated = await client.checks.update(uuid, { desc: "nightly run", schedule: "0 3 * * *", tz: "Europe/Riga" });
    expect(updated).toMatchObject({ name: "x", desc: "nightly run", schedule: "0 3 * * *", tz: "Europe/Riga" });
    expect(updated.channels).toBe(channel.id);
    const cleared = await client.checks.update(uuid, { channels: "" });
    expect(cleared.channels).toBe("");
  });

  it("reports the service's channel errors as BadRequestError", async () => {
    const { client } = setupFake({ compat });
    const error = await client.checks.create({ channels: "nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errorText).toBe("invalid channel identifier: nope");
  });

  it("pauses, resumes, and refuses to resume a check that is not paused", async () => {
    const { client } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "p" })).uuid;
    expect((await client.checks.pause(uuid)).status).toBe("paused");
    expect((await client.checks.pause(uuid)).status).toBe("paused");
    expect((await client.checks.resume(uuid)).status).toBe("new");
    const error = await client.checks.resume(uuid).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).status).toBe(409);
    expect((error as ConflictError).errorText).toBe("check is not paused");
    expect((error as ConflictError).possiblyApplied).toBe(false);
  });

  it("deletes a check; it is then not found", async () => {
    const { client } = setupFake({ compat });
    const uuid = (await client.checks.create({ name: "gone" })).uuid;
    expect((await client.checks.delete(uuid)).name).toBe("gone");
    await expect(client.checks.get(uuid)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.checks.delete(uuid)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("throws CheckLimitError when the account is full", async () => {
    const { fake } = setupFake({ compat });
    const small = fake.createProject({ checkLimit: 1 });
    const client = new ChecksClient({ apiKey: small.readWriteKey as string, baseUrl: FAKE_BASE, dispatcher: fake.dispatcher() });
    await client.checks.create({ name: "one" });
    const error = await client.checks.create({ name: "two" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckLimitError);
    expect((error as CheckLimitError).status).toBe(403);
  });

  it("maps a wrong key to AuthenticationError and another project's check to ForbiddenError", async () => {
    const { fake, client } = setupFake({ compat });
    const other = fake.createProject();
    const otherClient = new ChecksClient({ apiKey: other.readWriteKey as string, baseUrl: FAKE_BASE, dispatcher: fake.dispatcher() });
    const uuid = (await client.checks.create({ name: "mine" })).uuid;
    await expect(otherClient.checks.get(uuid)).rejects.toBeInstanceOf(ForbiddenError);
    const wrong = new ChecksClient({ apiKey: `hcw_${"x".repeat(28)}`, baseUrl: FAKE_BASE, dispatcher: fake.dispatcher() });
    const error = await wrong.checks.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).errorText).toBe("wrong api key");
  });

  it("gets a check by unique_key (read-write representation for a read-write key)", async () => {
    const { client, readOnly } = setupFake({ compat });
    const created = await client.checks.create({ name: "by-key" });
    const [seen] = await readOnly.checks.list();
    const byKey = await client.checks.get(seen?.unique_key as string);
    expect(byKey.uuid).toBe(created.uuid);
  });
});
