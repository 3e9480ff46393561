/**
 * The Rocket.Chat payload: a Markdown line linking the check's name to its
 * page (`[name](url) is DOWN (reason).`, or `is UP.` and the downtime), a
 * coloured attachment with the check's facts, and the size of the last
 * ping's body with a link to it instead of the body itself.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { checkFields, field } from "../notify/chat-fields.js";
import { cloakedUrl, downtimeText, logoUrl, nameThenCode, reasonLong, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "rocketchat";

function text(view: AlertView): string {
  const reason = reasonLong(view.flip.reason);
  const downtime = downtimeText(view);
  const link = `[${nameThenCode(view)}](${escapeHtml(cloakedUrl(view))})`;
  const status = `${view.flip.status.toUpperCase()}${reason ? ` (${escapeHtml(reason)})` : ""}.`;
  return templated(`${link} is ${status}\n${downtime ? `The downtime lasted ${downtime}.` : ""}`);
}

function renderRocketChat(view: AlertView): HttpAlert {
  const fields = checkFields(view, {
    labelEnd: "",
    shortDescription: false,
    description: (desc) => desc,
    tags: (tags) => tags.map((tag) => `\`${tag}\``).join(" "),
    schedule: (expression) => expression.replaceAll("*", "\\*"),
  });
  const ping = view.lastPing;
  const size = ping?.body?.length ?? 0;
  if (ping && size > 0) {
    const link = `${cloakedUrl(view)}#ping-${ping.n}`;
    fields.push(field("Last Ping Body", `${size} ${size === 1 ? "byte" : "bytes"}, [show body](${link})`));
  }
  return jsonAlert(plainValue(KIND, view.channel.value), {
    alias: view.site.name,
    avatar: logoUrl(view),
    text: text(view),
    attachments: [{ color: view.flip.status === "up" ? "#5cb85c" : "#d9534f", fields }],
  });
}

/** The `rocketchat` kind. */
export const rocketchat = {
  kind: KIND,
  builder: {
    /**
     * A Rocket.Chat incoming webhook.
     * @example
     * ```ts
     * channels.rocketchat("https://chat.example.com/hooks/abc/def");
     * ```
     */
    rocketchat(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderRocketChat,
} satisfies KindModule<typeof KIND>;
