/**
 * The HTML part of the alert email, byte for byte as the service's template
 * renders it, blank lines and indentation included: the status sentence
 * and the link to the check's page, the description, a table of details
 * (project, tags, period or schedule and time zone, total pings, the last
 * ping and its kind, when the status changed), the last ping's subject and
 * body, the projects overview and the footer. Every text is HTML-escaped;
 * a relative time has a no-break space after each number, as in the
 * service's HTML (its plain text has plain spaces).
 * @module
 */
import { codePointLength, lastCodePoints } from "../../text/code-points.js";
import { escapeHtml } from "../../text/html-escape.js";
import {
  cloakedUrl,
  downtimeText,
  formatPeriod,
  nameThenCode,
  pingBodyText,
  reasonSuffix,
  rfc5322Date,
  shortDate,
  tagList,
} from "./formats.js";
import { naturalTime } from "./natural-time.js";
import type { AlertPing, AlertView } from "./view.js";

/** How much of the last ping's body an email shows, in characters (the end of it). */
export const EMAIL_BODY_TAIL_LENGTH = 10_000;

const CELL = '<td style="padding-right: 32px; padding-bottom: 8px; vertical-align: top;">';
const OVERVIEW_CELL = '<td style="padding-right: 32px; padding-bottom: 4px;">';
const TAG = '<code style="background-color: #eeeeee; padding: 2px 4px; border-radius: 2px;">';
const GREY = "#eeeeee";
const GREEN = "#dff0d8";
const RED = "#f2dede";

/** Text with its line breaks as `<br>`, escaped first (Django's `linebreaksbr`). */
function linebreaksBr(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, "\n")).replaceAll("\n", "<br>");
}

/**
 * The detail cells of the first table row, each followed by its line that
 * closes the row after every second cell (the template's cycle).
 */
function detailCells(view: AlertView): string {
  const { check } = view;
  let cells = 0;
  const cell = (title: string, content: string): string =>
    `\n        ${CELL}\n            <b>${title}</b><br>\n            ${content}\n        </td>\n        ${cells++ % 2 === 1 ? "</tr><tr>" : ""} `;
  const project = view.project.name ? `${cell("Project", escapeHtml(view.project.name))}\n        ` : "";
  const tags = tagList(check.tags);
  const tagCell = tags.length
    ? `${cell("Tags", `${tags.map((tag) => `\n            ${TAG}${escapeHtml(tag)}</code>\n            `).join("")}`)}\n        `
    : "";
  const period = check.kind === "simple" ? `${cell("Period", formatPeriod(check.timeout))}\n        ` : "";
  const schedule =
    check.kind === "simple"
      ? ""
      : `${cell("Schedule", `<code>${escapeHtml(check.schedule)}</code>`)}\n${cell("Time Zone", escapeHtml(check.tz)).slice(1)}\n        `;
  return `        ${project}\n\n        ${tagCell}\n\n        ${period}\n\n        ${schedule}\n\n`;
}

function kindBadge(ping: AlertPing): string {
  const badge = (color: string, text: string): string =>
    `\n            <span style="background-color: ${color}; color: #333333; padding-left: 4px; padding-right: 4px; border-radius: 2px;">\n                ${text}\n            </span>\n            `;
  if (ping.type === "ign") return badge(GREY, "Ignored");
  if (ping.exitStatus !== null && ping.exitStatus > 0) return badge(RED, `Exit status ${ping.exitStatus}`);
  if (ping.exitStatus === 0) return badge(GREEN, "Exit status 0");
  if (ping.type === "fail") return badge(RED, "Failure");
  if (ping.type === "start") return badge(GREEN, "Started");
  if (ping.type === "log") return badge(GREY, "Log");
  return badge(GREEN, "Success");
}

function lastPingRow(view: AlertView): string {
  const ping = view.lastPing;
  if (!ping) return "";
  const from = ping.remoteAddr ? `, from ${escapeHtml(ping.remoteAddr)}` : "";
  return (
    `\n    <tr>\n        ${CELL}\n            <b>Last Ping</b><br>\n            ${naturalTime(ping.at, view.now).replace(/(\d) /g, "$1\u00a0")}${from}\n        </td>\n` +
    `        ${CELL}\n            <b>Last Ping Type</b><br>\n            ${kindBadge(ping)}\n        </td>\n    </tr>\n    `
  );
}

function bodySection(view: AlertView, attached: boolean): string {
  const ping = view.lastPing;
  if (!ping?.body || ping.body.length === 0) return "";
  const body = pingBodyText(ping);
  const length = codePointLength(body);
  const note =
    length > EMAIL_BODY_TAIL_LENGTH && !attached
      ? `\n        <br>\n        Showing the last ${EMAIL_BODY_TAIL_LENGTH} bytes of ${length} bytes total.\n        <a href="${escapeHtml(cloakedUrl(view))}#ping-${ping.n}">View full body</a>.\n    `
      : "";
  const shown = attached
    ? "\n    <p>See the attachment.</p>\n    "
    : `\n    <pre style="font-family: monospace; line-height: 1em;">${linebreaksBr(lastCodePoints(body, EMAIL_BODY_TAIL_LENGTH))}</pre>\n    `;
  return `\n    <p><b>Last Ping Body</b>\n    ${note}\n    </p>\n    ${shown}\n`;
}

function overviewSection(view: AlertView): string {
  if (!view.overview || view.overview.length === 0) return "";
  const rows = view.overview.map(({ id, project, down }) => {
    const state = down > 0 ? `\n                <b>${down} check${down === 1 ? "" : "s"} down</b>\n                ` : "\n                OK, all checks up\n                ";
    const link = `${view.site.root}/projects/${id}/checks/`;
    return (
      `\n    <tr>\n        ${OVERVIEW_CELL}\n            <a href="${escapeHtml(link)}">${escapeHtml(project)}</a>\n        </td>\n` +
      `        ${OVERVIEW_CELL}\n            \n                ${state}\n            \n        </td>\n    </tr>\n    `
    );
  });
  return `\n<p><b>Projects Overview</b></p>\n<table>\n    ${rows.join("")}\n</table>\n`;
}

/** The HTML part of the alert; `attached`: the last ping came by email and is attached rather than quoted. */
export function alertHtml(view: AlertView, attached: boolean): string {
  const name = escapeHtml(nameThenCode(view));
  const site = escapeHtml(view.site.name);
  const projectName = escapeHtml(view.project.name);
  const downtime = downtimeText(view);
  const status =
    view.flip.status === "down"
      ? `\n    "${name}" is DOWN${reasonSuffix(view)}.\n    `
      : `\n    "${name}" is UP.\n    ${downtime ? `The downtime lasted ${downtime}.` : ""}\n    `;
  const description = view.check.desc ? `\n<p>\n    <b>Description</b><br>\n    ${linebreaksBr(view.check.desc)}\n</p>\n` : "";
  const ping = view.lastPing;
  const subject = attached && ping?.subject ? `\n<p><b>Last Ping Subject</b><br>${escapeHtml(ping.subject)}</p>\n` : "";
  const direction = view.flip.status === "down" ? "Down" : "Up";
  return (
    `<!DOCTYPE html>\n\n\n\n<p>\n    ${status}\n` +
    `    <a href="${escapeHtml(cloakedUrl(view))}">View on ${site}&hellip;</a>\n</p>\n\n\n${description}\n\n\n` +
    `<table>\n    <tr>\n${detailCells(view)}` +
    `        ${CELL}\n            <b>Total Pings</b><br>\n            ${ping ? ping.n : 0}\n            (since ${shortDate(view.check.created)})\n        </td>\n    </tr>\n\n` +
    `    ${lastPingRow(view)}\n\n` +
    `    <tr>\n        ${CELL}\n            <b>Status Changed to ${direction} at</b><br>\n            ${rfc5322Date(view.flip.at)}\n        </td>\n    </tr>\n</table>\n\n` +
    `${subject}\n\n${bodySection(view, attached)}\n\n${overviewSection(view)}\n\n` +
    `<br>\n<p style="color: #666666; font-size: 90%">\n&mdash;<br>\n` +
    `You are receiving this email because you are subscribed to ${site} monitoring\n` +
    `notifications${projectName ? ` for project "${projectName}"` : ""}.<br>\n` +
    `Don't want to receive these notifications?\n` +
    `<a href="${escapeHtml(view.unsubscribeUrl)}" target="_blank" style="color: #666666; text-decoration: underline;">Unsubscribe</a>.\n</p>\n`
  );
}
