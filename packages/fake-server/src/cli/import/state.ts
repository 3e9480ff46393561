/**
 * Turning a project read off the service into the fake's state document:
 * one account and one project holding the checks with their settings,
 * statuses, ping logs and flips, and the integrations. What the API does
 * not show is made up (identifiers a read-only key cannot see, the ping
 * key unless given, the project's id, the account's limits) and listed.
 * @module
 */
import { randomUUID } from "node:crypto";
import {
  API_KEY_LENGTH,
  CHECK_DEFAULTS,
  DEFAULT_CHECK_LIMIT,
  DEFAULT_PING_LOG_LIMIT,
  STORED_STATUSES,
  USER_AGENT_MAX_LENGTH,
  type StoredStatus,
} from "@checks-api/schema";
import { scheduleKind } from "../../model/schedule/index.js";
import { STATE_VERSION, type CheckState, type FakeState, type PingState } from "../../model/state.js";
import type { CheckSettings } from "../../model/store.js";
import type { ProjectSnapshot, ReadCheck } from "./read.js";

/** What the import is given besides the snapshot. */
export interface ImportKeys {
  /** The API key that read the project, kept by the project. */
  apiKey: string;
  /** The project's read-only key, when a read-write key read it and it was given. */
  readOnlyKey: string | undefined;
  /** The project's ping key, when given. */
  pingKey: string | undefined;
}

/** The state document, and what it could not take from the service. */
export interface ImportedState {
  /** The document `--state` and `importState` load. */
  state: FakeState;
  /** One line per thing missing or made up. */
  missing: string[];
  /** Counts for the summary. */
  counts: { checks: number; pings: number; flips: number; integrations: number };
}

const UUID_IN = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;
const SETTING_NAMES = Object.keys(CHECK_DEFAULTS) as (keyof CheckSettings)[];

const timeOf = (text: string | null | undefined): number | null => (text ? Date.parse(text) : null);

/**
 * Epoch milliseconds of a time the service wrote, its microseconds kept as
 * the fraction (`Date.parse` stops at milliseconds): ping dates carry six
 * digits, and a copy must show them as the service did.
 */
function preciseTime(text: string): number {
  const fraction = /\.(\d+)/.exec(text)?.[1];
  if (fraction === undefined) return Date.parse(text);
  return Date.parse(text.replace(`.${fraction}`, "")) + Number(`0.${fraction}`) * 1000;
}

/**
 * What the service's `last_duration: 0` stands for when the ping log does
 * not tell the run: it shows 0 for a run under a second (and leaves the
 * member out only for none at all), so the copy keeps a run under a second.
 */
const SUB_SECOND_RUN_MS = 500;

/** The last run's length as the ping log (oldest first) shows it: the newest success or failure and the start before it, with the same run id. */
function loggedRun(pings: readonly PingState[]): number | undefined {
  const end = pings.findLastIndex((ping) => ping.type === "success" || ping.type === "fail");
  const finish = pings[end];
  if (finish === undefined) return undefined;
  const start = pings.slice(0, end).findLast((ping) => ping.type === "start");
  return start !== undefined && start.rid === finish.rid ? finish.at - start.at : undefined;
}

/**
 * The last run's length in milliseconds, for a check that shows
 * `last_duration` (whole seconds, truncated): exact from the ping log when
 * the log holds that run, else the seconds shown, a run under a second for 0.
 */
function lastDurationOf(shown: unknown, pings: readonly PingState[]): number | null {
  if (typeof shown !== "number") return null;
  const logged = loggedRun(pings);
  if (logged !== undefined && logged >= 0 && Math.trunc(logged / 1000) === shown) return logged;
  return shown === 0 ? SUB_SECOND_RUN_MS : shown * 1000;
}

/** The check's settings: every member the representation shows by the setting's name, defaults for the rest. */
function settingsOf(check: Record<string, unknown>): CheckSettings {
  const settings: Record<string, unknown> = { ...CHECK_DEFAULTS };
  for (const name of SETTING_NAMES) {
    if (typeof check[name] === typeof CHECK_DEFAULTS[name]) settings[name] = check[name];
  }
  return settings as CheckSettings;
}

/** The stored status behind a shown one: `grace` is an `up` check past its deadline. */
function storedStatus(shown: unknown): StoredStatus {
  if (shown === "grace" || shown === "started") return "up";
  return (STORED_STATUSES as readonly unknown[]).includes(shown) ? (shown as StoredStatus) : "new";
}

/** The flips oldest first, with the statuses they went between as far as `up` tells. */
function flipsOf(read: ReadCheck): CheckState["flips"] {
  let from: StoredStatus = "new";
  return [...read.flips].reverse().map((flip) => {
    const to: StoredStatus = flip.up ? "up" : "down";
    const record = { at: Date.parse(flip.timestamp), from, to, reason: "" as const };
    from = to;
    return record;
  });
}

function pingsOf(read: ReadCheck): PingState[] {
  return [...(read.pings ?? [])].reverse().map(({ ping, body }) => ({
    n: ping.n,
    type: ping.type,
    at: preciseTime(ping.date),
    scheme: ping.scheme,
    remoteAddr: ping.remote_addr,
    method: ping.method,
    ua: ping.ua.slice(0, USER_AGENT_MAX_LENGTH),
    rid: ping.rid ?? null,
    body: body === null || body.length === 0 ? null : Buffer.from(body).toString("base64"),
  }));
}

function checkState(read: ReadCheck, seq: number, project: string, channelIds: ReadonlySet<string>, now: number): CheckState {
  const check = read.check as unknown as Record<string, unknown>;
  const settings = settingsOf(check);
  const uuid = typeof check.uuid === "string" ? check.uuid : randomUUID();
  const badgeKey = UUID_IN.exec(String(check.badge_url ?? ""))?.[1] ?? randomUUID();
  const pings = pingsOf(read);
  // The pending start is the newest start signal the log shows; a log that does not reach it leaves only "now".
  const start = check.started === true ? [...pings].reverse().find((ping) => ping.type === "start") : undefined;
  const assigned = typeof check.channels === "string" ? check.channels.split(",").filter((id) => channelIds.has(id)) : [];
  return {
    uuid,
    project,
    seq,
    created: now,
    kind: "timeout" in check ? "simple" : scheduleKind(settings.schedule),
    badgeKey,
    settings,
    nPings: typeof check.n_pings === "number" ? check.n_pings : pings.length,
    lastPing: timeOf(check.last_ping as string | null),
    lastStart: check.started === true ? (start?.at ?? now) : null,
    lastStartRid: start?.rid ?? null,
    lastDuration: lastDurationOf(check.last_duration, pings),
    status: storedStatus(check.status),
    channels: assigned,
    pings,
    flips: flipsOf(read),
  };
}

/** The key if the fake can hold it (API keys are exactly 32 characters). */
const asKey = (key: string | undefined): string | null => (key !== undefined && key.length === API_KEY_LENGTH ? key : null);

/** Builds the state document of `snapshot`, read from `site` with `keys`. */
export function importedState(snapshot: ProjectSnapshot, keys: ImportKeys, site: string, now = Date.now()): ImportedState {
  const missing: string[] = [];
  const readWrite = snapshot.keyKind === "read-write";
  const project = randomUUID();
  const channels = (snapshot.channels ?? []).map((channel) => ({ id: channel.id, name: channel.name, kind: channel.kind }));
  const channelIds = new Set(channels.map((channel) => channel.id));
  const checks = snapshot.checks.map((read, index) => checkState(read, index + 1, project, channelIds, now));
  const badgeKey = Object.values(snapshot.badges)
    .flatMap((urls) => Object.values(urls))
    .map((url) => /\/badge\/([^/]+)\//.exec(String(url))?.[1])
    .find((key) => key !== undefined);

  if (!readWrite) {
    missing.push("check UUIDs: a read-only key does not see them, so the fake's checks have new ones (their ping URLs differ)");
    missing.push("ping logs and ping bodies: listing pings needs the read-write key");
    missing.push("integrations and which checks they notify: listing integrations needs the read-write key");
  }
  if (keys.pingKey === undefined) missing.push("the ping key (slug ping URLs): the API does not show it; set CHECKS_PING_KEY to keep it");
  if (asKey(keys.apiKey) === null) missing.push(`the API key: it is not ${API_KEY_LENGTH} characters long, so the fake's project has none`);
  if (badgeKey === undefined) missing.push("the project's badge key: no badge URL listed it, so badge URLs differ");

  const longestLog = Math.max(0, ...checks.map((check) => check.pings.length));
  const state: FakeState = {
    version: STATE_VERSION,
    clock: now,
    random: null,
    seq: checks.length,
    accounts: [{ name: project, checkLimit: Math.max(DEFAULT_CHECK_LIMIT, checks.length), pingLogLimit: Math.max(DEFAULT_PING_LOG_LIMIT, longestLog) }],
    projects: [
      {
        id: project,
        name: `Imported from ${new URL(site).host}`,
        account: project,
        readWriteKey: readWrite ? asKey(keys.apiKey) : null,
        readOnlyKey: readWrite ? asKey(keys.readOnlyKey) : asKey(keys.apiKey),
        pingKey: keys.pingKey ?? randomUUID().replaceAll("-", "").slice(0, 22),
        badgeKey: badgeKey ?? randomUUID(),
        channels,
      },
    ],
    checks,
  };
  const counts = {
    checks: checks.length,
    pings: checks.reduce((sum, check) => sum + check.pings.length, 0),
    flips: checks.reduce((sum, check) => sum + check.flips.length, 0),
    integrations: channels.length,
  };
  return { state, missing, counts };
}
