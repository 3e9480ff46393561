/**
 * The Gotify message: posted as JSON to the server's `message` endpoint
 * with the application token in the query, a title (`name is DOWN`), a
 * Markdown message linking the check's public page (with the reason, or
 * the downtime) and, when the project has other checks, which of them are
 * down too (up to ten, linked; otherwise their number), and the
 * direction's priority.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { formEncode } from "../../text/percent.js";
import { cloakedUrl, downtimeText, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { othersLines } from "../notify/others.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { jsonMember, made, sorted, type Defaults, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "gotify";

/** `{url}/message?token=…`: the server URL as a directory, the token form-encoded. */
export function gotifyMessageUrl(base: string, token: string): string {
  const directory = base.endsWith("/") ? base : `${base}/`;
  // Resolving `message` against a URL with a query or fragment drops them; otherwise it is plain concatenation, and the text stays as written.
  const url = /[?#]/.test(directory) ? new URL("message", directory).href : `${directory}message`;
  return `${url}?${formEncode([["token", token]])}`;
}

function message(view: AlertView): string {
  const link = `[${escapeHtml(nameThenCode(view))}](${cloakedUrl(view)})`;
  const lines: string[] = [];
  if (view.flip.status === "down") {
    lines.push(`\u{1f534} The check ${link} is **DOWN**${reasonSuffix(view)}.`);
  } else {
    lines.push(`\u{1f7e2} The check ${link} is now **UP**.`);
    const downtime = downtimeText(view);
    if (downtime) lines.push("", `The downtime lasted ${downtime}.`);
  }
  lines.push(...othersLines(view, (other, lastPing, page) => `- [${escapeHtml(other.name || other.uuid)}](${page}) (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

function renderGotify(view: AlertView): HttpAlert {
  const settings = objectValue(KIND, view.channel.value);
  return jsonAlert(gotifyMessageUrl(settings.url as string, settings.token as string), {
    title: templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`),
    message: message(view),
    extras: { "client::display": { contentType: "text/markdown" } },
    priority: view.flip.status === "up" ? settings.priority_up : settings.priority,
  });
}

/** The `gotify` kind. */
export const gotify = {
  kind: KIND,
  builder: {
    /**
     * A Gotify application; priorities 0 (off), 2, 5 (the default) or 9.
     * @example
     * ```ts
     * channels.gotify({ url: "https://gotify.example.com", token: "AbCdEf", priority_up: 2 });
     * ```
     */
    gotify(settings: Defaults<ChannelSettings<typeof KIND>, "priority" | "priority_up">): TypedChannel<typeof KIND> {
      return made(KIND, sorted({ priority: 5, priority_up: 5, ...settings }));
    },
  },
  render: renderGotify,
  notifies: (value, direction) => jsonMember(value, direction === "up" ? "priority_up" : "priority") !== 0,
} satisfies KindModule<typeof KIND>;
