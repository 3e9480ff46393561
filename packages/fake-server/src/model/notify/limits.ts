/**
 * The limits a channel's settings are held to. Each kind's own rules (the
 * service's form rules: URLs, bodies and headers of at most 1000
 * characters, an email address of at most 100, …) are declared with the
 * kind in `@checks-api/schema`; here are the fake's own caps, on the whole
 * settings text and on a rendered alert, which the service leaves unbounded,
 * so that no test can make the fake hold an unbounded amount of either.
 * @module
 */

/** Longest settings text (`value`) a channel may hold, in characters. */
export const CHANNEL_VALUE_MAX_LENGTH = 65_536;
/**
 * Longest alert one delivery renders, in characters: its URL, header
 * values and body together. The service caps a webhook's templates, but
 * placeholders such as `$JSON` expand them without bound; past this the
 * delivery fails with {@link RENDER_LIMIT_ERROR} and sends nothing.
 */
export const RENDERED_ALERT_MAX_LENGTH = 1_048_576;
/** The error a delivery records when its alert would be longer than {@link RENDERED_ALERT_MAX_LENGTH}. */
export const RENDER_LIMIT_ERROR = `Alert not sent: it would be longer than ${RENDERED_ALERT_MAX_LENGTH} characters`;
