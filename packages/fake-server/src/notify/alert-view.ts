/**
 * Builds the {@link AlertView} of one delivery from the store: the check as
 * it is when the delivery runs (its `$JSON` is the API's own v3 read-write
 * representation), the flip as recorded, the last ping at or before the
 * flip, the downtime, the project's other checks and the email footer links.
 * @module
 */
import { createHmac } from "node:crypto";
import { representContext } from "../http/exchange.js";
import { checkJsonBytes } from "../http/represent.js";
import { parseEmail } from "../model/email/message.js";
import type { AlertPing, AlertView } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import { displayedStatus } from "../model/status.js";
import type { FlipRecord, PingRecord, StoredChannel, StoredCheck } from "../model/store.js";

const UTF8 = new TextDecoder();

/** What every channel's view of one flip at one moment shares. */
export type FlipView = Omit<AlertView, "channel" | "unsubscribeUrl">;

/**
 * The part of the view of delivering `flip` of `check` at `now` that does
 * not depend on the channel, without the email overview: built once per
 * flip and moment and shared by its deliveries.
 */
export function buildFlipView(core: Core, check: StoredCheck, flip: FlipRecord, now: number): FlipView {
  // Only a template with `$JSON` reads the representation, the costliest part of the view: it is made on first read, at this moment.
  let json: string | undefined;
  return {
    site: { root: core.options.baseUrl, name: core.options.siteName },
    project: { name: check.project.name },
    check: {
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
      get json(): string {
        return (json ??= checkJsonBytes(check, representContext(core, now, 3), { readOnly: false }).toString("latin1"));
      },
    },
    flip: { status: flip.to === "up" ? "up" : "down", reason: flip.reason, at: flip.at },
    downtimeMs: downtimeOf(check, flip),
    lastPing: lastPingAt(check.pings, flip.at),
    now,
    others: othersOf(check, now),
    overview: null,
  };
}

/** The whole view of delivering to `channel`: the shared part, the channel, and for an email its unsubscribe link. */
export function channelView(core: Core, shared: FlipView, channel: StoredChannel): AlertView {
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

function lastPingAt(pings: readonly PingRecord[], at: number): AlertPing | null {
  for (let i = pings.length - 1; i >= 0; i--) {
    const ping = pings[i] as PingRecord;
    if (ping.at > at) continue;
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
  return null;
}

function othersOf(check: StoredCheck, now: number): AlertView["others"] {
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
function unsubscribeUrl(core: Core, channel: StoredChannel, now: number): string {
  const value = createHmac("sha256", core.options.badgeSecret).update(`unsub:${channel.id}`).digest("hex");
  const stamp = Math.floor(now / 1000).toString(36);
  const signature = createHmac("sha256", core.options.badgeSecret).update(`${value}:${stamp}`).digest("base64url");
  return `${core.options.baseUrl}/integrations/${channel.id}/unsub/${value}:${stamp}:${signature}/`;
}
