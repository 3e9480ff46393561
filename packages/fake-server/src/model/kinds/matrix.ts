/**
 * The Matrix message (through the service's homeserver and bot, here the
 * fake's stand-ins): a `PUT` of an `m.room.message` event into the
 * integration's room, with a plain body (`name is DOWN (reason).`) and an
 * HTML body that adds the check's facts, the last ping's body and the other
 * checks that are down. The HTML keeps the template's line breaks and
 * indentation as the service sends them.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { percentEncode } from "../../text/percent.js";
import { lastPingSummary } from "../notify/chat-fields.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, downtimeText, formatPeriod, nameThenCode, reasonSuffix, tagList, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { othersLines } from "../notify/others.js";
import { plainValue } from "../notify/settings.js";
import { deliveryUuid } from "../notify/vendor-stand-ins.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "matrix";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** The Matrix homeserver the service's bot posts through. */
const MATRIX_HOMESERVER = "https://matrix.example.org";
/** The Matrix bot's access token. */
const MATRIX_ACCESS_TOKEN = "fake-matrix-access-token";

function plain(view: AlertView): string {
  const name = escapeHtml(nameThenCode(view));
  if (view.flip.status === "down") return templated(`${name} is DOWN${reasonSuffix(view)}.`);
  const downtime = downtimeText(view);
  return templated(`${name} is now UP.${downtime ? ` The downtime lasted ${downtime}.` : ""}`);
}

function others(view: AlertView): string {
  if (view.others.length === 0) return "";
  const [, header, ...items] = othersLines(
    view,
    (other, lastPing, page) => `\n                <li><a href="${escapeHtml(page)}">${escapeHtml(other.name || other.uuid)}</a> (last ping: ${lastPing})</li>\n            `,
  );
  const inner =
    items.length === 0
      ? `\n            ${header as string}<br>\n        `
      : `\n            ${(header as string).replace(/:$/, ":<br>")}\n            <ul>\n            ${items.join("")}\n            </ul>\n        `;
  const listed = header === "All the other checks are up." ? "\n        All the other checks are up.<br>\n    " : `\n        ${inner}\n    `;
  return `\n    <br>\n    ${listed}\n`;
}

function formatted(view: AlertView): string {
  const { check } = view;
  const link = `<a href="${escapeHtml(cloakedUrl(view))}">${escapeHtml(nameThenCode(view))}</a>`;
  const downtime = downtimeText(view);
  const headline =
    view.flip.status === "down"
      ? `\n    \u{1f534} The check ${link} is <b>DOWN</b>${reasonSuffix(view)}.\n`
      : `\n    \u{1f7e2} The check ${link} is <b>UP</b>.\n    ${downtime ? `\n    <br>The downtime lasted ${downtime}.\n    ` : ""}\n`;
  const tags = tagList(check.tags);
  const pingBody = cutBody(view.lastPing, CHAT_BODY_MAX_LENGTH);
  const parts = [
    headline,
    "\n<br>\n\n<br>\n",
    view.project.name ? `\n<b>Project:</b> ${escapeHtml(view.project.name)}<br>\n` : "",
    "\n\n",
    tags.length > 0 ? `\n<b>Tags:</b> ${tags.map((tag) => `<code>${escapeHtml(tag)}</code> `).join("")}<br>\n` : "",
    "\n\n",
    check.kind === "simple" ? `\n<b>Period:</b> ${formatPeriod(check.timeout)}<br>\n` : "",
    "\n\n",
    check.kind === "simple" ? "" : `\n<b>Schedule:</b> <code>${escapeHtml(check.schedule)}</code><br>\n<b>Time Zone:</b> ${escapeHtml(check.tz)}<br>\n`,
    `\n\n<b>Total Pings:</b> ${view.lastPing?.n ?? 0}<br>\n\n`,
    `\n<b>Last Ping:</b> ${lastPingSummary(view)}<br>\n`,
    "\n\n",
    pingBody ? `\n<b>Last Ping Body:</b><br>\n<pre>${escapeHtml(pingBody)}</pre>\n` : "",
    "\n\n",
    others(view),
  ];
  return templated(parts.join(""));
}

function renderMatrix(view: AlertView): HttpAlert {
  const room = percentEncode(plainValue(KIND, view.channel.value));
  const url = `${MATRIX_HOMESERVER}/_matrix/client/v3/rooms/${room}/send/m.room.message/${deliveryUuid(view, KIND)}`;
  const payload = { msgtype: "m.text", body: plain(view), format: "org.matrix.custom.html", formatted_body: formatted(view) };
  return jsonAlert(url, payload, [["Authorization", `Bearer ${MATRIX_ACCESS_TOKEN}`]], "PUT");
}

/** The `matrix` kind. */
export const matrix = {
  kind: KIND,
  builder: {
    /**
     * A Matrix room, by its room ID (the service's bot posts there).
     * @example
     * ```ts
     * channels.matrix("!abcdefghijkl:matrix.org");
     * ```
     */
    matrix(roomId: string): TypedChannel<typeof KIND> {
      return made(KIND, roomId);
    },
  },
  render: renderMatrix,
  vendor: true,
} satisfies KindModule<typeof KIND>;
