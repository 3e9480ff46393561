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
import { factLines, HTML_FACTS } from "./fact-lines.js";
import { formAlert } from "./http-alert.js";
import { cloakedUrl, downtimeText, nameThenCode, reasonLong, templated } from "./formats.js";
import { othersLines } from "./others.js";
import { plainValue } from "./settings.js";
import { VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

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

/** A Pushover delivery. */
export function renderPushover(view: AlertView): HttpAlert {
  const [userKey = "", downPriority = "0", upPriority = downPriority] = plainValue("po", view.channel.value).split("|");
  const priority = view.flip.status === "up" ? upPriority : downPriority;
  const title = view.flip.status === "down" ? `\u{1f534} ${nameThenCode(view)} is DOWN` : `\u{1f7e2} ${nameThenCode(view)} is UP`;
  const form: Array<[string, string]> = [
    ["token", VENDOR_STAND_INS.pushoverToken],
    ["user", userKey],
    ["message", message(view)],
    ["title", templated(title)],
    ["html", "1"],
    ["priority", String(Number(priority))],
    ["tags", view.check.uniqueKey],
    ["url", cloakedUrl(view)],
    ["url_title", `View on ${view.site.name}`],
  ];
  if (priority === "2") form.push(["retry", String(VENDOR_STAND_INS.pushoverRetrySeconds)], ["expire", String(VENDOR_STAND_INS.pushoverExpireSeconds)]);
  return vendorAlert("po", formAlert(PUSHOVER_URL, form));
}
