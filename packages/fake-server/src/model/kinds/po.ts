/**
 * The Pushover message (a form `POST` to Pushover's API with the fake's
 * application token): an HTML message with the reason or downtime, the
 * check's facts and the other checks that are down, a title
 * (`🔴 name is DOWN`), the direction's priority, and for an emergency
 * (priority 2) how often and how long Pushover retries. Settings:
 * `user key|priority|up priority`; -3 turns a direction off.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, HTML_FACTS } from "../notify/fact-lines.js";
import { formAlert } from "../notify/http-alert.js";
import { cloakedUrl, downtimeText, nameThenCode, reasonLong, templated } from "../notify/formats.js";
import { othersLines } from "../notify/others.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "po";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** Pushover's application token. */
const PUSHOVER_TOKEN = "fake-pushover-app-token";
/** Seconds between the retries of a Pushover emergency alert (the service's default). */
const PUSHOVER_RETRY_SECONDS = 300;
/** Seconds a Pushover emergency alert is retried for (the service's default). */
const PUSHOVER_EXPIRE_SECONDS = 86_400;

/** Pushover's messages endpoint. */
export const PUSHOVER_URL = "https://api.pushover.net/1/messages.json";

function message(view: AlertView): string {
  const reason = view.flip.status === "down" ? reasonLong(view.flip.reason) : null;
  const downtime = downtimeText(view);
  const lines = reason ? [`Reason: ${reason}.`] : downtime ? [`The downtime lasted ${downtime}.`] : [];
  lines.push("", ...factLines(view, HTML_FACTS));
  lines.push(...othersLines(view, (other, lastPing) => `\u2022 <b>${escapeHtml(other.name || other.uuid)}</b> (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

function renderPushover(view: AlertView): HttpAlert {
  const [userKey = "", downPriority = "0", upPriority = downPriority] = plainValue(KIND, view.channel.value).split("|");
  const priority = view.flip.status === "up" ? upPriority : downPriority;
  const title = view.flip.status === "down" ? `\u{1f534} ${nameThenCode(view)} is DOWN` : `\u{1f7e2} ${nameThenCode(view)} is UP`;
  const form: Array<[string, string]> = [
    ["token", PUSHOVER_TOKEN],
    ["user", userKey],
    ["message", message(view)],
    ["title", templated(title)],
    ["html", "1"],
    ["priority", String(Number(priority))],
    ["tags", view.check.uniqueKey],
    ["url", cloakedUrl(view)],
    ["url_title", `View on ${view.site.name}`],
  ];
  if (priority === "2") form.push(["retry", String(PUSHOVER_RETRY_SECONDS)], ["expire", String(PUSHOVER_EXPIRE_SECONDS)]);
  return formAlert(PUSHOVER_URL, form);
}

/** The `po` kind. */
export const po = {
  kind: KIND,
  builder: {
    /**
     * A Pushover user key with the priorities of down and up alerts: -3 (off) to 2, 0 by default.
     * @example
     * ```ts
     * channels.po("uQiRzpo4DXghDmr9QzzfQu27cmVRsG", { priority: 1, priorityUp: -3 });
     * ```
     */
    po(userKey: string, { priority = 0, priorityUp = 0 }: { priority?: number; priorityUp?: number } = {}): TypedChannel<typeof KIND> {
      return made(KIND, `${userKey}|${priority}|${priorityUp}`);
    },
  },
  render: renderPushover,
  notifies: (value, direction) => {
    // `key|priority` or `key|priority|up priority`; -3 turns a direction off.
    const pieces = value.split("|");
    const priority = direction === "up" && pieces.length === 3 ? pieces[2] : pieces[1];
    return priority?.trim() !== "-3";
  },
  vendor: true,
} satisfies KindModule<typeof KIND>;
