/**
 * The `discord` kind: `{"webhook": {"url": …}}`, posted the Slack-style
 * payload (`slack-payload.ts`) at the webhook's Slack-compatible address,
 * `*` escaped with a backslash. An answer of 404 disables the channel.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { serviceJson } from "../../text/json.js";
import { checkDeclared } from "../notify/declared-settings.js";
import { slackAlert } from "../notify/slack-payload.js";
import type { JsonObject } from "../notify/value-rules.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "discord";

/** The URL a Discord channel posts to: `webhook.url`, the retired `discordapp.com` host replaced, then `/slack`. */
export function discordUrl(value: string): string {
  const url = ((checkDeclared(KIND, value) as JsonObject).webhook as JsonObject).url as string;
  const retired = "https://discordapp.com/";
  return `${url.startsWith(retired) ? `https://discord.com/${url.slice(retired.length)}` : url}/slack`;
}

/** The `discord` kind. */
export const discord = {
  kind: KIND,
  builder: {
    /**
     * A Discord webhook (its Slack-compatible address is what gets the alert).
     * @example
     * ```ts
     * channels.discord("https://discord.com/api/webhooks/1/abc");
     * ```
     */
    discord(url: string): TypedChannel<typeof KIND> {
      return made(KIND, serviceJson({ webhook: { url } } satisfies ChannelSettings<typeof KIND>));
    },
  },
  render: (view) => slackAlert(view, discordUrl(view.channel.value), "\\*"),
  isPermanentFailure: (status) => status === 404,
} satisfies KindModule<typeof KIND>;
