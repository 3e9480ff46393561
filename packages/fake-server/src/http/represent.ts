/**
 * Wire representations of checks, pings and flips, in the member orders the
 * schema declares for each compat mode
 * (`docs/reference.md#representation`, `docs/reference.md#the-ping-log`).
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
import { serviceJson } from "../text/json.js";
import { PyFloat } from "../text/py-float.js";
import { displayedStatus, nextPingAt, type ApiVersion } from "../model/status.js";
import type { FlipRecord, PingRecord, StoredCheck } from "../model/store.js";

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
  // Whole seconds, truncated; absent when unknown or zero.
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

function planOf(check: StoredCheck, ctx: RepresentContext, view: CheckView): Plan {
  const byKey = PLANS[ctx.compat][view.readOnly ? "readOnly" : "readWrite"];
  return check.kind === "simple" ? byKey.simple : byKey.scheduled;
}

/** The check as the API shows it, members in the mode's order. */
export function representCheck(check: StoredCheck, ctx: RepresentContext, view: CheckView): Record<string, unknown> {
  const steps = planOf(check, ctx, view);
  const out: Record<string, unknown> = {};
  for (const [member, getter] of steps) {
    const value = getter(check, ctx, view);
    if (value !== undefined) out[member] = value;
  }
  return out;
}

/** What a volatile member's value follows: equal stamps, equal text. Cheaper than the value (no date formatting). */
type Stamp = (check: StoredCheck, ctx: RepresentContext) => unknown;

// Members that change with time or pings, with their stamps. All others
// change only when a setting does (create, update, a check created by a
// ping), which clears the check's cached JSON.
const VOLATILE: Partial<Record<CheckMember, Stamp>> = {
  n_pings: (c) => c.nPings,
  status: (c, ctx) => displayedStatus(c, ctx.now, ctx.version),
  started: (c) => c.lastStart !== null,
  last_ping: (c) => c.lastPing,
  next_ping: (c) => nextPingAt(c),
  last_duration: (c) => c.lastDuration,
};

/** A volatile member: its `"name": ` text, how to get its value, and its stamp. */
interface VolatilePart {
  prefix: string;
  getter: Getter;
  stamp: Stamp;
}

/**
 * A check's JSON as text runs of its settled members around its volatile
 * ones, with the bytes last rendered and the volatile stamps they show.
 */
interface CheckTemplate {
  siteRoot: string;
  pingEndpoint: string;
  parts: (string | VolatilePart)[];
  volatile: VolatilePart[];
  stamps: unknown[];
  bytes: Buffer | null;
}

// Cached JSON templates of a check, one per compat mode, key kind and API version.
type CheckJsonCache = (CheckTemplate | undefined)[];

function templateSlot(ctx: RepresentContext, view: CheckView): number {
  return (ctx.compat === "live" ? 6 : 0) + (view.readOnly ? 3 : 0) + ctx.version - 1;
}

function buildTemplate(check: StoredCheck, ctx: RepresentContext, view: CheckView): CheckTemplate {
  const parts: (string | VolatilePart)[] = [];
  const volatile: VolatilePart[] = [];
  let run = "";
  for (const [member, getter] of planOf(check, ctx, view)) {
    const prefix = `${serviceJson(member)}: `;
    const stamp = VOLATILE[member];
    if (stamp) {
      if (run !== "") parts.push(run);
      run = "";
      const part = { prefix, getter, stamp };
      parts.push(part);
      volatile.push(part);
      continue;
    }
    const value = getter(check, ctx, view);
    if (value !== undefined) run += (run === "" ? "" : ", ") + prefix + serviceJson(value);
  }
  if (run !== "") parts.push(run);
  return { siteRoot: ctx.siteRoot, pingEndpoint: ctx.pingEndpoint, parts, volatile, stamps: [], bytes: null };
}

function render(template: CheckTemplate, check: StoredCheck, ctx: RepresentContext, view: CheckView): string {
  let out = "";
  for (const part of template.parts) {
    let text: string;
    if (typeof part === "string") text = part;
    else {
      const value = part.getter(check, ctx, view);
      if (value === undefined) continue;
      text = part.prefix + serviceJson(value);
    }
    out += out === "" ? text : `, ${text}`;
  }
  return `{${out}}`;
}

/**
 * The bytes of `serviceJson(representCheck(check, ctx, view))` (ASCII, so
 * Latin-1 and UTF-8 alike), from a template cached per check: the settled
 * members are formatted once, and the whole text again only when a volatile
 * member's stamp moved. The cache lives in `check.jsonCache`, which whoever
 * changes a setting must clear. The bytes are shared: never write to them.
 */
export function checkJsonBytes(check: StoredCheck, ctx: RepresentContext, view: CheckView): Buffer {
  if (view.channelsCleared) return Buffer.from(serviceJson(representCheck(check, ctx, view)), "latin1");
  const cache = (check.jsonCache ??= []) as CheckJsonCache;
  const slot = templateSlot(ctx, view);
  let template = cache[slot];
  if (!template || template.siteRoot !== ctx.siteRoot || template.pingEndpoint !== ctx.pingEndpoint) {
    template = buildTemplate(check, ctx, view);
    cache[slot] = template;
  }
  const { volatile, stamps } = template;
  let fresh = template.bytes !== null;
  for (let i = 0; i < volatile.length; i++) {
    const stamp = (volatile[i] as VolatilePart).stamp(check, ctx);
    if (stamps[i] !== stamp) {
      stamps[i] = stamp;
      fresh = false;
    }
  }
  if (!fresh || template.bytes === null) template.bytes = Buffer.from(render(template, check, ctx, view), "latin1");
  return template.bytes;
}

/**
 * A ping's `date`: UTC with `+00:00` and a six-digit fraction; live mode
 * drops the fraction when it is zero (`docs/reference.md#10-fractions-in-ping-dates`).
 */
function formatPingDate(ms: number, compat: Compat): string {
  const fraction = ((ms % 1000) + 1000) % 1000;
  const seconds = formatTimestamp(ms).slice(0, 19);
  if (fraction === 0 && compat === "live") return `${seconds}+00:00`;
  return `${seconds}.${String(fraction * 1000).padStart(6, "0")}+00:00`;
}

/** A ping log entry; `duration` (seconds, printed as a float) only when given. */
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
    duration: duration === undefined ? undefined : new PyFloat(duration),
  };
  const out: Record<string, unknown> = {};
  for (const member of PING_MEMBERS) if (values[member] !== undefined) out[member] = values[member];
  return out;
}

/** A flip: `timestamp` without fraction and `up` (1 iff the new status is `up`). */
export function representFlip(flip: FlipRecord): { timestamp: string; up: 0 | 1 } {
  return { timestamp: formatTimestamp(flip.at), up: flip.to === "up" ? 1 : 0 };
}
