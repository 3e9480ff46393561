/**
 * The fake server's matchers, for vitest's `expect` and for Jest's: each
 * says whether the fake received something (a ping, a request) or did
 * something (a notification), and when not, lists what it did receive, the
 * way `toHaveBeenCalledWith` lists a mock's calls.
 * @module
 */
import type { PingType } from "@checks-api/schema/lite";
import type { Operation } from "../http/router.js";
import type { NotificationFilter } from "../notify/delivery-filter.js";
import type { DeliveryRecord } from "../notify/outbox.js";
import {
  asFake,
  checkLabel,
  checkNames,
  describeDelivery,
  describeEntry,
  describePing,
  listed,
  pingsOf,
  showExpectation,
  type ReceivedPing,
} from "./received.js";

/**
 * What a ping must have to match {@link FakeServerMatchers.toHaveReceivedPing}:
 * every field given (a value, or an asymmetric matcher such as
 * `expect.stringContaining()`); none given, any ping of the check.
 */
export interface PingExpectation {
  /** How the service recorded it: `success`, `fail`, `start`, `log` or `ign`. */
  type?: PingType | undefined;
  /** The kept body (decoded as UTF-8; `""` when there was none): equal to a string, or matching a regular expression. */
  body?: string | RegExp | undefined;
  /** The exit status sent in the URL (`/ping/<uuid>/<status>`), or `null` for none. */
  exitStatus?: number | null | undefined;
  /** The run id sent as `?rid=`, lower case, or `null` for none. */
  rid?: string | null | undefined;
}

/**
 * What a delivery must have to match {@link FakeServerMatchers.toHaveNotified}:
 * every field given (each member of `fake.notifications()`'s filter, or an
 * asymmetric matcher in its place, and `to`); none given, any delivery.
 */
export interface NotificationExpectation extends NotificationFilter {
  /** Where it went: an email's recipient, or the URL of one of the delivery's requests; equal to a string, or matching a regular expression. */
  to?: string | RegExp | undefined;
}

/** What a journal entry must have to match {@link FakeServerMatchers.toHaveHandled}. */
export interface HandledExpectation {
  /** The operation that served the request (`createCheck`, `ping`, `listChecks`…), or `null` for a request none served. */
  operation: Operation | null;
  /** The status code of the answer. */
  status?: number | undefined;
}

/**
 * The fake server's matchers, as `expect(fake)` offers them once they are
 * registered: by importing `@checks-api/fake-server/vitest`, or with
 * `expect.extend(fakeServerMatchers)` from `@checks-api/fake-server/matchers`.
 * Each works negated with `.not`, and fails with a message that lists what
 * the fake received.
 * @typeParam R what a matcher returns: `void` in vitest, Jest's `R`
 */
export interface FakeServerMatchers<R = void> {
  /**
   * Passes when the check's ping log holds a ping that matches `expected`.
   * The log is the service's: the last `pingLogLimit` pings (100 by
   * default), pings by UUID, slug and email alike. A failure lists the
   * pings of the check.
   * @param check the check's UUID
   * @example
   * ```ts
   * await client.ping(uuid).fail({ body: "disk full" });
   * expect(fake).toHaveReceivedPing(uuid, { type: "fail", body: /disk/ });
   * expect(fake).not.toHaveReceivedPing(uuid, { type: "success" });
   * ```
   */
  toHaveReceivedPing(check: string, expected?: PingExpectation): R;
  /**
   * Passes when the outbox holds a delivery that matches `expected`. It
   * waits for `fake.settled()` first, so that deliveries under way count:
   * await it. A failure lists every delivery in the outbox.
   * @example
   * ```ts
   * await client.ping(uuid).fail();
   * await expect(fake).toHaveNotified({ check: uuid, kind: "webhook", status: "down" });
   * await expect(fake).not.toHaveNotified({ status: "up" });
   * ```
   */
  toHaveNotified(expected?: NotificationExpectation): Promise<R>;
  /**
   * Passes when the request journal holds a request served by
   * `expected.operation` (and answered with `expected.status`, when given).
   * A failure lists the journal's entries.
   * @example
   * ```ts
   * await client.checks.create({ name: "backups" });
   * expect(fake).toHaveHandled({ operation: "createCheck", status: 201 });
   * expect(fake).not.toHaveHandled({ operation: "deleteCheck" });
   * ```
   */
  toHaveHandled(expected: HandledExpectation): R;
}

/** What the matchers use of the `this` that vitest and Jest give a matcher. */
export interface MatcherContext {
  /** Whether the assertion is negated with `.not`. */
  isNot: boolean;
  /** The runner's deep equality, which knows asymmetric matchers. */
  equals(a: unknown, b: unknown): boolean;
}

/** A matcher's verdict, as vitest and Jest take it. */
export interface MatcherResult {
  /** Whether the fake holds what was expected (before `.not`). */
  pass: boolean;
  /** The failure message. */
  message: () => string;
}

const PING_FIELDS = ["type", "body", "exitStatus", "rid"] as const;
const NOTIFICATION_FIELDS = ["check", "channel", "kind", "status", "to"] as const;
const HANDLED_FIELDS = ["operation", "status"] as const;

/**
 * The matchers' implementations, for `expect.extend()`: vitest's, or
 * Jest's (`import { fakeServerMatchers } from "@checks-api/fake-server/matchers"`).
 * @example
 * ```ts
 * import { fakeServerMatchers } from "@checks-api/fake-server/matchers";
 * expect.extend(fakeServerMatchers);
 * ```
 */
export const fakeServerMatchers = {
  /** {@link FakeServerMatchers.toHaveReceivedPing}: whether the check's ping log holds a matching ping. */
  toHaveReceivedPing(this: MatcherContext, received: unknown, check: string, expected: PingExpectation = {}): MatcherResult {
    const fake = asFake(received, "toHaveReceivedPing");
    if (typeof check !== "string") throw new TypeError(`toHaveReceivedPing: the check must be given as its UUID, not ${typeof check}`);
    checkFields("toHaveReceivedPing", expected, PING_FIELDS);
    const found = pingsOf(fake, check);
    const matching = found?.filter((ping) => pingMatches(this, ping, expected)) ?? [];
    const hint = header(this, "toHaveReceivedPing", "uuid", expected);
    return {
      pass: matching.length > 0,
      message: () => {
        if (!found) {
          const names = [...checkNames(fake).values()].map((name) => JSON.stringify(name));
          const checks = names.length === 0 ? "no checks" : `${names.length === 1 ? "1 check" : `${names.length} checks`}: ${names.join(", ")}`;
          return `${hint}\n\nExpected: a ping matching ${showExpectation(expected)}\nReceived: no check has that UUID (the fake has ${checks})`;
        }
        const of = checkLabel(checkNames(fake), check);
        if (this.isNot) {
          return `${hint}\n\nExpected: no ping of ${of} matching ${showExpectation(expected)}\nReceived: ${listed(matching.map(describePing), ["matching ping", "matching pings"], ` of ${found.length}:`)}`;
        }
        return `${hint}\n\nExpected: a ping of ${of} matching ${showExpectation(expected)}\nReceived: ${listed(found.map(describePing), ["ping of that check", "pings of that check"])}`;
      },
    };
  },

  /** {@link FakeServerMatchers.toHaveNotified}: whether the outbox holds a matching delivery, once every due one has finished. */
  async toHaveNotified(this: MatcherContext, received: unknown, expected: NotificationExpectation = {}): Promise<MatcherResult> {
    const fake = asFake(received, "toHaveNotified");
    checkFields("toHaveNotified", expected, NOTIFICATION_FIELDS);
    await fake.settled();
    const records = fake.notifications();
    const matching = records.filter((record) => deliveryMatches(this, record, expected));
    const hint = header(this, "toHaveNotified", undefined, expected);
    return {
      pass: matching.length > 0,
      message: () => {
        const names = checkNames(fake);
        const describe = (record: DeliveryRecord) => describeDelivery(record, names);
        const about = expected.check === undefined ? "" : ` (the check: ${checkLabel(names, expected.check).replace(/^the check /, "")})`;
        if (this.isNot) {
          return `${hint}\n\nExpected: no delivery matching ${showExpectation(expected)}${about}\nReceived: ${listed(matching.map(describe), ["matching delivery", "matching deliveries"], ` of ${records.length}:`)}`;
        }
        return `${hint}\n\nExpected: a delivery matching ${showExpectation(expected)}${about}\nReceived: ${listed(records.map(describe), ["delivery", "deliveries"])}`;
      },
    };
  },

  /** {@link FakeServerMatchers.toHaveHandled}: whether the journal holds a request of that operation (and status). */
  toHaveHandled(this: MatcherContext, received: unknown, expected: HandledExpectation): MatcherResult {
    const fake = asFake(received, "toHaveHandled");
    if (typeof expected !== "object" || expected === null || !("operation" in expected)) {
      throw new TypeError('toHaveHandled: give the operation, as in toHaveHandled({ operation: "createCheck" })');
    }
    checkFields("toHaveHandled", expected, HANDLED_FIELDS);
    const entries = fake.journal();
    const matching = entries.filter(
      (entry) => fieldMatches(this, entry.operation, expected.operation) && fieldMatches(this, entry.status, expected.status),
    );
    const hint = header(this, "toHaveHandled", undefined, expected);
    return {
      pass: matching.length > 0,
      message: () => {
        if (this.isNot) {
          return `${hint}\n\nExpected: no request matching ${showExpectation(expected)}\nReceived: ${listed(matching.map(describeEntry), ["matching request", "matching requests"], ` of ${entries.length}:`)}`;
        }
        return `${hint}\n\nExpected: a request matching ${showExpectation(expected)}\nReceived: ${listed(entries.map(describeEntry), ["request in the journal", "requests in the journal"])}`;
      },
    };
  },
};

// A typo (`exit_status`) would otherwise match every ping.
function checkFields(matcher: string, expected: object, known: readonly string[]): void {
  if (typeof expected !== "object" || expected === null) throw new TypeError(`${matcher}: the expectation must be an object`);
  for (const name of Object.keys(expected)) {
    if (!known.includes(name)) throw new TypeError(`${matcher}: unknown field "${name}" (the fields: ${known.join(", ")})`);
  }
}

function header(context: MatcherContext, matcher: string, first: string | undefined, expected: object): string {
  const args = [first, Object.keys(expected).length > 0 ? "expected" : undefined].filter((arg) => arg !== undefined).join(", ");
  return `expect(fake)${context.isNot ? ".not" : ""}.${matcher}(${args})`;
}

// A regular expression tests a string; anything else is compared by the runner's equality (asymmetric matchers included).
function fieldMatches(context: MatcherContext, actual: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (expected instanceof RegExp) return typeof actual === "string" && actual.search(expected) !== -1;
  return context.equals(actual, expected);
}

function pingMatches(context: MatcherContext, ping: ReceivedPing, expected: PingExpectation): boolean {
  return PING_FIELDS.every((field) => fieldMatches(context, ping[field], expected[field]));
}

function deliveryMatches(context: MatcherContext, record: DeliveryRecord, expected: NotificationExpectation): boolean {
  const { channel } = record;
  const destinations = [...record.requests.map((request) => request.url), ...(record.email ? [record.email.to] : [])];
  return (
    fieldMatches(context, record.check, expected.check) &&
    (expected.channel === undefined || fieldMatches(context, channel.id, expected.channel) || fieldMatches(context, channel.name, expected.channel)) &&
    fieldMatches(context, channel.kind, expected.kind) &&
    fieldMatches(context, record.flip.status, expected.status) &&
    (expected.to === undefined || destinations.some((destination) => fieldMatches(context, destination, expected.to)))
  );
}
