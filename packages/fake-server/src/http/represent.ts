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
} from "@checks-api/schema/lite";
import { latin1Bytes } from "../text/bytes.js";
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

/** What a volatile member's value follows: equal stamps, equal text. Cheaper than the value (no date formatting). */
type Stamp = (check: StoredCheck, ctx: RepresentContext) => unknown;

/** A member that changes with time or pings: its stamp, and its value as a function of the stamp alone. */
interface Volatile {
  stamp: Stamp;
  value(stamp: unknown): unknown;
}

const same = (stamp: unknown): unknown => stamp;
const timestampOf = (stamp: unknown): string | null => timestamp(stamp as number | null);

// Members that change with time or pings. All others change only when a
// setting does (create, update, a check created by a ping), which clears
// the check's cached JSON. A value depends on nothing but its stamp, so a
// snapshot of the stamps prints the members as they were when it was taken.
const VOLATILE: Partial<Record<CheckMember, Volatile>> = {
  n_pings: { stamp: (c) => c.nPings, value: same },
  status: { stamp: (c, ctx) => displayedStatus(c, ctx.now, ctx.version), value: same },
  started: { stamp: (c) => c.lastStart !== null, value: same },
  last_ping: { stamp: (c) => c.lastPing, value: timestampOf },
  next_ping: { stamp: (c) => nextPingAt(c), value: timestampOf },
  // Whole seconds, truncated; absent when unknown or zero.
  last_duration: { stamp: (c) => c.lastDuration, value: (ms) => ((ms as number | null) ? Math.trunc((ms as number) / 1000) : undefined) },
};

function volatileGetter(member: CheckMember): Getter {
  const { stamp, value } = VOLATILE[member] as Volatile;
  return (check, ctx) => value(stamp(check, ctx));
}

const GETTERS: Record<CheckMember, Getter> = {
  name: (c) => c.name,
  slug: (c) => c.slug,
  tags: (c) => c.tags,
  desc: (c) => c.desc,
  grace: (c) => Math.trunc(c.grace),
  n_pings: volatileGetter("n_pings"),
  status: volatileGetter("status"),
  started: volatileGetter("started"),
  last_ping: volatileGetter("last_ping"),
  next_ping: volatileGetter("next_ping"),
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
  last_duration: volatileGetter("last_duration"),
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

/** A volatile member in a template: its `"name": ` text, its stamp and its value. */
interface VolatilePart extends Volatile {
  prefix: string;
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
  bytes: Uint8Array | null;
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
    const changing = VOLATILE[member];
    if (changing) {
      if (run !== "") parts.push(run);
      run = "";
      const part = { prefix, stamp: changing.stamp, value: changing.value };
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

// The stamps of the volatile parts, in order.
function render(parts: CheckTemplate["parts"], stamps: readonly unknown[]): string {
  let out = "";
  let index = 0;
  for (const part of parts) {
    let text: string;
    if (typeof part === "string") text = part;
    else {
      const value = part.value(stamps[index++]);
      if (value === undefined) continue;
      text = part.prefix + serviceJson(value);
    }
    out += out === "" ? text : `, ${text}`;
  }
  return `{${out}}`;
}

function templateFor(check: StoredCheck, ctx: RepresentContext, view: CheckView): CheckTemplate {
  const cache = (check.jsonCache ??= []) as CheckJsonCache;
  const slot = templateSlot(ctx, view);
  let template = cache[slot];
  if (!template || template.siteRoot !== ctx.siteRoot || template.pingEndpoint !== ctx.pingEndpoint) {
    template = buildTemplate(check, ctx, view);
    cache[slot] = template;
  }
  return template;
}

/**
 * The bytes of `serviceJson(representCheck(check, ctx, view))` (ASCII, so
 * Latin-1 and UTF-8 alike), from a template cached per check: the settled
 * members are formatted once, and the whole text again only when a volatile
 * member's stamp moved. The cache lives in `check.jsonCache`, which whoever
 * changes a setting must clear. The bytes are shared: never write to them.
 */
export function checkJsonBytes(check: StoredCheck, ctx: RepresentContext, view: CheckView): Uint8Array {
  if (view.channelsCleared) return latin1Bytes(serviceJson(representCheck(check, ctx, view)));
  const template = templateFor(check, ctx, view);
  const { volatile, stamps } = template;
  let fresh = template.bytes !== null;
  for (let i = 0; i < volatile.length; i++) {
    const stamp = (volatile[i] as VolatilePart).stamp(check, ctx);
    if (stamps[i] !== stamp) {
      stamps[i] = stamp;
      fresh = false;
    }
  }
  if (!fresh || template.bytes === null) template.bytes = latin1Bytes(render(template.parts, stamps));
  return template.bytes;
}

/** The plain view of a read-write key: shared, never changed. */
export const READ_WRITE_VIEW: CheckView = Object.freeze({ readOnly: false });
/** The plain view of a read-only key: shared, never changed. */
export const READ_ONLY_VIEW: CheckView = Object.freeze({ readOnly: true });

/**
 * A ping's `date`: UTC with `+00:00` and a six-digit fraction; live mode
 * drops the fraction when it is zero (`docs/reference.md#10-fractions-in-ping-dates`).
 */
function formatPingDate(ms: number, compat: Compat): string {
  // In microseconds, the service's precision: a ping imported from it keeps them as a fraction of a millisecond.
  const micros = Math.round(ms * 1000);
  const fraction = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  const seconds = formatTimestamp((micros - fraction) / 1000).slice(0, 19);
  if (fraction === 0 && compat === "live") return `${seconds}+00:00`;
  return `${seconds}.${String(fraction).padStart(6, "0")}+00:00`;
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
