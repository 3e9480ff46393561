/**
 * The `slack` kind: an incoming webhook's URL, or
 * `{"incoming_webhook": {"url": …}}` (what Slack's sign-in flow stores),
 * posted the Slack-style payload (`slack-payload.ts`). An answer of 404,
 * or 400 with the body `invalid_token` (the webhook's owner was
 * deactivated), disables the channel.
 * @module
 */
import { incomingWebhookUrl, slackAlert } from "../notify/slack-payload.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "slack";

/** The `slack` kind. */
export const slack = {
  kind: KIND,
  builder: {
    /**
     * A Slack incoming webhook.
     * @example
     * ```ts
     * channels.slack("https://hooks.slack.com/services/T000/B000/XXXX");
     * ```
     */
    slack(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: (view) => slackAlert(view, incomingWebhookUrl(KIND, view.channel.value), "\u034f*"),
  isPermanentFailure: (status, bodyText) => status === 404 || (status === 400 && bodyText === "invalid_token"),
} satisfies KindModule<typeof KIND>;
