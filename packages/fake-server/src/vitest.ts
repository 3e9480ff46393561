/**
 * `@checks-api/fake-server/vitest`: a vitest `test` whose tests get a fresh
 * fake, a project of it and a client for the project, each closed after the
 * test; importing it also registers the fake's matchers on vitest's
 * `expect`, with their types.
 *
 * Guide: [testing with the fake server](../../../docs/testing.md).
 * @example
 * ```ts
 * import { test } from "@checks-api/fake-server/vitest";
 * import { expect } from "vitest";
 *
 * test("a failing job alerts", async ({ fake, project, client }) => {
 *   fake.addChannel(project.id, { kind: "email", value: "ops@example.com" });
 *   const check = await client.checks.create({ name: "backups", channels: "*" });
 *   await client.ping(check.uuid).fail();
 *   await expect(fake).toHaveNotified({ check: check.uuid, kind: "email", status: "down" });
 * });
 * ```
 * @module @checks-api/fake-server/vitest
 */
import {
  FakeServer,
  type FakeServerOptions,
  type ListenOptions,
  type ProjectInfo,
  type RunningServer,
  type RunningSmtpServer,
  type SmtpListenOptions,
} from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { test as base, expect } from "vitest";
import { fakeServerMatchers, type FakeServerMatchers } from "./testing/matchers.js";

export type { FakeServerMatchers, HandledExpectation, NotificationExpectation, PingExpectation } from "./testing/matchers.js";

expect.extend(fakeServerMatchers);

declare module "vitest" {
  // vitest 4's one interface for `expect()`'s matchers; the type parameter must be vitest's own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends FakeServerMatchers<void> {}
}

/** The fixtures {@link test} gives each test that names them. */
export interface FakeServerFixtures {
  /**
   * The options of the test's fake, `{}` unless a suite overrides them
   * (`test.override({ fakeOptions: { compat: "live" } })`). Notifications
   * are recorded and never sent unless they ask for it (a `notifications.fetch`,
   * or `notifications.delivery: "send"`).
   */
  fakeOptions: FakeServerOptions;
  /**
   * A fresh fake, built with `fakeOptions`, closed after the test, and with
   * it every listener the test started with its `listen()` or
   * `listenSmtp()` (closing one first is fine: a listener closes once).
   */
  fake: FakeServer;
  /** A project of the test's fake, with all four keys. */
  project: ProjectInfo;
  /** A client for the project's read-write key, reaching the fake in-process through its dispatcher. */
  client: ChecksClient;
}

/**
 * vitest's `test`, extended with the {@link FakeServerFixtures}: a test
 * gets those it names, made for it alone. A suite changes the fake's
 * options with `test.override({ fakeOptions })`.
 * @example
 * ```ts
 * describe("in live mode, from a fixed moment", () => {
 *   test.override({ fakeOptions: { compat: "live", clock: { start: "2026-03-02T01:00:00Z" } } });
 *
 *   test("starts at that moment", ({ fake }) => {
 *     expect(fake.clock.now().toISOString()).toBe("2026-03-02T01:00:00.000Z");
 *   });
 * });
 * ```
 */
export const test = base.extend<FakeServerFixtures>({
  // A plain value would be shared by every test; a function gives each its own object.
  // eslint-disable-next-line no-empty-pattern
  fakeOptions: async ({}, use) => {
    await use({});
  },
  fake: async ({ fakeOptions }, use) => {
    const fake = new FixtureFake(recordingUnlessAsked(fakeOptions));
    try {
      await use(fake);
    } finally {
      await fake.closeAll();
    }
  },
  project: async ({ fake }, use) => {
    await use(fake.createProject());
  },
  client: async ({ fake, project }, use) => {
    const dispatcher = fake.dispatcher();
    await use(new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher }));
    await dispatcher.close();
  },
});

/** The same as {@link test}, by the other name vitest gives it. */
export const it = test;

// A listener left open would keep its port and the test process alive after the test.
class FixtureFake extends FakeServer {
  readonly #listeners: Array<{ close(): Promise<void> }> = [];

  override async listen(options?: ListenOptions): Promise<RunningServer> {
    return this.#kept(await super.listen(options));
  }

  override async listenSmtp(options?: SmtpListenOptions): Promise<RunningSmtpServer> {
    return this.#kept(await super.listenSmtp(options));
  }

  /** Closes the listeners the test started, then the fake. */
  async closeAll(): Promise<void> {
    await Promise.all(this.#listeners.map((listener) => listener.close()));
    await this.close();
  }

  // The test may close a listener itself: the second close must not fail or hang.
  #kept<T extends { close(): Promise<void> }>(running: T): T {
    let closing: Promise<void> | undefined;
    const kept = { ...running, close: () => (closing ??= running.close()) };
    this.#listeners.push(kept);
    return kept;
  }
}

// Tests do not reach the network: deliveries are recorded unless the options
// ask for them to be sent (a delivery mode, or a `fetch` to send them through).
function recordingUnlessAsked(options: FakeServerOptions): FakeServerOptions {
  const notifications = options.notifications ?? {};
  if (notifications.delivery !== undefined || notifications.fetch !== undefined) return options;
  return { ...options, notifications: { ...notifications, delivery: "record" } };
}
