/**
 * `fake.notifications(query)` and `fake.journal(query)`: the records that
 * match every field given, all of them without a query; `fake.pings(uuid)`:
 * one check's ping log; the same over the control API and its client.
 */
import { describe, expect } from "vitest";
import { FakeServerClient } from "../src/index.js";
import { test } from "@checks-api/fake-server/vitest";

describe("queries", () => {
  test("notifications() selects by check, channel (UUID or name), kind and status", async ({ fake, project, client }) => {
    const email = fake.addChannel(project.id, { kind: "email", name: "ops", value: "ops@example.com" });
    fake.addChannel(project.id, { kind: "slack", name: "chat", value: "https://hooks.example.com/chat" });
    const backups = await client.checks.create({ name: "backups", channels: "*" });
    const reports = await client.checks.create({ name: "reports", channels: email.id });
    await client.ping(backups.uuid).fail();
    await client.ping(reports.uuid).fail();
    await client.ping(backups.uuid).success();
    await fake.settled();
    const all = fake.notifications();
    expect(all).toHaveLength(5);
    expect(fake.notifications({})).toEqual(all);
    const pick = (query: Parameters<typeof fake.notifications>[0]) =>
      fake.notifications(query).map((record) => `${record.flip.status} ${record.check === backups.uuid ? "backups" : "reports"} ${record.channel.name}`);
    expect(pick({ check: reports.uuid })).toEqual(["down reports ops"]);
    expect(pick({ channel: email.id })).toEqual(["down backups ops", "down reports ops", "up backups ops"]);
    expect(pick({ channel: "chat" })).toEqual(["down backups chat", "up backups chat"]);
    expect(pick({ kind: "slack", status: "up" })).toEqual(["up backups chat"]);
    expect(pick({ check: reports.uuid, status: "up" })).toEqual([]);
  });

  test("journal() selects by operation, check (pings by UUID and by slug included), method in any case, and status", async ({ fake, client, project }) => {
    const backups = await client.checks.create({ name: "backups" });
    const reports = await client.checks.create({ name: "reports", slug: "reports" });
    await client.ping(backups.uuid).success();
    await fake.handle(new Request(`${fake.options.baseUrl}/ping/${project.pingKey}/reports/fail`, { method: "POST" }));
    await client.checks.get(backups.uuid);
    await expect(client.checks.get("00000000-0000-4000-8000-000000000000")).rejects.toThrow();
    const describe = (query: Parameters<typeof fake.journal>[0]) => fake.journal(query).map((entry) => `${entry.method} ${entry.operation} ${entry.status}`);
    expect(fake.journal({})).toEqual(fake.journal());
    expect(describe({ check: backups.uuid })).toEqual(["POST createCheck 201", "POST ping 200", "GET getCheck 200"]);
    expect(describe({ check: reports.uuid })).toEqual(["POST createCheck 201", "POST ping 200"]);
    expect(describe({ operation: "getCheck" })).toEqual(["GET getCheck 200", "GET getCheck 404"]);
    expect(describe({ operation: "getCheck", status: 404 })).toEqual(["GET getCheck 404"]);
    expect(describe({ method: "get" })).toEqual(["GET getCheck 200", "GET getCheck 404"]);
    // The entries selected by check still show its UUID masked.
    expect(fake.journal({ check: backups.uuid }).map((entry) => entry.path).join(" ")).not.toContain(backups.uuid);
  });

  test("the control API and its client take the same queries, and refuse unknown fields and values", async ({ fake, project, client }) => {
    fake.addChannel(project.id, { kind: "email", name: "ops", value: "ops@example.com" });
    const backups = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(backups.uuid).fail();
    await fake.settled();
    const control = new FakeServerClient({ url: fake.options.baseUrl, fetch: (input, init) => fake.handle(new Request(input as string, init)) });
    expect(await control.notifications({ check: backups.uuid, status: "down" })).toEqual(fake.notifications({ check: backups.uuid, status: "down" }));
    expect(await control.notifications({ status: "up" })).toEqual([]);
    expect(await control.journal({ operation: "ping", check: backups.uuid })).toEqual(fake.journal({ operation: "ping" }));
    expect(await control.journal({ operation: null })).toEqual([]);
    expect((await control.journal({ status: 201 })).map((entry) => entry.operation)).toEqual(["createCheck"]);
    const refused = async (path: string) => (await fake.handle(new Request(`${fake.options.baseUrl}/__fake/${path}`))).json();
    expect(await refused("journal?opertion=ping")).toEqual({ error: "unknown query parameter: opertion (the parameters: check, operation, method, status, limit)" });
    expect((await refused("journal?operation=pings")) as { error: string }).toMatchObject({ error: expect.stringMatching(/^unknown operation: pings \(one of listChecks, getCheck, /) });
    expect(await refused("journal?status=ok")).toEqual({ error: "status must be a status code" });
    expect(await refused("notifications?status=late")).toEqual({ error: 'status must be "up" or "down"' });
  });

  test("pings() reads one check's log as the state document holds it, over the control API too, without echoing an unknown UUID", async ({ fake, project, client }) => {
    const backups = await client.checks.create({ name: "backups" });
    const other = await client.checks.create({ name: "other" });
    await client.ping(backups.uuid).success({ body: "all done" });
    await client.ping(backups.uuid).exitStatus(3);
    await client.ping(other.uuid).start();
    const log = fake.pings(backups.uuid);
    expect(log.map((ping) => [ping.n, ping.type, ping.exitStatus ?? null])).toEqual([
      [1, "success", null],
      [2, "fail", 3],
    ]);
    expect(Buffer.from(log[0]!.body!, "base64").toString()).toBe("all done");
    expect(log).toEqual(fake.exportState().checks.find((check) => check.uuid === backups.uuid)!.pings);
    // A UUID is matched as the API and journal({ check }) match it: exactly.
    expect(() => fake.pings(backups.uuid.toUpperCase())).toThrow(RangeError);

    const control = new FakeServerClient({ url: fake.options.baseUrl, fetch: (input, init) => fake.handle(new Request(input as string, init)) });
    expect(await control.pings(backups.uuid)).toEqual(log);
    const unknown = "0b5a3c4e-1f2d-4c6b-9a8e-7d6c5b4a3f21";
    expect(() => fake.pings(unknown)).toThrow(new RangeError("unknown check: no check has that UUID"));
    const refusal = control.pings(unknown);
    await expect(refusal).rejects.toMatchObject({ status: 400, message: "unknown check: no check has that UUID" });
    const wrong = await fake.handle(new Request(`${fake.options.baseUrl}/__fake/checks/${unknown}/pings`, { method: "DELETE" }));
    expect(wrong.status).toBe(405);
    expect(await wrong.text()).not.toContain(unknown);
    const typo = await fake.handle(new Request(`${fake.options.baseUrl}/__fake/checks/${backups.uuid}/pingz`));
    expect(typo.status).toBe(404);
    expect(await typo.json()).toEqual({ error: "unknown control endpoint: GET /__fake/checks/***/pingz" });
    expect(project.id).toBeTruthy();
  });
});
