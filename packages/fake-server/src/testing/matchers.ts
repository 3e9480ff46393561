/**
 * The fake server's matchers, for vitest's `expect` and for Jest's: each
 * says whether the fake received something (a ping, a request) or did
 * something (a notification), and when not, shows the runner's diff between
 * the expectation and the closest thing the fake holds, then lists what it
 * did receive, the way `toHaveBeenCalledWith` lists a mock's calls.
 * @module
 */
import type { PingType } from "@checks-api/schema/lite";
import type { Operation } from "../http/router.js";
import type { NotificationFilter } from "../notify/delivery-filter.js";
import type { DeliveryRecord } from "../notify/outbox.js";
import {
  asFake,
  checkLabel,
  describeDelivery,
  describeEntry,
  describePing,
  isAsymmetric,
  listed,
  masked,
  namesOf,
  pingsOf,
  showExpectation,
  type Asymmetric,
  type FakeNames,
  type ReceivedPing,
  type Stringify,
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
 * Each works negated with `.not`. A failure shows the runner's
 * `- Expected / + Received` diff between the expectation and the closest
 * ping, delivery or request the fake holds, then lists what it received;
 * checks and integrations appear by name, never by UUID. An expectation may
 * be given whole as an asymmetric matcher (`expect.objectContaining({ … })`),
 * and any field as one.
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
  /** The runner's printers; without them a failure lists what the fake received, with no diff. */
  utils?: MatcherUtils | undefined;
}

/** What the matchers use of the runner's `this.utils` (vitest's and Jest's have both). */
export interface MatcherUtils {
  /** The `- Expected / + Received` diff of two values. */
  diff(expected: unknown, received: unknown): string | null | undefined;
  /** A value as the runner prints it (asymmetric matchers with their argument). */
  stringify(value: unknown): string;
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
/** Characters of a ping body the diff shows. */
const BODY_DIFFED = 1000;

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
    const wanted = resolve("toHaveReceivedPing", expected, PING_FIELDS);
    const found = pingsOf(fake, check);
    const candidates = (found ?? []).map((ping) => pingCandidate(this, ping));
    const matching = candidates.filter((candidate) => matchesAll(this, candidate, wanted));
    const hint = header(this, "toHaveReceivedPing", "uuid", expected);
    return {
      pass: matching.length > 0,
      message: () => {
        const names = namesOf(fake);
        const expectation = showExpectation(expected, stringifier(this));
        let text: string;
        if (!found) {
          const all = [...names.checks.values()].map((name) => JSON.stringify(name));
          const checks = all.length === 0 ? "no checks" : `${all.length === 1 ? "1 check" : `${all.length} checks`}: ${all.join(", ")}`;
          text = `${hint}\n\nExpected: a ping matching ${expectation}\nReceived: no check has that UUID (the fake has ${checks})`;
        } else if (this.isNot) {
          const list = listed(matching.map((candidate) => candidate.line), ["matching ping", "matching pings"], ` of ${found.length}:`);
          text = `${hint}\n\nExpected: no ping of ${checkLabel(names, check)} matching ${expectation}\nReceived: ${list}`;
        } else {
          const closest = closestDiff(this, candidates, wanted, (_, value) => value);
          const list = listed(candidates.map((candidate) => candidate.line), ["ping of that check", "pings of that check"]);
          text = `${hint}\n\nExpected: a ping of ${checkLabel(names, check)} matching ${expectation}\n${closest}Received: ${list}`;
        }
        return masked(text, names, [check]);
      },
    };
  },

  /** {@link FakeServerMatchers.toHaveNotified}: whether the outbox holds a matching delivery, once every due one has finished. */
  async toHaveNotified(this: MatcherContext, received: unknown, expected: NotificationExpectation = {}): Promise<MatcherResult> {
    const fake = asFake(received, "toHaveNotified");
    const wanted = resolve("toHaveNotified", expected, NOTIFICATION_FIELDS);
    await fake.settled();
    const records = fake.notifications();
    const hint = header(this, "toHaveNotified", undefined, expected);
    // Names are read only for a message, but a delivery's line needs them: read them once, lazily.
    let names: FakeNames | undefined;
    const namesNow = (): FakeNames => (names ??= namesOf(fake));
    const candidates = records.map((record) => deliveryCandidate(this, record, namesNow));
    const matching = candidates.filter((candidate) => matchesAll(this, candidate, wanted));
    return {
      pass: matching.length > 0,
      message: () => {
        const known = namesNow();
        const expectation = isAsymmetric(expected)
          ? showExpectation(expected, stringifier(this))
          : showExpectation(Object.fromEntries(wanted.fields.map(([field, value]) => [field, expectedShown(known, field, value)])), stringifier(this));
        let text: string;
        if (this.isNot) {
          const list = listed(matching.map((candidate) => candidate.line), ["matching delivery", "matching deliveries"], ` of ${records.length}:`);
          text = `${hint}\n\nExpected: no delivery matching ${expectation}\nReceived: ${list}`;
        } else {
          const closest = closestDiff(this, candidates, wanted, (field, value) => expectedShown(known, field, value));
          const list = listed(candidates.map((candidate) => candidate.line), ["delivery", "deliveries"]);
          text = `${hint}\n\nExpected: a delivery matching ${expectation}\n${closest}Received: ${list}`;
        }
        return masked(text, known, records.flatMap((record) => [record.check, record.channel.id]));
      },
    };
  },

  /** {@link FakeServerMatchers.toHaveHandled}: whether the journal holds a request of that operation (and status). */
  toHaveHandled(this: MatcherContext, received: unknown, expected: HandledExpectation): MatcherResult {
    const fake = asFake(received, "toHaveHandled");
    if (!isAsymmetric(expected) && (typeof expected !== "object" || expected === null || !("operation" in expected))) {
      throw new TypeError('toHaveHandled: give the operation, as in toHaveHandled({ operation: "createCheck" })');
    }
    const wanted = resolve("toHaveHandled", expected, HANDLED_FIELDS);
    const entries = fake.journal();
    const candidates = entries.map((entry): Candidate => {
      const view = { operation: entry.operation, status: entry.status };
      return { view, shown: view, line: describeEntry(entry), matches: (field, value) => fieldMatches(this, view[field as keyof typeof view], value) };
    });
    const matching = candidates.filter((candidate) => matchesAll(this, candidate, wanted));
    const hint = header(this, "toHaveHandled", undefined, expected);
    return {
      pass: matching.length > 0,
      message: () => {
        const expectation = showExpectation(expected, stringifier(this));
        let text: string;
        if (this.isNot) {
          const list = listed(matching.map((candidate) => candidate.line), ["matching request", "matching requests"], ` of ${entries.length}:`);
          text = `${hint}\n\nExpected: no request matching ${expectation}\nReceived: ${list}`;
        } else {
          const closest = closestDiff(this, candidates, wanted, (_, value) => value);
          const list = listed(candidates.map((candidate) => candidate.line), ["request in the journal", "requests in the journal"]);
          text = `${hint}\n\nExpected: a request matching ${expectation}\n${closest}Received: ${list}`;
        }
        return masked(text, namesOf(fake));
      },
    };
  },
};

/** One ping, delivery or journal entry, as a matcher compares it and shows it. */
interface Candidate {
  /** What a whole asymmetric expectation is compared with: each field's value. */
  view: Record<string, unknown>;
  /** What the diff shows of each field (names for UUIDs, long bodies cut). */
  shown: Record<string, unknown>;
  /** Its line in the listing. */
  line: string;
  /** Whether the field matches the value expected of it. */
  matches(field: string, expected: unknown): boolean;
}

/** An expectation: its fields, or an asymmetric matcher that takes the whole. */
type Wanted = { fields: Array<[string, unknown]>; whole?: undefined } | { fields: []; whole: Asymmetric };

/**
 * The fields an expectation asks for. `expect.objectContaining({ … })` is
 * read as its fields (each matched as the matcher matches fields); any
 * other asymmetric matcher is compared with each candidate's fields whole.
 */
function resolve(matcher: string, expected: unknown, known: readonly string[]): Wanted {
  if (isAsymmetric(expected)) {
    const { sample } = expected;
    if (String(expected) !== "ObjectContaining" || typeof sample !== "object" || sample === null) return { fields: [], whole: expected };
    return resolve(matcher, sample, known);
  }
  checkFields(matcher, expected, known);
  return { fields: Object.entries(expected as object).filter(([, value]) => value !== undefined) };
}

// A typo (`exit_status`) would otherwise match every ping.
function checkFields(matcher: string, expected: unknown, known: readonly string[]): void {
  if (typeof expected !== "object" || expected === null) throw new TypeError(`${matcher}: the expectation must be an object`);
  for (const name of Object.keys(expected)) {
    if (!known.includes(name)) throw new TypeError(`${matcher}: unknown field "${name}" (the fields: ${known.join(", ")})`);
  }
}

function matchesAll(context: MatcherContext, candidate: Candidate, wanted: Wanted): boolean {
  if (wanted.whole) return context.equals(candidate.view, wanted.whole);
  return wanted.fields.every(([field, value]) => candidate.matches(field, value));
}

/**
 * "Closest:" with the candidate that matches the most fields of the
 * expectation (of equals, one that matches the first field given, then the
 * latest) and the runner's diff between the two,
 * each field the candidate matches shown as the candidate has it, so that
 * only the differences are marked; nothing without a candidate or a diff.
 * @param shownExpected how the message shows a field's expected value
 */
function closestDiff(
  context: MatcherContext,
  candidates: Candidate[],
  wanted: Wanted,
  shownExpected: (field: string, value: unknown) => unknown,
): string {
  let best: Candidate | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    const matched = wanted.fields.map(([field, value]) => candidate.matches(field, value));
    const score = 2 * matched.filter(Boolean).length + (matched[0] === true ? 1 : 0);
    if (score >= bestScore) [best, bestScore] = [candidate, score];
  }
  if (best === undefined || context.utils === undefined) return "";
  let expected: unknown = wanted.whole;
  let received: Record<string, unknown> = best.shown;
  if (!wanted.whole) {
    const from = best;
    expected = Object.fromEntries(wanted.fields.map(([field, value]) => [field, from.matches(field, value) ? from.shown[field] : shownExpected(field, value)]));
    received = Object.fromEntries(wanted.fields.map(([field]) => [field, from.shown[field]]));
  }
  const diff = context.utils.diff(expected, received);
  return `Closest: ${best.line.trim()}\n${diff ? `\n${diff}\n` : ""}\n`;
}

function stringifier(context: MatcherContext): Stringify | undefined {
  const utils = context.utils;
  return utils ? (value) => utils.stringify(value) : undefined;
}

function header(context: MatcherContext, matcher: string, first: string | undefined, expected: object): string {
  const given = isAsymmetric(expected) || Object.keys(expected).length > 0;
  const args = [first, given ? "expected" : undefined].filter((arg) => arg !== undefined).join(", ");
  return `expect(fake)${context.isNot ? ".not" : ""}.${matcher}(${args})`;
}

// A regular expression tests a string; anything else is compared by the runner's equality (asymmetric matchers included).
function fieldMatches(context: MatcherContext, actual: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (expected instanceof RegExp) return typeof actual === "string" && actual.search(expected) !== -1;
  return context.equals(actual, expected);
}

function pingCandidate(context: MatcherContext, ping: ReceivedPing): Candidate {
  const view = { type: ping.type, body: ping.body, exitStatus: ping.exitStatus, rid: ping.rid };
  const body = ping.body.length > BODY_DIFFED ? `${ping.body.slice(0, BODY_DIFFED)}…` : ping.body;
  return {
    view,
    shown: { ...view, body },
    line: describePing(ping),
    matches: (field, value) => fieldMatches(context, view[field as keyof typeof view], value),
  };
}

function deliveryCandidate(context: MatcherContext, record: DeliveryRecord, names: () => FakeNames): Candidate {
  const { channel } = record;
  const destinations = [...record.requests.map((request) => request.url), ...(record.email ? [record.email.to] : [])];
  const view = { check: record.check, channel: channel.name, kind: channel.kind, status: record.flip.status, to: destinations[0] ?? null };
  const matches = (field: string, value: unknown): boolean => {
    if (field === "channel") return fieldMatches(context, channel.id, value) || fieldMatches(context, channel.name, value);
    if (field === "to") return value === undefined || destinations.some((destination) => fieldMatches(context, destination, value));
    return fieldMatches(context, view[field as keyof typeof view], value);
  };
  return {
    view,
    get shown() {
      return { ...view, check: names().checks.get(record.check) ?? "(a deleted check)" };
    },
    get line() {
      return describeDelivery(record, names());
    },
    matches,
  };
}

// What an expectation's check or channel shows: the name of the fake's check or integration of that UUID.
function expectedShown(names: FakeNames, field: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (field === "check") return names.checks.get(value) ?? "(no such check)";
  if (field === "channel") return names.channels.get(value) ?? value;
  return value;
}
