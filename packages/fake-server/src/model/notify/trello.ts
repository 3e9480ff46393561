/**
 * The Trello card (at Trello's address, with the fake's application key
 * and the integration's token, everything in the query): made in the
 * integration's list when a check goes down, named `Down: name`, its
 * description the check's, its period or schedule, when the last ping came
 * and a link to its public page.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { formEncode } from "../../text/percent.js";
import { cloakedUrl, formatPeriod, nameThenCode, templated } from "./formats.js";
import { httpAlert } from "./http-alert.js";
import { naturalTime } from "./natural-time.js";
import { objectValue } from "./settings.js";
import { VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

// The template's blank lines are kept as written: Trello renders the description as Markdown.
function description(view: AlertView): string {
  const { check } = view;
  const period = check.kind === "simple" ? `\n**Period:** ${formatPeriod(check.timeout)}\n` : "";
  const schedule = check.kind === "simple" ? "" : `\n**Schedule:** \`${escapeHtml(check.schedule)}\`\n\n**Time Zone:** ${escapeHtml(check.tz)}\n`;
  const lastPing = view.lastPing === null ? "never" : naturalTime(view.lastPing.at, view.now);
  return templated(
    `\n${check.desc}\n\n${period}\n\n${schedule}\n\n**Last Ping:** ${lastPing}\n\n[Full Details @ ${escapeHtml(view.site.name)}](${escapeHtml(cloakedUrl(view))})`,
  );
}

/** A Trello delivery. */
export function renderTrello(view: AlertView): HttpAlert {
  const settings = objectValue("trello", view.channel.value);
  const query = formEncode([
    ["idList", settings.list_id as string],
    ["name", templated(`${view.flip.status === "down" ? "Down" : "Up"}: ${nameThenCode(view)}`)],
    ["desc", description(view)],
    ["key", VENDOR_STAND_INS.trelloAppKey],
    ["token", settings.token as string],
  ]);
  return vendorAlert("trello", httpAlert("POST", `https://api.trello.com/1/cards?${query}`, [], null));
}
