/**
 * What one delivery sends, by the channel's kind: the webhook request, the
 * alert email, the Slack-style payload (Slack, Mattermost, Discord), the
 * Rocket.Chat, Teams or ntfy message. Every other kind, and any channel
 * without settings, is delivered as a record without a request. Rendering
 * is pure: the same {@link AlertView} always gives the same bytes.
 * @module
 */
import { renderEmail } from "./email-alert.js";
import { renderTeams } from "./msteamsw.js";
import { renderNtfy } from "./ntfy.js";
import { renderRocketChat } from "./rocketchat.js";
import { renderDiscord, renderSlack } from "./slack.js";
import type { AlertView, RenderedAlert } from "./view.js";
import { renderWebhook } from "./webhook.js";

const RENDERERS: Readonly<Record<string, (view: AlertView) => RenderedAlert>> = {
  webhook: renderWebhook,
  email: renderEmail,
  slack: (view) => renderSlack(view, "slack"),
  mattermost: (view) => renderSlack(view, "mattermost"),
  discord: renderDiscord,
  rocketchat: renderRocketChat,
  msteamsw: renderTeams,
  ntfy: renderNtfy,
};

/**
 * Renders one delivery. Throws a `ChannelValueError` when the channel's
 * settings are ones `validateChannelValue` refuses, or when a webhook has
 * no URL for the flip's direction (message `Empty webhook URL`, the
 * service's error text); the caller records the message as the delivery's
 * error.
 */
export function renderAlert(view: AlertView): RenderedAlert {
  const render = Object.hasOwn(RENDERERS, view.channel.kind) ? RENDERERS[view.channel.kind] : undefined;
  if (render === undefined || view.channel.value === "") return { type: "none" };
  return render(view);
}
