/**
 * The GitHub issue (at GitHub's address, as the service's GitHub App
 * installation): opened in the integration's repository when a check goes
 * down, with its labels, titled `name is DOWN`, its body a Markdown account
 * of the check with the last ping's body (cut to 1000 characters, left out
 * when it holds a code fence).
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, type FactStyle } from "./fact-lines.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { objectValue } from "./settings.js";
import { VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

const MARKDOWN_FACTS: FactStyle = {
  label: (name) => `**${name}:**`,
  tags: (tags) => tags.map((tag) => `\`${tag}\` `).join(""),
  code: (text) => `\`${text}\``,
};

function body(view: AlertView): string {
  const lines = [
    `The check [${escapeHtml(nameThenCode(view))}](${escapeHtml(cloakedUrl(view))}) is **${view.flip.status.toUpperCase()}**${reasonSuffix(view)}.`,
    "",
    ...factLines(view, MARKDOWN_FACTS),
  ];
  const pingBody = cutBody(view.lastPing, CHAT_BODY_MAX_LENGTH);
  if (pingBody && !pingBody.includes("```")) lines.push("**Last Ping Body:**", `<pre>${escapeHtml(pingBody)}</pre>`);
  return templated(lines.join("\n"));
}

/** A GitHub delivery. */
export function renderGitHub(view: AlertView): HttpAlert {
  const settings = objectValue("github", view.channel.value);
  const title = templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`);
  return vendorAlert(
    "github",
    jsonAlert(`https://api.github.com/repos/${settings.repo as string}/issues`, { title, body: body(view), labels: settings.labels }, [
      ["Authorization", `Bearer ${VENDOR_STAND_INS.githubToken}`],
    ]),
  );
}
