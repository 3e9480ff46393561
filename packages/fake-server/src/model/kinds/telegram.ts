/**
 * The Telegram message (through the fake's bot, at Telegram's address): an
 * HTML text linking the check's public page, with the reason or downtime,
 * the check's facts, the last ping's body (cut to 1000 characters) and the
 * other checks that are down, to the integration's chat (and forum topic).
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, HTML_FACTS } from "../notify/fact-lines.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, downtimeText, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { othersLines } from "../notify/others.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { serviceJson } from "../../text/json.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "telegram";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** The Telegram bot's token. */
const TELEGRAM_TOKEN = "0:fake-telegram-bot-token";

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

function renderTelegram(view: AlertView): HttpAlert {
  const chat = objectValue(KIND, view.channel.value);
  return jsonAlert(`https://api.telegram.org/bot${TELEGRAM_TOKEN}/sendMessage`, {
    chat_id: chat.id,
    message_thread_id: chat.thread_id ?? null,
    text: text(view),
    parse_mode: "html",
  });
}

/** The `telegram` kind. */
export const telegram = {
  kind: KIND,
  builder: {
    /**
     * A Telegram chat, by its id (and a forum topic's `thread_id`).
     * @example
     * ```ts
     * channels.telegram({ id: -1001234567890, type: "supergroup", name: "Ops" });
     * ```
     */
    telegram(chat: ChannelSettings<typeof KIND>): TypedChannel<typeof KIND> {
      return made(KIND, serviceJson({ id: chat.id, type: chat.type ?? null, name: chat.name ?? null, thread_id: chat.thread_id ?? null }));
    },
  },
  render: renderTelegram,
  vendor: true,
} satisfies KindModule<typeof KIND>;
