/**
 * Wire representations of checks, pings and flips, in the member orders the
 * schema declares for each compat mode (spec: checks.md §2, pings.md §4,
 * flips_badges_channels.md §1.2).
 * @module
 */
import {
  LIVE_CHECK_MEMBERS,
  LIVE_READ_ONLY_CHECK_MEMBERS,
  PING_MEMBERS,
  SEED_CHECK_MEMBERS,
  SEED_READ_ONLY_CHECK_MEMBERS,
  formatTimestamp,
  type CheckMember,
  type Compat,
} from "@checks-api/schema";
import { displayedStatus, nextPingAt, type ApiVersion } from "./status.js";
import type { FlipRecord, PingRecord, StoredCheck } from "./store.js";

/** Where and when a representation is built. */
export interface RepresentContext {
  /** Site root without a trailing slash (`http://localhost:8000`). */
  siteRoot: string;
  /** Ping endpoint ending in `/`. */
  pingEndpoint: string;
  /** Seed or live member sets. */
  compat: Compat;
  /** The current time, epoch ms. */
  now: number;
  /** API version of the request (decides URLs and v1's `started`). */
  version: ApiVersion;
}

/** Variants of the check representation. */
export interface CheckView {
  /** Read-only key: `unique_key` instead of the UUID, URLs and channels. */
  readOnly: boolean;
  /** Delete answer in live mode: `channels` is always `""`. */
  channelsCleared?: boolean;
}

type Getter = (check: StoredCheck, ctx: RepresentContext, view: CheckView) => unknown;

const timestamp = (ms: number | null): string | null => (ms === null ? null : formatTimestamp(ms));
const updateUrl = (c: StoredCheck, ctx: RepresentContext): string => `${ctx.siteRoot}/api/v${ctx.version}/checks/${c.uuid}`;

const GETTERS: Record<CheckMember, Getter> = {
  name: (c) => c.name,
  slug: (c) => c.slug,
  tags: (c) => c.tags,
  desc: (c) => c.desc,
  grace: (c) => Math.trunc(c.grace),
  n_pings: (c) => c.nPings,
  status: (c, ctx) => displayedStatus(c, ctx.now, ctx.version),
  started: (c) => c.lastStart !== null,
  last_ping: (c) => timestamp(c.lastPing),
  next_ping: (c) => timestamp(nextPingAt(c)),
  manual_resume: (c) => c.manual_resume,
  methods: (c) => c.methods,
  subject: (c) => (c.filter_subject ? c.success_kw : ""),
  subject_fail: (c) => (c.filter_subject ? c.failure_kw : ""),
  start_kw: (c) => c.start_kw,
  success_kw: (c) => c.success_kw,
  failure_kw: (c) => c.failure_kw,
  filter_subject: (c) => c.filter_subject,
  filter_body: (c) => c.filter_body,
  filter_http_body: (c) => c.filter_http_body,
  filter_default_fail: (c) => c.filter_default_fail,
  badge_url: (c, ctx) => `${ctx.siteRoot}/b/2/${c.badgeKey}.svg`,
  // Whole seconds, truncated; absent when unknown or zero (checks.md §2.1 #23).
  last_duration: (c) => (c.lastDuration ? Math.trunc(c.lastDuration / 1000) : undefined),
  uuid: (c) => c.uuid,
  ping_url: (c, ctx) => ctx.pingEndpoint + c.uuid,
  update_url: updateUrl,
  pause_url: (c, ctx) => `${updateUrl(c, ctx)}/pause`,
  resume_url: (c, ctx) => `${updateUrl(c, ctx)}/resume`,
  channels: (c, _ctx, view) => (view.channelsCleared ? "" : [...c.channels].sort().join(",")),
  unique_key: (c) => c.uniqueKey,
  timeout: (c) => Math.trunc(c.timeout),
  schedule: (c) => c.schedule,
  tz: (c) => c.tz,
};

type Plan = readonly (readonly [CheckMember, Getter])[];

function plan(members: readonly CheckMember[], kindMembers: readonly CheckMember[]): Plan {
  return [...members, ...kindMembers].map((member) => [member, GETTERS[member]] as const);
}

function plans(members: readonly CheckMember[]): { simple: Plan; scheduled: Plan } {
  return { simple: plan(members, ["timeout"]), scheduled: plan(members, ["schedule", "tz"]) };
}

// Member lists with their getters, resolved once per mode: this runs on every read.
const PLANS = {
  live: { readWrite: plans(LIVE_CHECK_MEMBERS), readOnly: plans(LIVE_READ_ONLY_CHECK_MEMBERS) },
  seed: { readWrite: plans(SEED_CHECK_MEMBERS), readOnly: plans(SEED_READ_ONLY_CHECK_MEMBERS) },
} as const;

/** The check as the API shows it, members in the mode's order. */
export function representCheck(check: StoredCheck, ctx: RepresentContext, view: CheckView): Record<string, unknown> {
  const byKey = PLANS[ctx.compat][view.readOnly ? "readOnly" : "readWrite"];
  const steps = check.kind === "simple" ? byKey.simple : byKey.scheduled;
  const out: Record<string, unknown> = {};
  for (const [member, getter] of steps) {
    const value = getter(check, ctx, view);
    if (value !== undefined) out[member] = value;
  }
  return out;
}

/**
 * A ping's `date`: UTC with `+00:00` and a six-digit fraction; live mode
 * drops the fraction when it is zero (README item 10).
 */
export function formatPingDate(ms: number, compat: Compat): string {
  const fraction = ((ms % 1000) + 1000) % 1000;
  const seconds = formatTimestamp(ms).slice(0, 19);
  if (fraction === 0 && compat === "live") return `${seconds}+00:00`;
  return `${seconds}.${String(fraction * 1000).padStart(6, "0")}+00:00`;
}

/** A ping log entry; `duration` (seconds) only when given. */
export function representPing(
  ping: PingRecord,
  check: StoredCheck,
  ctx: RepresentContext,
  duration: number | undefined,
): Record<string, unknown> {
  const values: Record<(typeof PING_MEMBERS)[number], unknown> = {
    type: ping.type,
    date: formatPingDate(ping.at, ctx.compat),
    n: ping.n,
    scheme: ping.scheme,
    remote_addr: ping.remoteAddr,
    method: ping.method,
    ua: ping.ua,
    rid: ping.rid,
    body_url: ping.body && ping.body.length > 0 ? `${updateUrl(check, ctx)}/pings/${ping.n}/body` : null,
    duration,
  };
  const out: Record<string, unknown> = {};
  for (const member of PING_MEMBERS) if (values[member] !== undefined) out[member] = values[member];
  return out;
}

/** A flip: `timestamp` without fraction and `up` (1 iff the new status is `up`). */
export function representFlip(flip: FlipRecord): { timestamp: string; up: 0 | 1 } {
  return { timestamp: formatTimestamp(flip.at), up: flip.to === "up" ? 1 : 0 };
}
