/**
 * The limits a channel's settings are held to. They are the service's own
 * form rules where it has one (the edit forms cap URLs, bodies and headers
 * at 1000 characters, an email address at 100, an ntfy topic at 64 and its
 * token at 100), plus a cap on the whole settings text, which the service
 * stores without one, so that no test can make the fake hold an unbounded
 * amount of it.
 * @module
 */

/** Longest settings text (`value`) a channel may hold, in characters. */
export const CHANNEL_VALUE_MAX_LENGTH = 65_536;
/** Longest webhook URL, body template, header name or header value, in characters. */
export const WEBHOOK_TEXT_MAX_LENGTH = 1000;
/** Longest URL of a chat kind (Slack, Mattermost, Discord, Rocket.Chat, Teams, ntfy), in characters. */
export const CHAT_URL_MAX_LENGTH = 1000;
/** Longest email address of an email channel, in characters. */
export const EMAIL_ADDRESS_MAX_LENGTH = 100;
/** Longest ntfy topic, in characters. */
export const NTFY_TOPIC_MAX_LENGTH = 64;
/** Longest ntfy access token, in characters. */
export const NTFY_TOKEN_MAX_LENGTH = 100;
/** Highest ntfy priority (`0` turns a direction off, `1`–`5` are ntfy's own levels). */
export const NTFY_PRIORITY_MAX = 5;
/** The methods a webhook direction may use. */
export const WEBHOOK_METHODS = ["GET", "POST", "PUT"] as const;
/** A webhook direction's method. */
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/**
 * Longest alert one delivery renders, in characters: its URL, header
 * values and body together. The service caps a webhook's templates, but
 * placeholders such as `$JSON` expand them without bound; past this the
 * delivery fails with {@link RENDER_LIMIT_ERROR} and sends nothing.
 */
export const RENDERED_ALERT_MAX_LENGTH = 1_048_576;
/** The error a delivery records when its alert would be longer than {@link RENDERED_ALERT_MAX_LENGTH}. */
export const RENDER_LIMIT_ERROR = `Alert not sent: it would be longer than ${RENDERED_ALERT_MAX_LENGTH} characters`;
