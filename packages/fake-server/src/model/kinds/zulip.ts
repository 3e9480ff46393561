/**
 * The Zulip message: a form `POST` to the site's `/api/v1/messages` as the
 * bot (HTTP basic authentication with its email and API key), to a stream
 * or a person, with a topic (the integration's own, or `name is DOWN`) and
 * Markdown content linking the check's public page, with the reason or
 * the downtime, and the check's description when it has one.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { cloakedUrl, downtimeText, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { formAlert } from "../notify/http-alert.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, sorted, type Defaults, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "zulip";

function content(view: AlertView): string {
  const downtime = downtimeText(view);
  const lines = [
    `[${escapeHtml(nameThenCode(view))}](${cloakedUrl(view)}) is **${view.flip.status.toUpperCase()}**${reasonSuffix(view)}.`,
    downtime ? `The downtime lasted ${downtime}.` : "",
    "",
  ];
  if (view.check.desc) lines.push("", "---", "**Description**", escapeHtml(view.check.desc));
  return templated(lines.join("\n"));
}

function renderZulip(view: AlertView): HttpAlert {
  const settings = objectValue(KIND, view.channel.value);
  const to = settings.to as string;
  const topic = typeof settings.topic === "string" && settings.topic !== "" ? settings.topic : templated(`${nameThenCode(view)} is ${view.flip.status.toUpperCase()}`);
  return formAlert(
    `${settings.site as string}/api/v1/messages`,
    [
      ["type", settings.mtype as string],
      // A direct message to a user id is addressed with a JSON list of ids.
      ["to", settings.mtype === "private" && /^\d+$/.test(to) ? `[${to}]` : to],
      ["topic", topic],
      ["content", content(view)],
    ],
    [settings.bot_email as string, settings.api_key as string],
  );
}

/** The `zulip` kind. */
export const zulip = {
  kind: KIND,
  builder: {
    /**
     * A Zulip bot posting to a stream (or, with `mtype: "private"`, to a person).
     * @example
     * ```ts
     * channels.zulip({ bot_email: "alerts-bot@example.zulipchat.com", api_key: "k", site: "https://example.zulipchat.com", to: "ops" });
     * ```
     */
    zulip(settings: Defaults<ChannelSettings<typeof KIND>, "mtype">): TypedChannel<typeof KIND> {
      return made(KIND, sorted({ mtype: "stream", topic: "", ...settings }));
    },
  },
  render: renderZulip,
} satisfies KindModule<typeof KIND>;
