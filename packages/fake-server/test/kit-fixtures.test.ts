/**
 * The fixtures of `@checks-api/fake-server/vitest`: each test gets its own
 * fake, project and client, made only when it names them, closed after it;
 * a suite's `test.override()` chooses the fake's options; deliveries are
 * recorded, not sent, unless the options ask.
 */
import { connect } from "node:net";
import { ChecksClient } from "@checks-api/sdk";
import { describe, expect } from "vitest";
import { FakeServer } from "../src/index.js";
import { test } from "@checks-api/fake-server/vitest";

const seen: { fake: FakeServer; client: ChecksClient }[] = [];

describe.sequential("each test starts empty", () => {
  for (const round of [1, 2]) {
    test(`round ${round}: a fresh fake with one project and nothing else`, async ({ fake, project, client }) => {
      expect(fake).toBeInstanceOf(FakeServer);
      expect(fake.exportState().projects.map((p) => p.id)).toEqual([project.id]);
      expect(await client.checks.list()).toEqual([]);
      expect(fake.journal()).toHaveLength(1);
      expect(fake.notifications()).toEqual([]);
      // Leave state behind for the next round to not see.
      await client.checks.create({ name: `left by round ${round}`, channels: "*" });
      fake.addChannel(project.id, { kind: "email", value: "ops@example.com" });
      seen.push({ fake, client });
    });
  }

  test("the rounds had fakes of their own, and the first round's is closed", async () => {
    expect(seen).toHaveLength(2);
    expect(seen[0]!.fake).not.toBe(seen[1]!.fake);
    // Its client's dispatcher was closed with it: no more requests through it.
    await expect(seen[0]!.client.checks.list()).rejects.toThrow();
  });
});

const opened: { smtp: number; http: number; closedEarly: number }[] = [];

/** Whether something listens on the port of 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

describe.sequential("listeners the test starts", () => {
  test("serve during the test, and one may be closed early", async ({ fake }) => {
    const smtp = await fake.listenSmtp();
    const http = await fake.listen();
    const early = await fake.listenSmtp();
    await early.close();
    opened.push({ smtp: smtp.port, http: http.port, closedEarly: early.port });
    expect(await listening(smtp.port)).toBe(true);
    expect(await listening(http.port)).toBe(true);
    expect(await listening(early.port)).toBe(false);
  });

  test("are closed with the fake after it", async () => {
    expect(opened).toHaveLength(1);
    expect(await listening(opened[0]!.smtp)).toBe(false);
    expect(await listening(opened[0]!.http)).toBe(false);
  });
});

test("a test that names no fixture makes no fake", ({ task }) => {
  expect(Object.keys(task.context)).not.toContain("fake");
});

test("the client speaks to the project with its read-write key, in-process", async ({ fake, project, client }) => {
  const check = await client.checks.create({ name: "backups" });
  expect(fake.journal({ operation: "createCheck" })).toMatchObject([{ keyKind: "read-write", status: 201 }]);
  expect(check.update_url.startsWith(fake.options.baseUrl)).toBe(true);
  expect(fake.channels(project.id)).toEqual([]);
});

test("records deliveries without sending them", async ({ fake, project, client }) => {
  expect(fake.options.notifications.delivery).toBe("record");
  fake.addChannel(project.id, { kind: "slack", value: "https://hooks.example.com/chat" });
  const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
  await client.ping(uuid).fail();
  await fake.settled();
  expect(fake.notifications()).toMatchObject([{ error: "", requests: [{ url: "https://hooks.example.com/chat", status: null }] }]);
});

describe("a suite that overrides the options", () => {
  test.override({ fakeOptions: { compat: "live", clock: { start: "2026-03-02T01:00:00Z" }, seed: 7 } });

  test("gets a fake with them", ({ fake }) => {
    expect(fake.options.compat).toBe("live");
    expect(fake.clock.now().toISOString()).toBe("2026-03-02T01:00:00.000Z");
    // Deliveries are still recorded: the options did not ask for any.
    expect(fake.options.notifications.delivery).toBe("record");
  });

  test("each test of it alike", ({ project }) => {
    expect(project.readWriteKey).toBe(new FakeServer({ seed: 7 }).createProject().readWriteKey);
  });
});

describe("a suite that hands deliveries to a fetch", () => {
  const received: string[] = [];
  test.override({
    fakeOptions: {
      notifications: {
        fetch: async (request) => {
          received.push(`${request.method} ${request.url}`);
          return new Response(null, { status: 204 });
        },
      },
    },
  });

  test("sends them through it", async ({ fake, project, client }) => {
    expect(fake.options.notifications.delivery).toBe("fetch");
    fake.addChannel(project.id, { kind: "slack", value: "https://hooks.example.com/chat" });
    const { uuid } = await client.checks.create({ name: "backups", channels: "*" });
    await client.ping(uuid).fail();
    await expect(fake).toHaveNotified({ to: "https://hooks.example.com/chat" });
    expect(received).toEqual(["POST https://hooks.example.com/chat"]);
  });
});
