/**
 * The {@link AlertView} of one delivery, taken from the store when the
 * flip's request is answered: the check and its project as they are then,
 * the channel, the email footer's unsubscribe link and "Projects Overview".
 * @module
 */
import { toBase64Url, toHex, utf8Text } from "../text/bytes.js";
import { hmac } from "../text/digest.js";
import { representContext } from "../http/exchange.js";
import { checkJsonBytes, READ_WRITE_VIEW } from "../http/represent.js";
import { emailSubject } from "../model/email/message.js";
import type { AlertPing, AlertView } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import { compareCodePoints } from "../model/notify/check-order.js";
import { displayedStatus } from "../model/status.js";
import type { FlipRecord, PingRecord, StoredCheck } from "../model/store.js";

/** What every channel's view of one flip shares. */
export type FlipView = Omit<AlertView, "channel" | "unsubscribeUrl">;

/**
 * The view of `flip` of `check` at `now`, as the store has it now. It is
 * rendered at once, before anything else changes the store: `$JSON` is
 * printed only when a template asks for it.
 */
export function flipView(core: Core, check: StoredCheck, flip: FlipRecord, now: number): FlipView {
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
        // The service's JSON is pure ASCII: its bytes read back the same as UTF-8.
        return (json ??= utf8Text(checkJsonBytes(check, representContext(core, now, 3), READ_WRITE_VIEW)));
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

/** The whole view of delivering to `channel`: the shared part, the channel, and its unsubscribe link (which only an email shows). */
export function channelView(core: Core, shared: FlipView, channel: AlertView["channel"]): AlertView {
  return {
    ...shared,
    channel: { id: channel.id, kind: channel.kind, name: channel.name, value: channel.value },
    unsubscribeUrl: unsubscribeUrl(core, channel, shared.now),
  };
}

/**
 * The email "Projects Overview" for `address`: every project of the
 * accounts whose user has exactly that address (letter case counts), sorted
 * by lower-cased name, a project without a name listed under that address,
 * each with its count of checks down; `null` when the address is no user's.
 */
export function overviewFor(core: Core, address: string, now: number): AlertView["overview"] {
  let lines: NonNullable<AlertView["overview"]> | null = null;
  const keys = new Map<string, string>();
  for (const account of core.store.accounts.values()) {
    if (account.ownerEmail !== address) continue;
    lines ??= [];
    for (const project of account.projects) {
      let down = 0;
      for (const check of project.checks.values()) if (displayedStatus(check, now, 3) === "down") down++;
      lines.push({ id: project.id, project: project.name || address, down });
      keys.set(project.id, project.name.toLowerCase());
    }
  }
  return lines?.sort((a, b) => compareCodePoints(keys.get(a.id) ?? "", keys.get(b.id) ?? "")) ?? null;
}

/**
 * The email's unsubscribe link: the channel and a signed token in the
 * service's `value:timestamp:signature` shape, signed with the fake's badge
 * secret so that it is stable for a given state and time.
 */
function unsubscribeUrl(core: Core, channel: AlertView["channel"], now: number): string {
  const value = toHex(hmac("sha256", core.options.badgeSecret, `unsub:${channel.id}`));
  const stamp = Math.floor(now / 1000).toString(36);
  const signature = toBase64Url(hmac("sha256", core.options.badgeSecret, `${value}:${stamp}`));
  return `${core.options.baseUrl}/integrations/${channel.id}/unsub/${value}:${stamp}:${signature}/`;
}

// The time since the previous flip when that one went down; an up flip after a pause or a first success has none.
function downtimeOf(check: StoredCheck, flip: FlipRecord): number | null {
  if (flip.to !== "up") return null;
  const index = check.flips.lastIndexOf(flip);
  const previous = index > 0 ? check.flips[index - 1] : undefined;
  return previous?.to === "down" ? flip.at - previous.at : null;
}

// The last ping at or before `at`, as messages describe it.
function lastPingAt(pings: readonly PingRecord[], at: number): AlertPing | null {
  const ping = pings.findLast((one) => one.at <= at);
  if (ping === undefined) return null;
  const { n, type, body, remoteAddr } = ping;
  const subject = ping.scheme === "email" ? emailSubject(body ?? new Uint8Array()) : null;
  return { n, type, exitStatus: ping.exitStatus ?? null, body, remoteAddr, at: ping.at, subject };
}

function othersOf(check: StoredCheck, now: number): AlertView["others"] {
  const others: AlertView["others"] = [];
  for (const other of check.project.checks.values()) {
    if (other === check) continue;
    const status = displayedStatus(other, now, 3);
    others.push({ uuid: other.uuid, uniqueKey: other.uniqueKey, name: other.name, status: status === "started" ? "up" : status, lastPing: other.lastPing });
  }
  return others;
}
