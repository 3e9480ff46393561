/**
 * The Telegram message (through the fake's bot, at Telegram's address): an
 * HTML text linking the check's public page, with the reason or downtime,
 * the check's facts, the last ping's body (cut to 1000 characters) and the
 * other checks that are down, to the integration's chat (and forum topic).
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, HTML_FACTS } from "./fact-lines.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, downtimeText, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { othersLines } from "./others.js";
import { objectValue } from "./settings.js";
import { VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

function text(view: AlertView): string {
  const link = `<a href="${escapeHtml(cloakedUrl(view))}">${escapeHtml(nameThenCode(view))}</a>`;
  const lines: string[] = [];
  if (view.flip.status === "down") {
    lines.push(`\u{1f534} The check ${link} is <b>DOWN</b>${reasonSuffix(view)}.`);
  } else {
    lines.push(`\u{1f7e2} The check ${link} is now <b>UP</b>.`);
    const downtime = downtimeText(view);
    if (downtime) lines.push(`The downtime lasted ${downtime}.`);
  }
  lines.push("", ...factLines(view, HTML_FACTS));
  const body = cutBody(view.lastPing, CHAT_BODY_MAX_LENGTH);
  if (body) lines.push("<b>Last Ping Body:</b>", `<pre>${escapeHtml(body)}</pre>`);
  lines.push(...othersLines(view, (other, lastPing, page) => `- <a href="${escapeHtml(page)}">${escapeHtml(other.name || other.uuid)}</a> (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

/** A Telegram delivery. */
export function renderTelegram(view: AlertView): HttpAlert {
  const chat = objectValue("telegram", view.channel.value);
  return vendorAlert(
    "telegram",
    jsonAlert(`https://api.telegram.org/bot${VENDOR_STAND_INS.telegramToken}/sendMessage`, {
      chat_id: chat.id,
      message_thread_id: chat.thread_id ?? null,
      text: text(view),
      parse_mode: "html",
    }),
  );
}
