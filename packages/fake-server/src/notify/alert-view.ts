/**
 * Builds the {@link AlertView} of one delivery from the store: the check as
 * it is when the delivery runs (its `$JSON` is the API's own v3 read-write
 * representation), the flip as recorded, the last ping at or before the
 * flip, the downtime, the project's other checks and the email footer links.
 * @module
 */
import { createHmac } from "node:crypto";
import { representContext } from "../http/exchange.js";
import { printCheckJson, snapshotCheckJson, type CheckJsonSnapshot } from "../http/represent.js";
import { parseEmail } from "../model/email/message.js";
import type { AlertPing, AlertView } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import { displayedStatus } from "../model/status.js";
import type { FlipRecord, PingRecord, StoredCheck } from "../model/store.js";

const UTF8 = new TextDecoder();
// Fixed allowances in a view's estimated size: its objects, members and the check's JSON; each other check's entry.
const VIEW_OVERHEAD = 1024;
const OTHER_CHECK_OVERHEAD = 96;
// The view of a check alone in its project: shared, never changed.
const NO_OTHERS: AlertView["others"] = Object.freeze([]) as unknown as AlertView["others"];

/**
 * What every channel's view of one flip at one moment shares: a snapshot,
 * which later changes to the store do not reach, so that it can be
 * rendered after the moment it shows.
 */
export interface FlipView extends Omit<AlertView, "channel" | "unsubscribeUrl"> {
  /** An estimate of the bytes the view keeps alive (texts, the last ping's body, the other checks). */
  readonly heldBytes: number;
}

/**
 * A {@link FlipView} taken in one object: the check's settings, the
 * volatile members of its JSON and the last ping are kept as they were,
 * and the objects a renderer reads are made from them on first read.
 * Recording a delivery without sending builds one per flip and keeps it
 * until the record is read, so it holds as little as it can.
 */
class FlipSnapshot implements FlipView {
  readonly site: AlertView["site"];
  readonly downtimeMs: number | null;
  readonly now: number;
  readonly others: AlertView["others"];
  readonly overview = null;
  readonly heldBytes: number;
  readonly #projectName: string;
  readonly #settings: Omit<AlertView["check"], "json">;
  readonly #json: CheckJsonSnapshot;
  readonly #ping: PingRecord | null;
  // The stored flip: only its `processed` flag ever changes.
  readonly #flip: FlipRecord;
  #shownFlip: AlertView["flip"] | null = null;
  #project: AlertView["project"] | null = null;
  #check: AlertView["check"] | null = null;
  #lastPing: AlertPing | null | undefined = undefined;

  constructor(core: Core, check: StoredCheck, flip: FlipRecord, now: number) {
    this.site = siteOf(core);
    this.#flip = flip;
    this.downtimeMs = downtimeOf(check, flip);
    this.now = now;
    this.others = othersOf(check, now);
    this.#projectName = check.project.name;
    // The JSON first: it makes sure the check has the cache its settings are kept by.
    this.#json = snapshotCheckJson(check, representContext(core, now, 3), false);
    this.#settings = settingsOf(check);
    this.#ping = lastPingAt(check.pings, flip.at);
    let held = VIEW_OVERHEAD + this.#projectName.length + check.name.length + check.desc.length + check.tags.length + check.schedule.length;
    held += this.#ping?.body?.byteLength ?? 0;
    for (const other of this.others) held += OTHER_CHECK_OVERHEAD + other.name.length;
    this.heldBytes = held;
  }

  get flip(): AlertView["flip"] {
    return (this.#shownFlip ??= { status: this.#flip.to === "up" ? "up" : "down", reason: this.#flip.reason, at: this.#flip.at });
  }

  get project(): AlertView["project"] {
    return (this.#project ??= { name: this.#projectName });
  }

  get check(): AlertView["check"] {
    return (this.#check ??= checkView(this.#settings, this.#json));
  }

  get lastPing(): AlertPing | null {
    if (this.#lastPing === undefined) this.#lastPing = this.#ping === null ? null : alertPing(this.#ping);
    return this.#lastPing;
  }
}

/**
 * The part of the view of delivering `flip` of `check` at `now` that does
 * not depend on the channel, without the email overview: built once per
 * flip and moment and shared by its deliveries.
 */
export function buildFlipView(core: Core, check: StoredCheck, flip: FlipRecord, now: number): FlipView {
  return new FlipSnapshot(core, check, flip, now);
}

// The check's settings at this moment. The object changes only when a
// setting does: anything that changes one also clears `jsonCache`, so the
// settings are taken anew only when that cache is not the one they were taken with.
function settingsOf(check: StoredCheck): Omit<AlertView["check"], "json"> {
  const known = SETTINGS.get(check);
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
  SETTINGS.set(check, { cache: check.jsonCache, settings });
  return settings;
}

const SETTINGS = new WeakMap<StoredCheck, { cache: object | null; settings: Omit<AlertView["check"], "json"> }>();
const SITES = new WeakMap<Core["options"], AlertView["site"]>();

function siteOf(core: Core): AlertView["site"] {
  let site = SITES.get(core.options);
  if (site === undefined) {
    site = { root: core.options.baseUrl, name: core.options.siteName };
    SITES.set(core.options, site);
  }
  return site;
}

function checkView(settings: Omit<AlertView["check"], "json">, json: CheckJsonSnapshot): AlertView["check"] {
  let printed: string | undefined;
  return {
    ...settings,
    get json(): string {
      return (printed ??= printCheckJson(json));
    },
  };
}

/** The whole view of delivering to `channel`: the shared part, the channel, and for an email its unsubscribe link. */
export function channelView(core: Core, shared: FlipView, channel: AlertView["channel"]): AlertView {
  // Member by member rather than a spread: one object shape for every view, built several times per flip.
  return {
    site: shared.site,
    project: shared.project,
    channel: { id: channel.id, kind: channel.kind, name: channel.name, value: channel.value },
    check: shared.check,
    flip: shared.flip,
    downtimeMs: shared.downtimeMs,
    lastPing: shared.lastPing,
    now: shared.now,
    others: shared.others,
    overview: shared.overview,
    // Only an email carries the link, and signing it is the costliest part of a view.
    unsubscribeUrl: channel.kind === "email" ? unsubscribeUrl(core, channel, shared.now) : "",
  };
}

/**
 * The email "Projects Overview" for `address`: every project of the
 * accounts whose user has that address, with its count of checks down, or
 * `null` when the address is no user's.
 */
export function overviewFor(core: Core, address: string, now: number): AlertView["overview"] {
  const wanted = address.toLowerCase();
  let lines: NonNullable<AlertView["overview"]> | null = null;
  for (const account of core.store.accounts.values()) {
    if (account.ownerEmail === null || account.ownerEmail.toLowerCase() !== wanted) continue;
    lines ??= [];
    for (const project of account.projects) {
      let down = 0;
      for (const check of project.checks.values()) if (displayedStatus(check, now, 3) === "down") down++;
      lines.push({ project: project.name, down });
    }
  }
  return lines;
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

// Ping records are never changed once stored, so this may run any time after the flip.
function alertPing(ping: PingRecord): AlertPing {
  return {
    n: ping.n,
    type: ping.type,
    exitStatus: ping.exitStatus,
    body: ping.body,
    remoteAddr: ping.remoteAddr,
    at: ping.at,
    subject: ping.scheme === "email" ? parseEmail(UTF8.decode(ping.body ?? new Uint8Array())).subject : null,
  };
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

/**
 * The email's unsubscribe link: the channel and a signed token in the
 * service's `value:timestamp:signature` shape, signed with the fake's badge
 * secret so that it is stable for a given state and time.
 */
function unsubscribeUrl(core: Core, channel: AlertView["channel"], now: number): string {
  const value = createHmac("sha256", core.options.badgeSecret).update(`unsub:${channel.id}`).digest("hex");
  const stamp = Math.floor(now / 1000).toString(36);
  const signature = createHmac("sha256", core.options.badgeSecret).update(`${value}:${stamp}`).digest("base64url");
  return `${core.options.baseUrl}/integrations/${channel.id}/unsub/${value}:${stamp}:${signature}/`;
}
