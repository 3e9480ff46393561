/**
 * The {@link AlertView} of one delivery: the part every channel of a flip
 * shares (a {@link FlipView}, kept in rows by `flip-rows.ts`), the channel
 * itself, the email footer's unsubscribe link and "Projects Overview".
 * @module
 */
import { createHmac } from "node:crypto";
import type { AlertView } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import { displayedStatus } from "../model/status.js";

/**
 * What every channel's view of one flip at one moment shares: a snapshot,
 * which later changes to the store do not reach, so that it can be
 * rendered after the moment it shows.
 */
export type FlipView = Omit<AlertView, "channel" | "unsubscribeUrl">;

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
