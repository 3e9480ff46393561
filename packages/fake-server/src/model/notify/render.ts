/**
 * What one delivery sends, by the channel's kind: the webhook request, the
 * alert email, the Slack-style payload (Slack, Mattermost, Discord), the
 * Rocket.Chat, Teams, ntfy, Google Chat, Gotify or Zulip message, the
 * Spike, PagerTree or Splunk On-Call incident. A group is delivered by
 * delivering to its members; a shell integration fails (the service runs
 * no commands); any channel without settings is delivered as a record
 * without a request. Rendering
 * is pure: the same {@link AlertView} always gives the same bytes.
 * @module
 */
import { renderEmail } from "./email-alert.js";
import { renderGoogleChat } from "./googlechat.js";
import { renderGotify } from "./gotify.js";
import { renderPagerTree, renderSpike, renderVictorOps } from "./incidents.js";
import { renderTeams } from "./msteamsw.js";
import { renderNtfy } from "./ntfy.js";
import { renderRocketChat } from "./rocketchat.js";
import { renderDiscord, renderSlack } from "./slack.js";
import { ChannelValueError } from "./value-rules.js";
import type { AlertView, RenderedAlert } from "./view.js";

/** The error of every shell delivery: the service does not run commands. */
export const SHELL_DISABLED = "Shell commands are not enabled";
import { renderWebhook } from "./webhook.js";
import { renderZulip } from "./zulip.js";

const RENDERERS: Readonly<Record<string, (view: AlertView) => RenderedAlert>> = {
  webhook: renderWebhook,
  email: renderEmail,
  slack: (view) => renderSlack(view, "slack"),
  mattermost: (view) => renderSlack(view, "mattermost"),
  discord: renderDiscord,
  rocketchat: renderRocketChat,
  msteamsw: renderTeams,
  ntfy: renderNtfy,
  googlechat: renderGoogleChat,
  spike: renderSpike,
  pagertree: renderPagerTree,
  victorops: renderVictorOps,
  gotify: renderGotify,
  zulip: renderZulip,
};

/**
 * Renders one delivery. Throws a `ChannelValueError` when the channel's
 * settings are ones `validateChannelValue` refuses, when a webhook has
 * no URL for the flip's direction (message `Empty webhook URL`, the
 * service's error text), or for a shell integration (`Shell commands are
 * not enabled`); the caller records the message as the delivery's error.
 */
export function renderAlert(view: AlertView): RenderedAlert {
  // The service runs no commands unless its operator turns them on, which it does not by default.
  if (view.channel.kind === "shell") throw new ChannelValueError(SHELL_DISABLED);
  const render = Object.hasOwn(RENDERERS, view.channel.kind) ? RENDERERS[view.channel.kind] : undefined;
  if (render === undefined || view.channel.value === "") return { type: "none" };
  return render(view);
}
