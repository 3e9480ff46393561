/**
 * Flips kept as rows of values: what a delivery recorded without sending
 * needs to render its request when its record is read (the check's
 * settings and JSON as they were, the flip, the last ping at the flip,
 * the downtime and the project's other checks), taken when it was
 * delivered. A row is numbers in one typed column and references to
 * values the store shares in another, so that a full outbox keeps a few
 * arrays rather than an object graph per delivery, and taking a row
 * allocates nothing the collector would have to move.
 * @module
 */
import { representContext } from "../http/exchange.js";
import { CHECK_JSON_NUMBERS, CHECK_JSON_REFS, printStampedCheckJson, stampCheckJson } from "../http/represent.js";
import { parseEmail } from "../model/email/message.js";
import type { AlertPing, AlertView } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import { displayedStatus } from "../model/status.js";
import type { FlipRecord, PingRecord, StoredCheck } from "../model/store.js";
import type { FlipView } from "./alert-view.js";

// A row's numbers; NaN stands for `null`.
const NOW = 0;
const FLIP_AT = 1;
const DOWNTIME = 2;
const PING_N = 3;
const PING_EXIT = 4;
const PING_AT = 5;
const HELD = 6;
const JSON_NUMBERS = 7;
const NUMBERS = JSON_NUMBERS + CHECK_JSON_NUMBERS;
// A row's references; a `null` ping type means no ping came before the flip.
const SITE = 0;
const PROJECT = 1;
const SETTINGS = 2;
const OTHERS = 3;
const FLIP_STATUS = 4;
const FLIP_REASON = 5;
const PING_TYPE = 6;
const PING_BODY = 7;
const PING_ADDRESS = 8;
const PING_SCHEME = 9;
const JSON_REFS = 10;
const REFS = JSON_REFS + CHECK_JSON_REFS;

const UTF8 = new TextDecoder();
// Fixed allowances in a row's estimated size: what rendering it makes, and the check's JSON; each other check's entry.
const VIEW_OVERHEAD = 1024;
const OTHER_CHECK_OVERHEAD = 96;
// The other checks of a check alone in its project: shared, never changed.
const NO_OTHERS: AlertView["others"] = Object.freeze([]) as unknown as AlertView["others"];

type CheckSettings = Omit<AlertView["check"], "json">;

/** A notifying flip as the processor took it: its values, and the downtime it ended. */
export interface TakenFlip {
  /** When it happened, epoch ms. */
  readonly at: number;
  /** Its new status. */
  readonly to: AlertView["flip"]["status"];
  /** Its reason. */
  readonly reason: FlipRecord["reason"];
  /** The time since the previous flip when that one went down; `null` for a down flip, or an up flip after a pause or a first success. */
  readonly downtimeMs: number | null;
}

/** The values of `flip`, a notifying flip `check`'s history holds. */
export function takenFlip(check: StoredCheck, flip: FlipRecord): TakenFlip {
  return { at: flip.at, to: flip.to === "up" ? "up" : "down", reason: flip.reason, downtimeMs: downtimeOf(check, flip) };
}

/**
 * Rows of flips as deliveries saw them, numbered from 0: a row is taken
 * from the store ({@link FlipRows.take}) or copied from another table,
 * and read back as a {@link FlipView} that later changes to the store do
 * not reach.
 */
export class FlipRows {
  #numbers: Float64Array;
  #refs: unknown[];

  /** Rows `0` to `capacity - 1`, empty. */
  constructor(capacity: number) {
    this.#numbers = new Float64Array(capacity * NUMBERS);
    this.#refs = new Array<unknown>(capacity * REFS).fill(null);
  }

  /** How many rows there are. */
  get capacity(): number {
    return this.#refs.length / REFS;
  }

  /** Writes into `row` the delivery of `flip` of `check` at `now`, as the store has it now. */
  take(row: number, core: Core, check: StoredCheck, flip: TakenFlip, now: number): void {
    const numbers = this.#numbers;
    const refs = this.#refs;
    const n = row * NUMBERS;
    const r = row * REFS;
    numbers[n + NOW] = now;
    numbers[n + FLIP_AT] = flip.at;
    numbers[n + DOWNTIME] = flip.downtimeMs ?? Number.NaN;
    refs[r + SITE] = siteOf(core);
    refs[r + PROJECT] = check.project.name;
    // The JSON first: it makes sure the check has the cache its settings are kept by.
    stampCheckJson(check, representContext(core, now, 3), false, numbers, n + JSON_NUMBERS, refs, r + JSON_REFS);
    refs[r + SETTINGS] = settingsOf(check);
    const others = othersOf(check, now);
    refs[r + OTHERS] = others;
    refs[r + FLIP_STATUS] = flip.to;
    refs[r + FLIP_REASON] = flip.reason;
    const ping = lastPingAt(check.pings, flip.at);
    let held = VIEW_OVERHEAD + check.project.name.length + check.name.length + check.desc.length + check.tags.length + check.schedule.length;
    if (ping === null) {
      refs[r + PING_TYPE] = null;
      refs[r + PING_BODY] = null;
      refs[r + PING_ADDRESS] = null;
      refs[r + PING_SCHEME] = null;
    } else {
      numbers[n + PING_N] = ping.n;
      numbers[n + PING_EXIT] = ping.exitStatus ?? Number.NaN;
      numbers[n + PING_AT] = ping.at;
      refs[r + PING_TYPE] = ping.type;
      refs[r + PING_BODY] = ping.body;
      refs[r + PING_ADDRESS] = ping.remoteAddr;
      refs[r + PING_SCHEME] = ping.scheme;
      held += ping.body?.byteLength ?? 0;
    }
    // Indexed: a check alone shares the frozen empty list, which a for-of walks slowly.
    for (let i = 0; i < others.length; i++) held += OTHER_CHECK_OVERHEAD + (others[i] as AlertView["others"][number]).name.length;
    numbers[n + HELD] = held;
  }

  /** An estimate of the bytes `row` keeps alive (texts, the last ping's body, the other checks). */
  heldBytes(row: number): number {
    return this.#numbers[row * NUMBERS + HELD] as number;
  }

  /** Lets go of what `row` keeps alive that may be large: the last ping's body, the other checks, the check's settings and JSON. */
  release(row: number): void {
    const r = row * REFS;
    const refs = this.#refs;
    refs[r + PING_BODY] = null;
    refs[r + OTHERS] = NO_OTHERS;
    refs[r + SETTINGS] = null;
    refs[r + JSON_REFS] = null;
  }

  /** Grows to `capacity` rows; the rows are moved in ring order, `start` first, to the front. */
  grow(capacity: number, start: number): void {
    const numbers = new Float64Array(capacity * NUMBERS);
    const refs = new Array<unknown>(capacity * REFS).fill(null);
    const rows = this.capacity;
    for (let i = 0; i < rows; i++) {
      const row = (start + i) % rows;
      numbers.set(this.#numbers.subarray(row * NUMBERS, (row + 1) * NUMBERS), i * NUMBERS);
      for (let k = 0; k < REFS; k++) refs[i * REFS + k] = this.#refs[row * REFS + k];
    }
    this.#numbers = numbers;
    this.#refs = refs;
  }

  /** The view `row` holds, in an object of its own: rewriting the row later does not change it. */
  view(row: number): FlipView {
    return new RowView(this.#numbers.slice(row * NUMBERS, (row + 1) * NUMBERS), this.#refs.slice(row * REFS, (row + 1) * REFS));
  }

  /** The view of delivering `flip` of `check` at `now`, taken from the store into an object of its own. */
  static viewOf(core: Core, check: StoredCheck, flip: TakenFlip, now: number): FlipView {
    const own = new FlipRows(1);
    own.take(0, core, check, flip, now);
    return new RowView(own.#numbers, own.#refs);
  }
}

/** A {@link FlipView} read from a row of its own: the objects a renderer reads are made on first read. */
class RowView implements FlipView {
  readonly site: AlertView["site"];
  readonly downtimeMs: number | null;
  readonly now: number;
  readonly others: AlertView["others"];
  readonly overview = null;
  readonly #numbers: Float64Array;
  readonly #refs: readonly unknown[];
  #flip: AlertView["flip"] | null = null;
  #project: AlertView["project"] | null = null;
  #check: AlertView["check"] | null = null;
  #lastPing: AlertPing | null | undefined = undefined;

  constructor(numbers: Float64Array, refs: readonly unknown[]) {
    this.#numbers = numbers;
    this.#refs = refs;
    this.site = refs[SITE] as AlertView["site"];
    const downtime = numbers[DOWNTIME] as number;
    this.downtimeMs = Number.isNaN(downtime) ? null : downtime;
    this.now = numbers[NOW] as number;
    this.others = refs[OTHERS] as AlertView["others"];
  }

  get flip(): AlertView["flip"] {
    return (this.#flip ??= {
      status: this.#refs[FLIP_STATUS] as AlertView["flip"]["status"],
      reason: this.#refs[FLIP_REASON] as AlertView["flip"]["reason"],
      at: this.#numbers[FLIP_AT] as number,
    });
  }

  get project(): AlertView["project"] {
    return (this.#project ??= { name: this.#refs[PROJECT] as string });
  }

  get check(): AlertView["check"] {
    if (this.#check === null) {
      const numbers = this.#numbers;
      const refs = this.#refs;
      let printed: string | undefined;
      this.#check = {
        ...(refs[SETTINGS] as CheckSettings),
        get json(): string {
          return (printed ??= printStampedCheckJson(numbers, JSON_NUMBERS, refs, JSON_REFS));
        },
      };
    }
    return this.#check;
  }

  get lastPing(): AlertPing | null {
    if (this.#lastPing === undefined) this.#lastPing = this.#refs[PING_TYPE] === null ? null : this.#ping();
    return this.#lastPing;
  }

  // Ping records are never changed once stored, so the row's copy of one reads as the record did.
  #ping(): AlertPing {
    const numbers = this.#numbers;
    const refs = this.#refs;
    const body = refs[PING_BODY] as Uint8Array | null;
    const exitStatus = numbers[PING_EXIT] as number;
    return {
      n: numbers[PING_N] as number,
      type: refs[PING_TYPE] as AlertPing["type"],
      exitStatus: Number.isNaN(exitStatus) ? null : exitStatus,
      body,
      remoteAddr: refs[PING_ADDRESS] as string | null,
      at: numbers[PING_AT] as number,
      subject: refs[PING_SCHEME] === "email" ? parseEmail(UTF8.decode(body ?? new Uint8Array())).subject : null,
    };
  }
}

// The check's settings at this moment. The object changes only when a
// setting does: anything that changes one also clears `jsonCache`, so the
// settings are taken anew only when that cache is not the one they were taken with.
function settingsOf(check: StoredCheck): CheckSettings {
  const known = SETTINGS_OF.get(check);
  if (known !== undefined && known.cache === check.jsonCache && check.jsonCache !== null) return known.settings;
  const settings = {
    uuid: check.uuid,
    name: check.name,
    slug: check.slug,
    tags: check.tags,
    desc: check.desc,
    kind: check.kind,
    timeout: check.timeout,
    grace: check.grace,
    schedule: check.schedule,
    tz: check.tz,
    uniqueKey: check.uniqueKey,
    created: check.created,
  };
  SETTINGS_OF.set(check, { cache: check.jsonCache, settings });
  return settings;
}

const SETTINGS_OF = new WeakMap<StoredCheck, { cache: object | null; settings: CheckSettings }>();
const SITES = new WeakMap<Core["options"], AlertView["site"]>();

function siteOf(core: Core): AlertView["site"] {
  let site = SITES.get(core.options);
  if (site === undefined) {
    site = { root: core.options.baseUrl, name: core.options.siteName };
    SITES.set(core.options, site);
  }
  return site;
}

// The time since the previous flip when that one went down; an up flip after a pause or a first success has none.
function downtimeOf(check: StoredCheck, flip: FlipRecord): number | null {
  if (flip.to !== "up") return null;
  const index = check.flips.lastIndexOf(flip);
  const previous = index > 0 ? check.flips[index - 1] : undefined;
  return previous?.to === "down" ? flip.at - previous.at : null;
}

// The last ping at or before `at`.
function lastPingAt(pings: readonly PingRecord[], at: number): PingRecord | null {
  for (let i = pings.length - 1; i >= 0; i--) {
    const ping = pings[i] as PingRecord;
    if (ping.at <= at) return ping;
  }
  return null;
}

function othersOf(check: StoredCheck, now: number): AlertView["others"] {
  if (check.project.checks.size === 1) return NO_OTHERS;
  const others: AlertView["others"] = [];
  for (const other of check.project.checks.values()) {
    if (other === check) continue;
    const status = displayedStatus(other, now, 3);
    others.push({ uuid: other.uuid, name: other.name, status: status === "started" ? "up" : status, lastPing: other.lastPing });
  }
  return others;
}
