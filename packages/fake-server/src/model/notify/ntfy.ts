/**
 * The ntfy message: published as JSON to the server URL with the topic in
 * the payload, the bearer token in `Authorization` when one is set, the
 * direction's priority, a title (`name is DOWN`), and a Markdown message
 * with the reason or downtime, the check's facts and, when the project has
 * other checks, which of them are down too (up to ten by name, sorted the
 * way the service lists checks; otherwise their number). Texts inside the
 * message are HTML-escaped; the title is not.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "./chat-fields.js";
import { cloakedUrl, downtimeText, formatPeriod, nameThenCode, reasonLong, tagList, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { parseNtfySettings } from "./settings.js";
import { othersLines } from "./others.js";
import type { AlertView, HttpAlert } from "./view.js";

function message(view: AlertView): string {
  const { check } = view;
  const lines: string[] = [];
  const reason = reasonLong(view.flip.reason);
  const downtime = downtimeText(view);
  if (view.flip.status === "down" && reason) lines.push(`Reason: ${escapeHtml(reason)}.`, "");
  else if (downtime) lines.push(`The downtime lasted ${downtime}.`, "");
  if (view.project.name) lines.push(`**Project:** ${escapeHtml(view.project.name)}`);
  const tags = tagList(check.tags);
  if (tags.length > 0) lines.push(`**Tags:** ${tags.map(escapeHtml).join(", ")}`);
  if (check.kind === "simple") {
    lines.push(`**Period:** ${formatPeriod(check.timeout)}`);
  } else {
    lines.push(`**Schedule:** \`${escapeHtml(check.schedule)}\``, `**Time Zone:** ${escapeHtml(check.tz)}`);
  }
  lines.push(`**Total Pings:** ${view.lastPing?.n ?? 0}`, `**Last Ping:** ${escapeHtml(lastPingSummary(view))}`);
  lines.push(...othersLines(view, (other, lastPing) => `\u2022 **${escapeHtml(other.name || other.uuid)}** (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

/** An ntfy delivery. */
export function renderNtfy(view: AlertView): HttpAlert {
  const settings = parseNtfySettings(view.channel.value);
  const headers: Array<[string, string]> = settings.token ? [["Authorization", `Bearer ${settings.token}`]] : [];
  return jsonAlert(
    settings.url,
    {
      topic: settings.topic,
      priority: view.flip.status === "up" ? settings.priorityUp : settings.priority,
      title: templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`),
      message: message(view),
      markdown: true,
      tags: [view.flip.status === "up" ? "green_circle" : "red_circle"],
      actions: [{ action: "view", label: `View on ${view.site.name}`, url: cloakedUrl(view) }],
    },
    headers,
  );
}
