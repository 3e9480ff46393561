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

const METHODS = ["pings", "exportState", "notifications", "journal", "settled"] as const;

/** The methods of a fake that the matchers call. */
export type FakeUnderTest = Pick<FakeServer, (typeof METHODS)[number]>;

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

/** The names of the fake's checks, by UUID. */
export function checkNames(fake: FakeUnderTest): Map<string, string> {
  return new Map(fake.exportState().checks.map((check) => [check.uuid, check.settings.name]));
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
    body: ping.body === null ? "" : utf8(ping.body),
    exitStatus: ping.exitStatus ?? null,
    rid: ping.rid,
  }));
}

function utf8(base64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}

/** A value as a failure message shows it: strings quoted, regular expressions and asymmetric matchers as written. */
export function show(value: unknown): string {
  if (value instanceof RegExp) return String(value);
  if (typeof value === "object" && value !== null && "asymmetricMatch" in value) {
    const matcher = value as { toAsymmetricMatcher?: () => string; toString(): string };
    return matcher.toAsymmetricMatcher?.() ?? matcher.toString();
  }
  if (value === undefined) return "undefined";
  return JSON.stringify(value);
}

/** An expectation object as `{ name: value, … }`. */
export function showExpectation(expected: object): string {
  const fields = Object.entries(expected).filter(([, value]) => value !== undefined);
  return fields.length === 0 ? "anything" : `{ ${fields.map(([name, value]) => `${name}: ${show(value)}`).join(", ")} }`;
}

/** A check as a message names it. */
export function checkLabel(names: Map<string, string>, uuid: string): string {
  const name = names.get(uuid);
  return name === undefined ? "a deleted check" : `the check ${JSON.stringify(name)}`;
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
export function describeDelivery(record: DeliveryRecord, names: Map<string, string>): string {
  const { channel } = record;
  let line = `${record.flip.status} of ${checkLabel(names, record.check)} to ${channel.kind} ${JSON.stringify(channel.name)}`;
  const [first, ...more] = record.requests;
  if (first) {
    line += `: ${first.method} ${first.url} → ${first.status ?? "no answer"}`;
    if (more.length > 0) line += ` (and ${more.length} more ${more.length === 1 ? "request" : "requests"})`;
  } else if (record.email) {
    line += `: email to ${record.email.to}, ${JSON.stringify(record.email.subject)}`;
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
