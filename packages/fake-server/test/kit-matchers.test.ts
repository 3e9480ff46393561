/**
 * The matchers of the test writer's kit, as vitest runs them once
 * `@checks-api/fake-server/vitest` is imported: each passes, fails with
 * vitest's diff against the closest thing the fake holds and a listing of
 * what it received, and works with `.not`.
 */
import { stripVTControlCharacters } from "node:util";
import { describe, expect } from "vitest";
import { fakeServerMatchers } from "@checks-api/fake-server/matchers";
import { test } from "@checks-api/fake-server/vitest";

/** The message of the assertion error `run` throws (or rejects with), without the diff's colours. */
async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error("the assertion passed");
}

const START = "2026-03-02T01:00:00.000Z";

describe("toHaveReceivedPing", () => {
  test.override({ fakeOptions: { clock: { start: START } } });

  test("passes for a ping of the check with the fields given, and .not passes for one the check did not get", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success();
    await client.ping(uuid).fail({ body: "disk full" });
    await client.ping(uuid).exitStatus(3);
    expect(fake).toHaveReceivedPing(uuid);
    expect(fake).toHaveReceivedPing(uuid, { type: "fail", body: "disk full" });
    expect(fake).toHaveReceivedPing(uuid, { type: "fail", body: /disk/, exitStatus: null });
    expect(fake).toHaveReceivedPing(uuid, { exitStatus: 3, type: "fail" });
    expect(fake).toHaveReceivedPing(uuid, { body: expect.stringContaining("full") });
    expect(fake).not.toHaveReceivedPing(uuid, { type: "start" });
    expect(fake).not.toHaveReceivedPing(uuid, { type: "success", body: "disk full" });
  });

  test("fails listing the check's pings, by its name and never its UUID", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success();
    await client.ping(uuid).fail({ body: "disk full" });
    const message = await failure(() => expect(fake).toHaveReceivedPing(uuid, { type: "start" }));
    expect(message).toBe(
      [
        "expect(fake).toHaveReceivedPing(uuid, expected)",
        "",
        'Expected: a ping of the check "backups" matching { type: "start" }',
        `Closest: #2  ${START}  fail  POST  body "disk full"`,
        "",
        "- Expected",
        "+ Received",
        "",
        "  {",
        '-   "type": "start",',
        '+   "type": "fail",',
        "  }",
        "",
        "Received: 2 pings of that check:",
        `  #1  ${START}  success  POST  body ""`,
        `  #2  ${START}  fail  POST  body "disk full"`,
      ].join("\n"),
    );
    expect(message).not.toContain(uuid);
  });

  test("fails under .not listing the pings that match", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success();
    await client.ping(uuid).exitStatus(2);
    const message = await failure(() => expect(fake).not.toHaveReceivedPing(uuid, { type: "fail" }));
    expect(message).toBe(
      [
        "expect(fake).not.toHaveReceivedPing(uuid, expected)",
        "",
        'Expected: no ping of the check "backups" matching { type: "fail" }',
        "Received: 1 matching ping of 2:",
        `  #2  ${START}  fail  POST  exit status 2  body ""`,
      ].join("\n"),
    );
  });

  test("fails for a check the fake does not have, naming the checks it has", async ({ fake, client }) => {
    await client.checks.create({ name: "backups" });
    const message = await failure(() => expect(fake).toHaveReceivedPing("00000000-0000-4000-8000-000000000000"));
    expect(message).toBe(
      'expect(fake).toHaveReceivedPing(uuid)\n\nExpected: a ping matching anything\nReceived: no check has that UUID (the fake has 1 check: "backups")',
    );
    expect(fake).not.toHaveReceivedPing("00000000-0000-4000-8000-000000000000");
  });

  test("refuses a field it does not know, and a received value that is not a fake", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    // @ts-expect-error: exit_status is not a field of the expectation
    expect(() => expect(fake).toHaveReceivedPing(uuid, { exit_status: 1 })).toThrow(
      'toHaveReceivedPing: unknown field "exit_status" (the fields: type, body, exitStatus, rid)',
    );
    expect(() => expect({}).toHaveReceivedPing(uuid)).toThrow("toHaveReceivedPing: expect() must be given a FakeServer");
  });
});

describe("toHaveNotified", () => {
  test("waits for the deliveries and passes for one that matches; .not passes when none does", async ({ fake, project, client }) => {
    const ops = fake.addChannel(project.id, { kind: "email", name: "ops", value: "ops@example.com" });
    fake.addChannel(project.id, { kind: "slack", name: "chat", value: "https://hooks.example.com/chat" });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(uuid).fail();
    // No settled() here: the matcher waits for the deliveries itself.
    await expect(fake).toHaveNotified();
    await expect(fake).toHaveNotified({ check: uuid, status: "down" });
    await expect(fake).toHaveNotified({ channel: ops.id, kind: "email", to: "ops@example.com" });
    await expect(fake).toHaveNotified({ channel: "chat", to: /^https:\/\/hooks\.example\.com\// });
    await expect(fake).not.toHaveNotified({ status: "up" });
    await expect(fake).not.toHaveNotified({ kind: "webhook" });
    await expect(fake).not.toHaveNotified({ channel: "ops", kind: "slack" });
  });

  test("fails listing every delivery, the check by name, with its request or email and error", async ({ fake, project, client }) => {
    fake.addChannel(project.id, { kind: "email", name: "ops", value: "ops@example.com" });
    fake.addChannel(project.id, { kind: "slack", name: "chat", value: "https://hooks.example.com/chat" });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(uuid).fail();
    const message = await failure(() => expect(fake).toHaveNotified({ check: uuid, status: "up" }));
    expect(message).toBe(
      [
        "expect(fake).toHaveNotified(expected)",
        "",
        'Expected: a delivery matching { check: "backups", status: "up" }',
        'Closest: down of the check "backups" to slack "chat": POST https://hooks.example.com/chat → no answer',
        "",
        "- Expected",
        "+ Received",
        "",
        "  {",
        '    "check": "backups",',
        '-   "status": "up",',
        '+   "status": "down",',
        "  }",
        "",
        "Received: 2 deliveries:",
        '  down of the check "backups" to email "ops": email to ops@example.com, "DOWN | backups"',
        '  down of the check "backups" to slack "chat": POST https://hooks.example.com/chat → no answer',
      ].join("\n"),
    );
    expect(message).not.toContain(uuid);
  });

  test("fails under .not listing the deliveries that match, and says when there were none at all", async ({ fake, project, client }) => {
    fake.addChannel(project.id, { kind: "email", name: "ops", value: "ops@example.com" });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    expect(await failure(() => expect(fake).toHaveNotified())).toBe(
      "expect(fake).toHaveNotified()\n\nExpected: a delivery matching anything\nReceived: no deliveries",
    );
    await client.ping(uuid).fail();
    const message = await failure(() => expect(fake).not.toHaveNotified({ kind: "email" }));
    expect(message).toBe(
      [
        "expect(fake).not.toHaveNotified(expected)",
        "",
        'Expected: no delivery matching { kind: "email" }',
        "Received: 1 matching delivery of 1:",
        '  down of the check "backups" to email "ops": email to ops@example.com, "DOWN | backups"',
      ].join("\n"),
    );
  });

  describe("with a receiver that fails", () => {
    test.override({ fakeOptions: { notifications: { fetch: async () => new Response(null, { status: 500 }) } } });

    test("shows the delivery's error and counts the requests past the first", async ({ fake, project, client }) => {
      fake.addChannel(project.id, { kind: "slack", name: "chat", value: "https://hooks.example.com/chat" });
      const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
      await client.ping(uuid).fail();
      const message = await failure(() => expect(fake).toHaveNotified({ status: "up" }));
      expect(message).toContain(
        'Received: 1 delivery:\n  down of the check "backups" to slack "chat": POST https://hooks.example.com/chat → 500 (and 2 more requests) (error: Received status code 500)',
      );
      // A delivery that failed is still a delivery made.
      await expect(fake).toHaveNotified({ kind: "slack", status: "down" });
    });
  });
});

describe("toHaveHandled", () => {
  test("passes for a request of that operation (and status); .not passes for one the fake did not serve", async ({ fake, client }) => {
    await client.checks.create({ name: "backups" });
    await client.checks.list();
    expect(fake).toHaveHandled({ operation: "createCheck" });
    expect(fake).toHaveHandled({ operation: "createCheck", status: 201 });
    expect(fake).toHaveHandled({ operation: "listChecks", status: expect.any(Number) });
    expect(fake).not.toHaveHandled({ operation: "deleteCheck" });
    expect(fake).not.toHaveHandled({ operation: "createCheck", status: 400 });
  });

  test("fails listing the journal, secrets masked", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.checks.get(uuid);
    const message = await failure(() => expect(fake).toHaveHandled({ operation: "deleteCheck" }));
    expect(message).toBe(
      [
        "expect(fake).toHaveHandled(expected)",
        "",
        'Expected: a request matching { operation: "deleteCheck" }',
        "Closest: GET /api/v3/checks/*** → getCheck 200",
        "",
        "- Expected",
        "+ Received",
        "",
        "  {",
        '-   "operation": "deleteCheck",',
        '+   "operation": "getCheck",',
        "  }",
        "",
        "Received: 2 requests in the journal:",
        "  POST /api/v3/checks/ → createCheck 201",
        "  GET /api/v3/checks/*** → getCheck 200",
      ].join("\n"),
    );
  });

  test("fails under .not listing the requests that match", async ({ fake, client }) => {
    await client.checks.create({ name: "backups" });
    await client.checks.list();
    const message = await failure(() => expect(fake).not.toHaveHandled({ operation: "listChecks", status: 200 }));
    expect(message).toBe(
      [
        "expect(fake).not.toHaveHandled(expected)",
        "",
        'Expected: no request matching { operation: "listChecks", status: 200 }',
        "Received: 1 matching request of 2:",
        "  GET /api/v3/checks/ → listChecks 200",
      ].join("\n"),
    );
  });

  test("needs an operation", ({ fake }) => {
    // @ts-expect-error: the operation is required
    expect(() => expect(fake).toHaveHandled({ status: 200 })).toThrow('toHaveHandled: give the operation, as in toHaveHandled({ operation: "createCheck" })');
    // @ts-expect-error: not an operation of the service
    expect(() => expect(fake).toHaveHandled({ operation: "createChecks" })).toThrow(/Expected: a request matching/);
  });
});

describe("asymmetric matchers and names", () => {
  test.override({ fakeOptions: { clock: { start: START } } });

  test("print with their arguments, and the diff marks only the fields that differ", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success({ body: "backup done: 120 files" });
    await client.ping(uuid).fail({ body: "disk full" });
    const message = await failure(() => expect(fake).toHaveReceivedPing(uuid, { type: "success", body: expect.stringContaining("140 files") }));
    expect(message).toBe(
      [
        "expect(fake).toHaveReceivedPing(uuid, expected)",
        "",
        'Expected: a ping of the check "backups" matching { type: "success", body: StringContaining "140 files" }',
        `Closest: #1  ${START}  success  POST  body "backup done: 120 files"`,
        "",
        "- Expected",
        "+ Received",
        "",
        "  {",
        '-   "body": StringContaining "140 files",',
        '+   "body": "backup done: 120 files",',
        '    "type": "success",',
        "  }",
        "",
        "Received: 2 pings of that check:",
        `  #1  ${START}  success  POST  body "backup done: 120 files"`,
        `  #2  ${START}  fail  POST  body "disk full"`,
      ].join("\n"),
    );
  });

  test("take a whole expectation: expect.objectContaining() as its fields, any other compared with each candidate", async ({ fake, project, client }) => {
    fake.addChannel(project.id, { kind: "slack", name: "chat", value: "https://hooks.example.com/chat" });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(uuid).fail({ body: "disk full" });
    expect(fake).toHaveReceivedPing(uuid, expect.objectContaining({ type: "fail", body: /disk/ }));
    expect(fake).not.toHaveReceivedPing(uuid, expect.objectContaining({ type: "start" }));
    expect(fake).toHaveReceivedPing(uuid, expect.anything());
    expect(fake).not.toHaveReceivedPing(uuid, expect.not.objectContaining({ type: "fail" }));
    await expect(fake).toHaveNotified(expect.objectContaining({ check: uuid, kind: "slack" }));
    expect(fake).toHaveHandled(expect.objectContaining({ operation: "createCheck" }));
    expect(() => expect(fake).toHaveReceivedPing(uuid, expect.objectContaining({ exit_status: 1 }))).toThrow(
      'toHaveReceivedPing: unknown field "exit_status" (the fields: type, body, exitStatus, rid)',
    );
    const message = await failure(() => expect(fake).toHaveReceivedPing(uuid, expect.objectContaining({ type: "start" })));
    expect(message).toBe(
      [
        "expect(fake).toHaveReceivedPing(uuid, expected)",
        "",
        'Expected: a ping of the check "backups" matching ObjectContaining { type: "start" }',
        `Closest: #1  ${START}  fail  POST  body "disk full"`,
        "",
        "- Expected",
        "+ Received",
        "",
        "  {",
        '-   "type": "start",',
        '+   "type": "fail",',
        "  }",
        "",
        "Received: 1 ping of that check:",
        `  #1  ${START}  fail  POST  body "disk full"`,
      ].join("\n"),
    );
  });

  test("a failure names checks and integrations, even where a receiver's URL holds the check's UUID", async ({ fake, project, client }) => {
    const value = { method_down: "GET", url_down: "http://hooks.example/$CODE", body_down: "", headers_down: {} };
    const hook = fake.addChannel(project.id, { kind: "webhook", name: "hook", value: JSON.stringify({ ...value, method_up: "GET", url_up: "", body_up: "", headers_up: {} }) });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(uuid).fail();
    await expect(fake).toHaveNotified({ channel: hook.id, to: `http://hooks.example/${uuid}` });
    const message = await failure(() => expect(fake).toHaveNotified({ check: uuid, channel: hook.id, status: "up" }));
    expect(message).not.toContain(uuid);
    expect(message).not.toContain(hook.id);
    expect(message).toContain('Expected: a delivery matching { check: "backups", channel: "hook", status: "up" }');
    expect(message).toContain('down of the check "backups" to webhook "hook": GET http://hooks.example/*** → no answer');
    expect(message).toContain('-   "status": "up",\n+   "status": "down",');
  });
});

describe("the matchers entry, for Jest's expect.extend()", () => {
  test("gives the same matchers, which any runner's this drives", async ({ fake, client }) => {
    expect(Object.keys(fakeServerMatchers).sort()).toEqual(["toHaveHandled", "toHaveNotified", "toHaveReceivedPing"]);
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success();
    const context = { isNot: false, equals: (a: unknown, b: unknown) => Object.is(a, b) };
    expect(fakeServerMatchers.toHaveReceivedPing.call(context, fake, uuid, { type: "success" }).pass).toBe(true);
    expect(fakeServerMatchers.toHaveHandled.call(context, fake, { operation: "ping" }).pass).toBe(true);
    const notified = await fakeServerMatchers.toHaveNotified.call(context, fake, {});
    expect(notified.pass).toBe(false);
    expect(notified.message()).toContain("Received: no deliveries");
    // Without the runner's printers there is no diff, only the listing.
    expect(fakeServerMatchers.toHaveHandled.call(context, fake, { operation: "deleteCheck" }).message()).toBe(
      'expect(fake).toHaveHandled(expected)\n\nExpected: a request matching { operation: "deleteCheck" }\nReceived: 2 requests in the journal:\n' +
        "  POST /api/v3/checks/ → createCheck 201\n  POST /ping/*** → ping 200",
    );
  });

  test("builds the diff with the runner's own utils, as Jest's this.utils gives them", async ({ fake, client }) => {
    const { uuid } = await client.checks.create({ name: "backups" });
    await client.ping(uuid).success();
    const seen: unknown[][] = [];
    const utils = {
      diff: (expected: unknown, received: unknown) => (seen.push([expected, received]), "<the runner's diff>"),
      stringify: (value: unknown) => `<${String(value)}>`,
    };
    const context = { isNot: false, equals: (a: unknown, b: unknown) => Object.is(a, b), utils };
    const message = fakeServerMatchers.toHaveReceivedPing.call(context, fake, uuid, { type: "fail", exitStatus: null }).message();
    expect(seen).toEqual([[{ type: "fail", exitStatus: null }, { type: "success", exitStatus: null }]]);
    const closest = `Closest: #1  ${fake.clock.now().toISOString()}  success  POST  body ""`;
    expect(message).toContain(`${closest}\n\n<the runner's diff>\n\nReceived: 1 ping of that check:`);
  });
});
