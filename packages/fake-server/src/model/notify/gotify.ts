/**
 * The Gotify message: posted as JSON to the server's `message` endpoint
 * with the application token in the query, a title (`name is DOWN`), a
 * Markdown message linking the check's public page (with the reason, or
 * the downtime) and, when the project has other checks, which of them are
 * down too (up to ten, linked; otherwise their number), and the
 * direction's priority.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { formEncode } from "../../text/percent.js";
import { cloakedUrl, downtimeText, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { othersLines } from "./others.js";
import { objectValue } from "./settings.js";
import type { AlertView, HttpAlert } from "./view.js";

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

/** A Gotify delivery. */
export function renderGotify(view: AlertView): HttpAlert {
  const settings = objectValue("gotify", view.channel.value);
  return jsonAlert(gotifyMessageUrl(settings.url as string, settings.token as string), {
    title: templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`),
    message: message(view),
    extras: { "client::display": { contentType: "text/markdown" } },
    priority: view.flip.status === "up" ? settings.priority_up : settings.priority,
  });
}
