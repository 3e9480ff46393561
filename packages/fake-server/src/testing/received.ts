/**
 * What the fake received, as the matchers read it and show it in their
 * failure messages: the pings of a check, the delivery records, the journal.
 * A message names a check by its name rather than its UUID (a secret of the
 * ping URL), and the journal's paths come masked; what the test itself
 * passed (its expectation) and what a delivery sent are shown as they are.
 * @module
 */
import type { PingType } from "@checks-api/schema/lite";
import type { FakeServer } from "../fake-server.js";
import type { JournalEntry } from "../http/journal.js";
import type { PingState } from "../model/state.js";
import type { DeliveryRecord } from "../notify/outbox.js";
import { fromBase64, utf8Text } from "../text/bytes.js";

const METHODS = ["pings", "exportState", "notifications", "journal", "settled"] as const;

/** The methods of a fake that the matchers call. */
type FakeUnderTest = Pick<FakeServer, (typeof METHODS)[number]>;

/** A ping of a check's log, as `toHaveReceivedPing` compares it. */
export interface ReceivedPing {
  /** Its number in the check's log, from 1. */
  n: number;
  /** Arrival time, ISO 8601. */
  time: string;
  /** How the service recorded it. */
  type: PingType;
  /** HTTP method, `""` for an email. */
  method: string;
  /** The kept body, decoded as UTF-8 (`""` without one). */
  body: string;
  /** Exit status sent in the URL, or `null`. */
  exitStatus: number | null;
  /** Run id, or `null`. */
  rid: string | null;
}

/** Items a failure message lists at most: the most recent ones. */
const LISTED = 20;
/** Characters of a ping body a failure message shows. */
const BODY_SHOWN = 80;

/**
 * The fake a matcher was given.
 * @throws TypeError when `received` is not a `FakeServer`.
 */
export function asFake(received: unknown, matcher: string): FakeUnderTest {
  const fake = received as Partial<Record<(typeof METHODS)[number], unknown>> | null;
  if (typeof fake !== "object" || fake === null || METHODS.some((method) => typeof fake[method] !== "function")) {
    throw new TypeError(`${matcher}: expect() must be given a FakeServer, not ${typeof received === "object" ? String(received) : typeof received}`);
  }
  return received as FakeUnderTest;
}

/** The names of the fake's checks and integrations, by UUID: a failure message shows those instead. */
export interface FakeNames {
  /** Check names by UUID. */
  checks: Map<string, string>;
  /** Integration names by UUID. */
  channels: Map<string, string>;
}

/** The names of the fake's checks and integrations. */
export function namesOf(fake: FakeUnderTest): FakeNames {
  const state = fake.exportState();
  return {
    checks: new Map(state.checks.map((check) => [check.uuid, check.settings.name])),
    channels: new Map(state.projects.flatMap((project) => project.channels.map((channel): [string, string] => [channel.id, channel.name]))),
  };
}

/** A check's ping log, or `undefined` when the fake has no check of that UUID. */
export function pingsOf(fake: FakeUnderTest, uuid: string): ReceivedPing[] | undefined {
  let log: PingState[];
  try {
    log = fake.pings(uuid);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return log.map((ping) => ({
    n: ping.n,
    time: new Date(ping.at).toISOString(),
    type: ping.type,
    method: ping.method,
    body: ping.body === null ? "" : utf8Text(fromBase64(ping.body)),
    exitStatus: ping.exitStatus ?? null,
    rid: ping.rid,
  }));
}

/** An asymmetric matcher (`expect.stringContaining()`…), as vitest and Jest make them. */
export interface Asymmetric {
  /** Whether `other` matches. */
  asymmetricMatch(other: unknown): boolean;
  /** Its name (`StringContaining`). */
  toString(): string;
  /** Its argument, when it takes one. */
  sample?: unknown;
  /** Whether it is negated (`expect.not.…`). */
  inverse?: boolean;
  /** How it prints itself, when it knows better than its name and sample. */
  toAsymmetricMatcher?: () => string;
}

/** Whether `value` is an asymmetric matcher. */
export function isAsymmetric(value: unknown): value is Asymmetric {
  return typeof value === "object" && value !== null && typeof (value as Partial<Asymmetric>).asymmetricMatch === "function";
}

/** How a runner prints a value (its `this.utils.stringify`), when the matcher has one. */
export type Stringify = (value: unknown) => string;

/**
 * A value as a failure message shows it: strings quoted, regular
 * expressions as written, asymmetric matchers with their argument (by the
 * runner's own printer when given one).
 */
export function show(value: unknown, stringify?: Stringify): string {
  if (value instanceof RegExp) return String(value);
  if (isAsymmetric(value)) {
    const { sample } = value;
    if (String(value) === "ObjectContaining" && typeof sample === "object" && sample !== null) {
      return `ObjectContaining ${showExpectation(sample, stringify)}`;
    }
    // One line: the message quotes it inside a sentence.
    if (stringify) return stringify(value).replace(/\s*\n\s*/g, " ");
    if (value.toAsymmetricMatcher) return value.toAsymmetricMatcher();
    return sample === undefined ? value.toString() : `${value.toString()} ${show(sample)}`;
  }
  if (value === undefined) return "undefined";
  return JSON.stringify(value);
}

/** An expectation as `{ name: value, … }`, or a whole asymmetric one as it prints itself. */
export function showExpectation(expected: object, stringify?: Stringify): string {
  if (isAsymmetric(expected)) return show(expected, stringify);
  const fields = Object.entries(expected).filter(([, value]) => value !== undefined);
  return fields.length === 0 ? "anything" : `{ ${fields.map(([name, value]) => `${name}: ${show(value, stringify)}`).join(", ")} }`;
}

/** A check as a message names it. */
export function checkLabel(names: FakeNames, uuid: string): string {
  const name = names.checks.get(uuid);
  return name === undefined ? "a deleted check" : `the check ${JSON.stringify(name)}`;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A message with the UUIDs of the fake's checks and integrations masked as
 * `***`, wherever they are left (a receiver's URL may hold one); other
 * UUIDs (run ids) stay.
 */
export function masked(message: string, names: FakeNames, also: Iterable<string> = []): string {
  const known = new Set([...names.checks.keys(), ...names.channels.keys(), ...also].map((uuid) => uuid.toLowerCase()));
  return message.replace(UUID, (uuid) => (known.has(uuid.toLowerCase()) ? "***" : uuid));
}

/** One line of a ping. */
export function describePing(ping: ReceivedPing): string {
  const body = ping.body.length > BODY_SHOWN ? `${ping.body.slice(0, BODY_SHOWN)}…` : ping.body;
  const parts = [`#${ping.n}`, ping.time, ping.type, ping.method === "" ? "email" : ping.method];
  if (ping.exitStatus !== null) parts.push(`exit status ${ping.exitStatus}`);
  if (ping.rid !== null) parts.push(`rid ${ping.rid}`);
  parts.push(`body ${JSON.stringify(body)}`);
  return parts.join("  ");
}

/** One line of a delivery record. */
export function describeDelivery(record: DeliveryRecord, names: FakeNames): string {
  const { channel } = record;
  let line = `${record.flip.status} of ${checkLabel(names, record.check)} to ${channel.kind} ${JSON.stringify(channel.name)}`;
  const [first, ...more] = record.requests;
  if (first) {
    line += `: ${first.method} ${first.url} → ${record.sent ? (first.status ?? "no answer") : "recorded, not sent"}`;
    if (more.length > 0) line += ` (and ${more.length} more ${more.length === 1 ? "request" : "requests"})`;
  } else if (record.email) {
    line += `: email to ${record.email.to}, ${JSON.stringify(record.email.subject)}`;
    if (!record.sent) line += " (recorded, not sent)";
  }
  if (record.error !== "") line += ` (error: ${record.error})`;
  return line;
}

/** One line of a journal entry. */
export function describeEntry(entry: JournalEntry): string {
  return `${entry.method} ${entry.path} → ${entry.operation ?? "no operation"} ${entry.status}`;
}

/**
 * The lines of a list under a count, the most recent {@link LISTED} of them.
 * @param noun the singular and the plural of what is counted
 */
export function listed(lines: string[], [one, many]: [string, string], after = ":"): string {
  const count = `${lines.length} ${lines.length === 1 ? one : many}`;
  if (lines.length === 0) return count.replace(/^0 /, "no ");
  const shown = lines.slice(-LISTED).map((line) => `  ${line}`);
  if (lines.length > LISTED) shown.unshift(`  … ${lines.length - LISTED} earlier not shown`);
  return `${count}${after}\n${shown.join("\n")}`;
}
