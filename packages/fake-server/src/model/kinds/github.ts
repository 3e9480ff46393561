/**
 * The GitHub issue (at GitHub's address, as the service's GitHub App
 * installation): opened in the integration's repository when a check goes
 * down, with its labels, titled `name is DOWN`, its body a Markdown account
 * of the check with the last ping's body (cut to 1000 characters, left out
 * when it holds a code fence).
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, type FactStyle } from "../notify/fact-lines.js";
import { CHAT_BODY_MAX_LENGTH, cloakedUrl, cutBody, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { serviceJson } from "../../text/json.js";
import { made, type Defaults, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "github";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** The GitHub App installation's access token. */
const GITHUB_TOKEN = "fake-github-installation-token";

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

function renderGitHub(view: AlertView): HttpAlert {
  const settings = objectValue(KIND, view.channel.value);
  const title = templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`);
  return jsonAlert(`https://api.github.com/repos/${settings.repo as string}/issues`, { title, body: body(view), labels: settings.labels }, [
      ["Authorization", `Bearer ${GITHUB_TOKEN}`],
    ]);
}

/** The `github` kind. */
export const github = {
  kind: KIND,
  builder: {
    /**
     * A GitHub repository that gets an issue for each check that goes down, through the service's GitHub App installation.
     * @example
     * ```ts
     * channels.github({ installation_id: 123, repo: "acme/ops", labels: ["alert"] });
     * ```
     */
    github(settings: Defaults<ChannelSettings<typeof KIND>, "labels">): TypedChannel<typeof KIND> {
      return made(KIND, serviceJson({ installation_id: settings.installation_id, repo: settings.repo, labels: settings.labels ?? [] }));
    },
  },
  render: renderGitHub,
  downOnly: true,
  vendor: true,
} satisfies KindModule<typeof KIND>;
