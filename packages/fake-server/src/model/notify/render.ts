/**
 * What one delivery sends, by the channel's kind: the webhook request, the
 * alert email, the chat kinds' messages (Slack, Mattermost, Discord,
 * Rocket.Chat, Teams, ntfy, Google Chat, Gotify, Zulip), the incident
 * tools' events (Spike, PagerTree, Splunk On-Call), and the requests of
 * the kinds whose address the vendor fixes (PagerDuty, Opsgenie, Pushover,
 * Telegram, Pushbullet, Matrix, Signal, Trello, GitHub, Apprise, SMS,
 * WhatsApp, calls), which are recorded rather than sent unless routed. A
 * group is delivered by delivering to its members; a shell integration
 * fails (the service runs no commands); retired kinds and any channel
 * without settings are delivered as a record without a request. Rendering
 * is pure: the same {@link AlertView} always gives the same bytes.
 * @module
 */
import { renderApprise } from "./apprise.js";
import { renderEmail } from "./email-alert.js";
import { renderGitHub } from "./github.js";
import { renderGoogleChat } from "./googlechat.js";
import { renderGotify } from "./gotify.js";
import { renderPagerTree, renderSpike, renderVictorOps } from "./incidents.js";
import { renderMatrix } from "./matrix.js";
import { renderOpsgenie } from "./opsgenie.js";
import { renderPagerDuty } from "./pagerduty.js";
import { renderPushbullet } from "./pushbullet.js";
import { renderPushover } from "./pushover.js";
import { renderSignal } from "./signal.js";
import { renderTelegram } from "./telegram.js";
import { renderTrello } from "./trello.js";
import { renderCall, renderSms, renderWhatsApp } from "./twilio.js";
import { renderTeams } from "./msteamsw.js";
import { renderNtfy } from "./ntfy.js";
import { renderRocketChat } from "./rocketchat.js";
import { renderDiscord, renderSlack } from "./slack.js";
import { ChannelValueError } from "./value-rules.js";
import type { AlertView, RenderedAlert } from "./view.js";
import { renderWebhook } from "./webhook.js";
import { renderZulip } from "./zulip.js";

/** The error of every shell delivery: the service does not run commands. */
export const SHELL_DISABLED = "Shell commands are not enabled";

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
  pd: renderPagerDuty,
  opsgenie: renderOpsgenie,
  po: renderPushover,
  telegram: renderTelegram,
  pushbullet: renderPushbullet,
  matrix: renderMatrix,
  signal: renderSignal,
  trello: renderTrello,
  github: renderGitHub,
  apprise: renderApprise,
  sms: renderSms,
  whatsapp: renderWhatsApp,
  call: renderCall,
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
