/**
 * The alert email of an email channel: the recipient, the subject
 * (`DOWN | name`, the UUID for an unnamed check) and the plain-text body
 * line for line: what happened and why, the downtime, the link to the
 * check's page, its description and details (project, tags, period or
 * schedule, pings, the last ping's time, address, kind and subject, when
 * the status changed), the last ping's body (its last 10000 characters,
 * wrapped at 80 columns; "See the attachment." for a ping that came by
 * email), the recipient's projects overview when the address belongs to an
 * account, and the unsubscribe footer. Times are in UTC.
 * @module
 */
import { digest as hash } from "../../text/digest.js";
import { codePointLength, lastCodePoints } from "../../text/code-points.js";
import { escapeHtml } from "../../text/html-escape.js";
import { pyStrip } from "../../text/py-whitespace.js";
import { wordWrap } from "../../text/word-wrap.js";
import {
  cloakedUrl,
  downtimeText,
  formatPeriod,
  lastPingKind,
  nameThenCode,
  pingBodyText,
  reasonLong,
  rfc5322Date,
  shortDate,
} from "./formats.js";
import { withoutAttachedMessages } from "../email/message.js";
import { alertHtml, EMAIL_BODY_TAIL_LENGTH } from "./email-html.js";
import { naturalTime } from "./natural-time.js";
import type { AlertView, EmailAlert, EmailAttachment } from "./view.js";

/** The sender of alert emails: the service's default sender address. */
export const EMAIL_SENDER = "healthchecks@example.org";
/** The column the shown body is wrapped at. */
export const EMAIL_WRAP_WIDTH = 80;

function detailLines(view: AlertView): string[] {
  const { check } = view;
  const ping = view.lastPing;
  const lines = ["", "Details:", "--------"];
  if (view.project.name) lines.push(`Project: ${view.project.name}`);
  if (check.tags) lines.push(`Tags: ${check.tags}`);
  if (check.kind === "simple") lines.push(`Period: ${formatPeriod(check.timeout)}`);
  else lines.push(`Schedule: ${escapeHtml(check.schedule)}`, `Time zone: ${escapeHtml(check.tz)}`);
  lines.push(`Total pings: ${ping?.n ?? 0} (since ${shortDate(check.created)})`);
  if (ping) {
    const from = ping.remoteAddr ? `, from ${escapeHtml(ping.remoteAddr)}` : "";
    lines.push(`Last ping: ${naturalTime(ping.at, view.now)}${from}`, `Last ping type: ${lastPingKind(ping)}`);
    if (ping.subject) lines.push(`Last ping subject: ${escapeHtml(ping.subject)}`);
  }
  lines.push(`Status changed to ${view.flip.status} at: ${rfc5322Date(view.flip.at)}`);
  return lines;
}

function bodyLines(view: AlertView): string[] {
  const ping = view.lastPing;
  if (!ping?.body || ping.body.length === 0) return [];
  // A ping that came by email is attached to the alert rather than quoted.
  const attached = ping.subject !== null;
  const body = pingBodyText(ping);
  const length = codePointLength(body);
  const lines = ["", "Last Ping Body:"];
  if (length > EMAIL_BODY_TAIL_LENGTH && !attached) {
    lines.push(`Showing the last ${EMAIL_BODY_TAIL_LENGTH} bytes of ${length} bytes total.`);
  }
  lines.push("---------------");
  lines.push(attached ? "See the attachment." : wordWrap(lastCodePoints(body, EMAIL_BODY_TAIL_LENGTH), EMAIL_WRAP_WIDTH));
  return lines;
}

function overviewLines(view: AlertView): string[] {
  if (!view.overview || view.overview.length === 0) return [];
  return [
    "",
    "Projects Overview:",
    "------------------",
    ...view.overview.map(({ project, down }) =>
      down > 0 ? `* ${project}: ${down} check${down === 1 ? "" : "s"} down` : `* ${project}: OK, all checks up`,
    ),
  ];
}

/** The plain-text body of the alert. */
function text(view: AlertView): string {
  const site = escapeHtml(view.site.name);
  const reason = reasonLong(view.flip.reason);
  const downtime = downtimeText(view);
  const lines = [`The check "${nameThenCode(view)}" has gone ${view.flip.status}.`];
  if (reason) lines.push(`Reason: ${reason}.`);
  if (downtime) lines.push(`The downtime lasted ${downtime}.`);
  lines.push("", `View on ${site}:`, escapeHtml(cloakedUrl(view)));
  if (view.check.desc) lines.push("", "Description:", "------------", view.check.desc);
  lines.push(...detailLines(view), ...bodyLines(view), ...overviewLines(view));
  lines.push("", "--", `Unsubscribe: ${escapeHtml(view.unsubscribeUrl)}`, `Regards, ${site}`);
  return `${lines.join("\n")}\n`.replaceAll("\u00a0", " ");
}

/** A time (epoch ms) as the `Date` header gives it: `Thu, 26 Nov 2026 00:58:54 -0000`. */
function dateHeader(ms: number): string {
  return rfc5322Date(ms).replace(/\+0000$/, "-0000");
}

/**
 * A `Message-ID` shaped like the service's (`<centiseconds.process.random@sender domain>`),
 * its numbers derived from the delivery so that the same state gives the same message.
 */
function messageId(view: AlertView): string {
  const digest = new DataView(hash("sha256", `${view.channel.id}\n${view.check.uuid}\n${view.flip.at}\n${view.now}`).buffer);
  const process = (digest.getUint16(0) % 32_000) + 1;
  const random = digest.getBigUint64(2);
  return `<${Math.floor(view.now / 10)}.${process}.${random}@${EMAIL_SENDER.slice(EMAIL_SENDER.indexOf("@") + 1)}>`;
}

/** The last ping as the alert attaches it, when it came by email. */
function attachments(view: AlertView): EmailAttachment[] {
  const ping = view.lastPing;
  if (!ping || ping.subject === null || !ping.body || ping.body.length === 0) return [];
  return [{ filename: "last-ping.eml", contentType: "message/rfc822", content: withoutAttachedMessages(pingBodyText(ping)) }];
}

/** An email channel's delivery: one message to `address`, plain text and HTML. */
export function renderEmail(view: AlertView, address: string): EmailAlert {
  const subject = pyStrip(`${view.flip.status.toUpperCase()} | ${nameThenCode(view)}`);
  const attached = attachments(view);
  return {
    type: "email",
    to: address,
    subject,
    text: text(view),
    html: alertHtml(view, attached.length > 0),
    headers: [
      ["Content-Type", attached.length > 0 ? "multipart/mixed" : "multipart/alternative"],
      ["MIME-Version", "1.0"],
      ["Subject", subject],
      ["From", EMAIL_SENDER],
      ["To", address],
      ["Date", dateHeader(view.now)],
      ["List-Unsubscribe", `<${view.unsubscribeUrl}>`],
      ["List-Unsubscribe-Post", "List-Unsubscribe=One-Click"],
      ["Message-ID", messageId(view)],
    ],
    attachments: attached,
  };
}
