/**
 * The ntfy message: published as JSON to the server URL with the topic in
 * the payload, the bearer token in `Authorization` when one is set, the
 * direction's priority, a title (`name is DOWN`), and a Markdown message
 * with the reason or downtime, the check's facts and, when the project has
 * other checks, which of them are down too (up to ten by name, sorted the
 * way the service lists checks; otherwise their number). Texts inside the
 * message are HTML-escaped; the title is not.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "../notify/chat-fields.js";
import { cloakedUrl, downtimeText, formatPeriod, nameThenCode, reasonLong, tagList, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { objectValue } from "../notify/settings.js";
import { othersLines } from "../notify/others.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, sorted, type Defaults, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "ntfy";

/** An ntfy channel's settings. */
export interface NtfySettings {
  /** Topic the message is published to. */
  topic: string;
  /** Server URL the message is posted to. */
  url: string;
  /** Priority of down messages; `0` turns them off. */
  priority: number;
  /** Priority of up messages; `0` turns them off. */
  priorityUp: number;
  /** Access token sent as a bearer token, `""` for none. */
  token: string;
}

/** Reads an ntfy channel's settings, or throws a {@link ChannelValueError}. */
export function parseNtfySettings(value: string): NtfySettings {
  const object = objectValue(KIND, value);
  return {
    topic: object.topic as string,
    url: object.url as string,
    priority: object.priority as number,
    priorityUp: object.priority_up as number,
    token: typeof object.token === "string" ? object.token : "",
  };
}

function message(view: AlertView): string {
  const { check } = view;
  const lines: string[] = [];
  const reason = reasonLong(view.flip.reason);
  const downtime = downtimeText(view);
  if (view.flip.status === "down" && reason) lines.push(`Reason: ${escapeHtml(reason)}.`, "");
  else if (downtime) lines.push(`The downtime lasted ${downtime}.`, "");
  if (view.project.name) lines.push(`**Project:** ${escapeHtml(view.project.name)}`);
  const tags = tagList(check.tags);
  if (tags.length > 0) lines.push(`**Tags:** ${tags.map(escapeHtml).join(", ")}`);
  if (check.kind === "simple") {
    lines.push(`**Period:** ${formatPeriod(check.timeout)}`);
  } else {
    lines.push(`**Schedule:** \`${escapeHtml(check.schedule)}\``, `**Time Zone:** ${escapeHtml(check.tz)}`);
  }
  lines.push(`**Total Pings:** ${view.lastPing?.n ?? 0}`, `**Last Ping:** ${escapeHtml(lastPingSummary(view))}`);
  lines.push(...othersLines(view, (other, lastPing) => `\u2022 **${escapeHtml(other.name || other.uuid)}** (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

function renderNtfy(view: AlertView): HttpAlert {
  const settings = parseNtfySettings(view.channel.value);
  const headers: Array<[string, string]> = settings.token ? [["Authorization", `Bearer ${settings.token}`]] : [];
  return jsonAlert(
    settings.url,
    {
      topic: settings.topic,
      priority: view.flip.status === "up" ? settings.priorityUp : settings.priority,
      title: templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`),
      message: message(view),
      markdown: true,
      tags: [view.flip.status === "up" ? "green_circle" : "red_circle"],
      actions: [{ action: "view", label: `View on ${view.site.name}`, url: cloakedUrl(view) }],
    },
    headers,
  );
}

/** The `ntfy` kind. */
export const ntfy = {
  kind: KIND,
  builder: {
    /**
     * An ntfy topic; priorities 1 to 5 (3 by default), 0 turns a direction off.
     * @example
     * ```ts
     * channels.ntfy({ topic: "backups", url: "https://ntfy.sh", priority: 5 });
     * ```
     */
    ntfy(settings: Defaults<ChannelSettings<typeof KIND>, "url" | "priority" | "priority_up">): TypedChannel<typeof KIND> {
      return made(KIND, sorted({ url: "https://ntfy.sh", priority: 3, priority_up: 3, token: "", ...settings }));
    },
  },
  render: renderNtfy,
  notifies: (value, direction) => {
    const settings = parseNtfySettings(value);
    return (direction === "up" ? settings.priorityUp : settings.priority) !== 0;
  },
  rateLimit: (value) => {
    const { url, topic } = parseNtfySettings(value);
    return { key: `${KIND}\n${url}\n${topic}`, capacity: 6, refillSeconds: 60 };
  },
} satisfies KindModule<typeof KIND>;
