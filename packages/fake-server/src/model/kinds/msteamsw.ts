/**
 * The Microsoft Teams (Workflows webhook) payload: an Adaptive Card with a
 * heading (`🔴 “name” is DOWN (reason).` / `🟢 “name” is UP.`, the name
 * HTML-escaped), the check's facts with labels ending in `:`, the last
 * ping's body in a code block (cut to 1000 characters), and a link to the
 * check's page.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { checkFields } from "../notify/chat-fields.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, nameThenCode, reasonLong, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "msteamsw";

function heading(view: AlertView): string {
  const name = escapeHtml(nameThenCode(view));
  if (view.flip.status === "up") return templated(`\u{1f7e2} \u201c${name}\u201d is UP.`);
  const reason = reasonLong(view.flip.reason);
  return templated(`\u{1f534} \u201c${name}\u201d is DOWN${reason ? ` (${escapeHtml(reason)})` : ""}.`);
}

function renderTeams(view: AlertView): HttpAlert {
  const facts = checkFields(view, {
    labelEnd: ":",
    shortDescription: true,
    description: (desc) => desc.replaceAll("\n", "\n\n"),
    tags: (tags) => tags.join(" "),
    schedule: (expression) => expression.replaceAll("*", "\u034f*"),
  });
  const blocks: unknown[] = [
    { type: "TextBlock", text: heading(view), weight: "bolder", size: "medium", wrap: true, style: "heading" },
    { type: "FactSet", facts },
  ];
  const body = cutBody(view.lastPing, CHAT_BODY_MAX_LENGTH);
  if (body !== "") {
    blocks.push(
      { type: "TextBlock", text: "Last Ping Body:", weight: "bolder" },
      { type: "CodeBlock", codeSnippet: body, language: "PlainText" },
    );
  }
  return jsonAlert(plainValue(KIND, view.channel.value), {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          fallbackText: `\u201c${escapeHtml(nameThenCode(view))}\u201d is ${view.flip.status.toUpperCase()}.`,
          version: "1.2",
          body: blocks,
          actions: [{ type: "Action.OpenUrl", title: `View in ${view.site.name}`, url: cloakedUrl(view) }],
        },
      },
    ],
  });
}

/** The `msteamsw` kind. */
export const msteamsw = {
  kind: KIND,
  builder: {
    /**
     * A Microsoft Teams workflow's webhook.
     * @example
     * ```ts
     * channels.msteamsw("https://prod.westeurope.logic.azure.com/workflows/abc");
     * ```
     */
    msteamsw(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderTeams,
} satisfies KindModule<typeof KIND>;
