/**
 * The `mattermost` kind: an incoming webhook's URL (or the same JSON
 * object as Slack's), posted the Slack-style payload (`slack-payload.ts`).
 * @module
 */
import { incomingWebhookUrl, slackAlert } from "../notify/slack-payload.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "mattermost";

/** The `mattermost` kind. */
export const mattermost = {
  kind: KIND,
  builder: {
    /**
     * A Mattermost incoming webhook.
     * @example
     * ```ts
     * channels.mattermost("https://chat.example.com/hooks/abc");
     * ```
     */
    mattermost(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: (view) => slackAlert(view, incomingWebhookUrl(KIND, view.channel.value), "\u034f*"),
} satisfies KindModule<typeof KIND>;
