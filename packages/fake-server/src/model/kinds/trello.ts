/**
 * The Trello card (at Trello's address, with the fake's application key
 * and the integration's token, everything in the query): made in the
 * integration's list when a check goes down, named `Down: name`, its
 * description the check's, its period or schedule, when the last ping came
 * and a link to its public page.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { formEncode } from "../../text/percent.js";
import { cloakedUrl, formatPeriod, nameThenCode, templated } from "../notify/formats.js";
import { httpAlert } from "../notify/http-alert.js";
import { naturalTime } from "../notify/natural-time.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, sorted, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "trello";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** Trello's application key. */
const TRELLO_APP_KEY = "fake-trello-app-key";

// The template's blank lines are kept as written: Trello renders the description as Markdown.
function description(view: AlertView): string {
  const { check } = view;
  const period = check.kind === "simple" ? `\n**Period:** ${formatPeriod(check.timeout)}\n` : "";
  const schedule = check.kind === "simple" ? "" : `\n**Schedule:** \`${escapeHtml(check.schedule)}\`\n\n**Time Zone:** ${escapeHtml(check.tz)}\n`;
  const lastPing = view.lastPing === null ? "never" : naturalTime(view.lastPing.at, view.now);
  return templated(
    `\n${check.desc}\n\n${period}\n\n${schedule}\n\n**Last Ping:** ${lastPing}\n\n[Full Details @ ${escapeHtml(view.site.name)}](${escapeHtml(cloakedUrl(view))})`,
  );
}

function renderTrello(view: AlertView): HttpAlert {
  const settings = objectValue(KIND, view.channel.value);
  const query = formEncode([
    ["idList", settings.list_id as string],
    ["name", templated(`${view.flip.status === "down" ? "Down" : "Up"}: ${nameThenCode(view)}`)],
    ["desc", description(view)],
    ["key", TRELLO_APP_KEY],
    ["token", settings.token as string],
  ]);
  return httpAlert("POST", `https://api.trello.com/1/cards?${query}`, [], null);
}

/** The `trello` kind. */
export const trello = {
  kind: KIND,
  builder: {
    /**
     * A Trello list that gets a card for each check that goes down.
     * @example
     * ```ts
     * channels.trello({ token: "t", board_name: "Ops", list_name: "Incidents", list_id: "5e2f4c1a9b8d7e6f5a4b3c2d" });
     * ```
     */
    trello(settings: ChannelSettings<typeof KIND>): TypedChannel<typeof KIND> {
      return made(KIND, sorted(settings));
    },
  },
  render: renderTrello,
  vendor: true,
} satisfies KindModule<typeof KIND>;
