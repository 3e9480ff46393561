/**
 * Checking a state document before it replaces the fake's state: the rules
 * `createProject` and check creation apply (unique keys and identifiers, key
 * lengths, valid schedules and time zones, limits in range) and the shape
 * the rest of the model relies on, so that an imported fake never answers
 * differently from one built by API calls, nor fails on a malformed field.
 * @module
 */
import {
  API_KEY_LENGTH,
  canonicalTimezone,
  CHECK_DEFAULTS,
  DURATION_MAX,
  DURATION_MIN,
  EXIT_STATUS_MAX,
  KEYWORD_MAX_LENGTH,
  METHODS_VALUES,
  NAME_MAX_LENGTH,
  PING_TYPES,
  SCHEDULE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  STORED_STATUSES,
  TAGS_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
  UUID_PATTERN,
} from "@checks-api/schema/lite";
import { isClockTime } from "./clock.js";
import { validateChannelValue } from "./notify/settings.js";
import { RETIRED_SECRETS_LIMIT } from "./retired-secrets.js";
import { isValidSchedule } from "./schedule/index.js";
import { STATE_VERSION, type FakeState } from "./state.js";
import { IDENTIFIER_MAX_LENGTH } from "./store.js";

/** Problems listed in the message before "and N more". */
const LISTED_PROBLEMS = 10;
const CHECK_KINDS = ["simple", "cron", "oncalendar"];
const FLIP_REASONS = ["", "fail", "timeout"];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A state document that cannot be imported; the fake's state is left as it
 * was. `problems` lists every fault found, each with the path of the member
 * (`projects[1].readWriteKey: …`).
 */
export class StateDocumentError extends TypeError {
  /** What is wrong, one item per fault. */
  readonly problems: readonly string[];

  /** Creates the error from the faults found. */
  constructor(problems: readonly string[]) {
    const listed = problems.slice(0, LISTED_PROBLEMS).join("; ");
    const more = problems.length > LISTED_PROBLEMS ? ` (and ${problems.length - LISTED_PROBLEMS} more)` : "";
    super(`invalid state document: ${listed}${more}`);
    this.name = "StateDocumentError";
    this.problems = problems;
  }
}

type Item = Record<string, unknown>;

/** Collects the faults of one document, each prefixed with its member's path. */
class Findings {
  readonly problems: string[] = [];

  add(path: string, problem: string): void {
    this.problems.push(`${path} ${problem}`);
  }

  /** The items of an array member, or none (with a fault) when it is not an array of objects. */
  items(value: unknown, path: string): Item[] {
    if (!Array.isArray(value)) {
      this.add(path, "is not an array");
      return [];
    }
    return value.filter((item, i) => {
      const ok = typeof item === "object" && item !== null && !Array.isArray(item);
      if (!ok) this.add(`${path}[${i}]`, "is not an object");
      return ok;
    }) as Item[];
  }

  text(value: unknown, path: string, { max = IDENTIFIER_MAX_LENGTH, empty = true } = {}): value is string {
    if (typeof value !== "string") this.add(path, "is not a string");
    else if (!empty && value === "") this.add(path, "is empty");
    else if (value.length > max) this.add(path, `is longer than ${max} characters`);
    else return true;
    return false;
  }

  integer(value: unknown, path: string, min: number): value is number {
    if (Number.isSafeInteger(value) && (value as number) >= min) return true;
    this.add(path, `is not an integer of at least ${min}`);
    return false;
  }

  time(value: unknown, path: string, nullable = false): void {
    if (nullable && value === null) return;
    if (typeof value !== "number" || !isClockTime(value)) this.add(path, "is not a time in epoch milliseconds between the years 1 and 9999");
  }

  oneOf(value: unknown, path: string, allowed: readonly unknown[]): void {
    if (!allowed.includes(value)) this.add(path, `is not one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}`);
  }

  /** Records `value` in `seen`; a repeat is a fault naming the first holder. */
  unique(seen: Map<unknown, string>, value: unknown, path: string, what: string): void {
    const first = seen.get(value);
    if (first !== undefined) this.add(path, `repeats the ${what} of ${first}`);
    else seen.set(value, path);
  }
}

/**
 * Checks that `doc` is a state document this fake can import, and returns
 * it typed.
 * @throws StateDocumentError listing every fault (only the version when that is wrong).
 */
export function validateState(doc: unknown): FakeState {
  const found = new Findings();
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw new StateDocumentError(["the document is not a JSON object"]);
  const state = doc as Item;
  if (state.version !== STATE_VERSION) {
    const version = String(JSON.stringify(state.version)).slice(0, 40);
    throw new StateDocumentError([`version ${version} is not one this fake reads (it reads version ${STATE_VERSION})`]);
  }
  found.time(state.clock, "clock");
  const random = state.random;
  if (random !== null && !(Array.isArray(random) && random.length === 4 && random.every((word) => Number.isInteger(word) && word >= -(2 ** 31) && word < 2 ** 32))) {
    found.add("random", "is neither null nor four 32-bit integers");
  }
  found.integer(state.seq, "seq", 0);

  const accountNames = new Map<unknown, string>();
  for (const [i, account] of found.items(state.accounts, "accounts").entries()) {
    const path = `accounts[${i}]`;
    if (found.text(account.name, `${path}.name`, { empty: false })) found.unique(accountNames, account.name, `${path}.name`, "name");
    found.integer(account.checkLimit, `${path}.checkLimit`, 0);
    found.integer(account.pingLogLimit, `${path}.pingLogLimit`, 1);
    // Members added with notifications may be absent from older documents.
    if (account.ownerEmail !== undefined && account.ownerEmail !== null) found.text(account.ownerEmail, `${path}.ownerEmail`, { empty: false });
  }

  const projectIds = new Map<unknown, string>();
  const apiKeys = new Map<unknown, string>();
  const pingKeys = new Map<unknown, string>();
  const badgeKeys = new Map<unknown, string>();
  const channelIds = new Map<unknown, string>();
  const channelsOf = new Map<unknown, Set<unknown>>();
  for (const [i, project] of found.items(state.projects, "projects").entries()) {
    const path = `projects[${i}]`;
    if (found.text(project.id, `${path}.id`, { empty: false })) found.unique(projectIds, project.id, `${path}.id`, "id");
    found.text(project.name, `${path}.name`);
    if (!accountNames.has(project.account)) found.add(`${path}.account`, "names no account of the document");
    for (const member of ["readWriteKey", "readOnlyKey"] as const) {
      const key = project[member];
      if (key === null) continue;
      if (typeof key !== "string" || key.length !== API_KEY_LENGTH) found.add(`${path}.${member}`, `is neither null nor an API key of ${API_KEY_LENGTH} characters`);
      else found.unique(apiKeys, key, `${path}.${member}`, "API key");
    }
    if (found.text(project.pingKey, `${path}.pingKey`, { empty: false })) found.unique(pingKeys, project.pingKey, `${path}.pingKey`, "ping key");
    if (found.text(project.badgeKey, `${path}.badgeKey`, { empty: false })) found.unique(badgeKeys, project.badgeKey, `${path}.badgeKey`, "badge key");
    const own = new Set<unknown>();
    channelsOf.set(project.id, own);
    for (const [j, channel] of found.items(project.channels, `${path}.channels`).entries()) {
      const at = `${path}.channels[${j}]`;
      if (found.text(channel.id, `${at}.id`, { empty: false })) found.unique(channelIds, channel.id, `${at}.id`, "id");
      own.add(channel.id);
      found.text(channel.name, `${at}.name`);
      found.text(channel.kind, `${at}.kind`, { empty: false });
      if (channel.value !== undefined && found.text(channel.value, `${at}.value`, { max: Number.POSITIVE_INFINITY }) && typeof channel.kind === "string") {
        const problem = validateChannelValue(channel.kind, channel.value);
        if (problem !== null) found.add(`${at}.value`, `is not valid: ${problem}`);
      }
      if (channel.disabled !== undefined && typeof channel.disabled !== "boolean") found.add(`${at}.disabled`, "is not a boolean");
      if (channel.lastError !== undefined) found.text(channel.lastError, `${at}.lastError`);
    }
  }

  const uuids = new Map<unknown, string>();
  const seqs = new Map<unknown, string>();
  const checkBadges = new Map<unknown, string>();
  for (const [i, check] of found.items(state.checks, "checks").entries()) {
    const path = `checks[${i}]`;
    if (typeof check.uuid !== "string" || !UUID_PATTERN.test(check.uuid)) found.add(`${path}.uuid`, "is not a lowercase UUID");
    else found.unique(uuids, check.uuid, `${path}.uuid`, "UUID");
    const channels = channelsOf.get(check.project);
    if (channels === undefined) found.add(`${path}.project`, "names no project of the document");
    if (found.integer(check.seq, `${path}.seq`, 1)) {
      found.unique(seqs, check.seq, `${path}.seq`, "seq");
      if (Number.isSafeInteger(state.seq) && check.seq > (state.seq as number)) found.add(`${path}.seq`, "is above the document's seq");
    }
    found.time(check.created, `${path}.created`);
    found.oneOf(check.kind, `${path}.kind`, CHECK_KINDS);
    if (found.text(check.badgeKey, `${path}.badgeKey`, { empty: false })) found.unique(checkBadges, check.badgeKey, `${path}.badgeKey`, "badge key");
    validateSettings(found, check.settings, check.kind, `${path}.settings`);
    found.integer(check.nPings, `${path}.nPings`, 0);
    found.time(check.lastPing, `${path}.lastPing`, true);
    found.time(check.lastStart, `${path}.lastStart`, true);
    if (check.lastStartRid !== null) found.text(check.lastStartRid, `${path}.lastStartRid`);
    if (check.lastDuration !== null && !(typeof check.lastDuration === "number" && Number.isFinite(check.lastDuration) && check.lastDuration >= 0)) {
      found.add(`${path}.lastDuration`, "is neither null nor a non-negative number of milliseconds");
    }
    found.oneOf(check.status, `${path}.status`, STORED_STATUSES);
    if (!Array.isArray(check.channels)) found.add(`${path}.channels`, "is not an array");
    else {
      for (const [j, id] of check.channels.entries()) {
        if (channels !== undefined && !channels.has(id)) found.add(`${path}.channels[${j}]`, "names no integration of the check's project");
      }
    }
    validatePings(found, check.pings, `${path}.pings`);
    for (const [j, flip] of found.items(check.flips, `${path}.flips`).entries()) {
      const at = `${path}.flips[${j}]`;
      found.time(flip.at, `${at}.at`);
      found.oneOf(flip.from, `${at}.from`, STORED_STATUSES);
      found.oneOf(flip.to, `${at}.to`, STORED_STATUSES);
      found.oneOf(flip.reason, `${at}.reason`, FLIP_REASONS);
      if (flip.processed !== undefined && typeof flip.processed !== "boolean") found.add(`${at}.processed`, "is not a boolean");
    }
  }
  if (state.retired !== undefined) validateRetired(found, state.retired);
  if (found.problems.length > 0) throw new StateDocumentError(found.problems);
  return doc as FakeState;
}

function validateRetired(found: Findings, retired: unknown): void {
  if (!Array.isArray(retired)) return found.add("retired", "is not an array");
  if (retired.length > RETIRED_SECRETS_LIMIT) return found.add("retired", `holds more than ${RETIRED_SECRETS_LIMIT} secrets`);
  for (const [i, secret] of retired.entries()) found.text(secret, `retired[${i}]`, { empty: false });
}

// The limits the management API puts on each setting; the rest are checked by type.
const TEXT_LIMITS: Partial<Record<keyof typeof CHECK_DEFAULTS, number>> = {
  name: NAME_MAX_LENGTH,
  slug: SLUG_MAX_LENGTH,
  tags: TAGS_MAX_LENGTH,
  schedule: SCHEDULE_MAX_LENGTH,
  start_kw: KEYWORD_MAX_LENGTH,
  success_kw: KEYWORD_MAX_LENGTH,
  failure_kw: KEYWORD_MAX_LENGTH,
};

function validateSettings(found: Findings, value: unknown, kind: unknown, path: string): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    found.add(path, "is not an object");
    return;
  }
  const settings = value as Item;
  for (const [name, fallback] of Object.entries(CHECK_DEFAULTS) as [keyof typeof CHECK_DEFAULTS, unknown][]) {
    const setting = settings[name];
    const at = `${path}.${name}`;
    if (typeof setting !== typeof fallback) {
      found.add(at, `is not a ${typeof fallback}`);
      continue;
    }
    const max = TEXT_LIMITS[name];
    if (max !== undefined && (setting as string).length > max) found.add(at, `is longer than ${max} characters`);
  }
  for (const name of ["timeout", "grace"]) {
    const seconds = settings[name];
    if (typeof seconds === "number" && !(seconds >= DURATION_MIN && seconds <= DURATION_MAX)) {
      found.add(`${path}.${name}`, `is not between ${DURATION_MIN} and ${DURATION_MAX} seconds`);
    }
  }
  if (typeof settings.slug === "string" && !SLUG_PATTERN.test(settings.slug)) found.add(`${path}.slug`, "does not match the slug pattern");
  if (typeof settings.methods === "string") found.oneOf(settings.methods, `${path}.methods`, METHODS_VALUES);
  if (typeof settings.tz === "string" && canonicalTimezone(settings.tz) === undefined) found.add(`${path}.tz`, "is not a known time zone");
  if (kind !== "simple" && typeof settings.schedule === "string" && !isValidSchedule(settings.schedule)) {
    found.add(`${path}.schedule`, "is not a valid cron or OnCalendar schedule");
  }
}

function validatePings(found: Findings, value: unknown, path: string): void {
  let previous = 0;
  for (const [j, ping] of found.items(value, path).entries()) {
    const at = `${path}[${j}]`;
    if (found.integer(ping.n, `${at}.n`, previous + 1)) previous = ping.n as number;
    found.oneOf(ping.type, `${at}.type`, PING_TYPES);
    found.time(ping.at, `${at}.at`);
    // Recorded from request headers as they came, so as long as a request can make them.
    found.text(ping.scheme, `${at}.scheme`, { max: Number.POSITIVE_INFINITY });
    if (ping.remoteAddr !== null) found.text(ping.remoteAddr, `${at}.remoteAddr`, { max: Number.POSITIVE_INFINITY });
    found.text(ping.method, `${at}.method`, { max: Number.POSITIVE_INFINITY });
    found.text(ping.ua, `${at}.ua`, { max: USER_AGENT_MAX_LENGTH });
    if (ping.rid !== null) found.text(ping.rid, `${at}.rid`);
    const exit = ping.exitStatus;
    if (exit !== undefined && exit !== null && !(Number.isSafeInteger(exit) && (exit as number) >= 0 && (exit as number) <= EXIT_STATUS_MAX)) {
      found.add(`${at}.exitStatus`, `is neither null nor an integer from 0 to ${EXIT_STATUS_MAX}`);
    }
    if (ping.body !== null && !(typeof ping.body === "string" && ping.body.length % 4 === 0 && BASE64.test(ping.body))) {
      found.add(`${at}.body`, "is neither null nor base64");
    }
  }
}
