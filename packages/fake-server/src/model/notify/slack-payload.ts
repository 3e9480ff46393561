/**
 * The Slack-style payload that Slack, Mattermost and Discord receive (one
 * payload; Discord gets it at its webhook URL plus `/slack`): a coloured
 * attachment titled `“name” is DOWN.`, the reason or downtime as its text,
 * the check's facts, and the last ping's body in a code block (cut to 1000
 * characters, left out when it holds a code fence of its own).
 * @module
 */
import { checkFields, field } from "./chat-fields.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, downtimeText, logoUrl, nameThenCode, reasonLong } from "./formats.js";
import { checkDeclared } from "./declared-settings.js";
import { jsonAlert } from "./http-alert.js";
import type { JsonObject } from "./value-rules.js";
import type { AlertView, HttpAlert } from "./view.js";

/** The Slack-style payload of a delivery. */
function payload(view: AlertView, asteriskEscape: string): unknown {
  const name = nameThenCode(view);
  const status = view.flip.status.toUpperCase();
  const reason = reasonLong(view.flip.reason);
  const downtime = downtimeText(view);
  const fields = checkFields(view, {
    labelEnd: "",
    shortDescription: false,
    description: (desc) => desc,
    tags: (tags) => tags.map((tag) => `\`${tag}\``).join(" "),
    schedule: (expression) => expression.replaceAll("*", asteriskEscape),
  });
  const body = cutBody(view.lastPing, CHAT_BODY_MAX_LENGTH);
  if (body !== "" && !body.includes("```")) fields.push(field("Last Ping Body", `\`\`\`\n${body}\n\`\`\``, false));
  return {
    username: view.site.name,
    icon_url: logoUrl(view),
    attachments: [
      {
        color: view.flip.status === "up" ? "good" : "danger",
        fallback: `The check "${name}" is ${status}.`,
        mrkdwn_in: ["fields"],
        title: `\u201c${name}\u201d is ${status}.`,
        title_link: cloakedUrl(view),
        text: reason ? `Reason: ${reason}.` : downtime ? `The downtime lasted ${downtime}.` : null,
        fields,
      },
    ],
  };
}

/** The URL a Slack or Mattermost channel posts to: the text itself, or `incoming_webhook.url` of a JSON object. */
export function incomingWebhookUrl(kind: string, value: string): string {
  const object = checkDeclared(kind, value);
  return object === null ? value : ((object.incoming_webhook as JsonObject).url as string);
}

/** The payload posted to `url`, each `*` of a schedule written as `asteriskEscape`. */
export function slackAlert(view: AlertView, url: string, asteriskEscape: string): HttpAlert {
  return jsonAlert(url, payload(view, asteriskEscape));
}
