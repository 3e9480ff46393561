/**
 * Channel settings per kind, in the service's stored text form, read for
 * delivery, and the check that refuses what the fake could not deliver.
 * Each kind's settings are declared in `@checks-api/schema`
 * (`CHANNEL_SETTINGS`: the members, their types, lengths, choices and
 * formats, as the service's add forms hold them); {@link validateChannelValue}
 * checks a text against that declaration, for example:
 *
 * - `email`: `{"value": address, "up": bool, "down": bool}`, or a bare
 *   address (both directions on); not both directions off.
 * - `webhook`: `method_down`/`method_up` (`GET`, `POST` or `PUT`),
 *   `url_down`/`url_up` (empty, or an `http`/`https` URL; not both empty),
 *   `body_down`/`body_up` and `headers_down`/`headers_up` (header names
 *   that are HTTP tokens, values without line breaks).
 * - `slack`, `mattermost`: the incoming-webhook URL, or
 *   `{"incoming_webhook": {"url": …}}` (what Slack's sign-in flow stores).
 * - `gotify`: `{"url", "token", "priority", "priority_up"}`, priorities
 *   0 (off), 2, 5 or 9.
 *
 * A URL of any kind is `http://` or `https://` followed by a host, with no
 * whitespace. No settings text may be longer than
 * {@link CHANNEL_VALUE_MAX_LENGTH} characters. An empty text is accepted
 * for every kind: the test gave no settings, and deliveries to that channel
 * are recorded without a request.
 * @module
 */
import { CHANNEL_VALUE_MAX_LENGTH } from "./limits.js";
import { checkDeclared } from "./declared-settings.js";
import { ChannelValueError, type JsonObject } from "./value-rules.js";

export { ChannelValueError } from "./value-rules.js";
export { parseWebhookSettings } from "./webhook-settings.js";

/** An email channel's settings. */
export interface EmailSettings {
  /** Recipient address. */
  address: string;
  /** Whether up flips are sent. */
  up: boolean;
  /** Whether down flips are sent. */
  down: boolean;
}

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

/** Reads an email channel's settings, or throws a {@link ChannelValueError}. */
export function parseEmailSettings(value: string): EmailSettings {
  const object = checkDeclared("email", value);
  if (object === null) return { address: value, up: true, down: true };
  return { address: object.value as string, up: object.up as boolean, down: object.down as boolean };
}

/** The URL a Slack or Mattermost channel posts to: the text itself, or `incoming_webhook.url` of a JSON object. */
export function slackUrl(kind: "slack" | "mattermost", value: string): string {
  const object = checkDeclared(kind, value);
  return object === null ? value : ((object.incoming_webhook as JsonObject).url as string);
}

/** The URL a Discord channel posts to: `webhook.url`, the retired `discordapp.com` host replaced, then `/slack`. */
export function discordUrl(value: string): string {
  const url = ((checkDeclared("discord", value) as JsonObject).webhook as JsonObject).url as string;
  const retired = "https://discordapp.com/";
  return `${url.startsWith(retired) ? `https://discord.com/${url.slice(retired.length)}` : url}/slack`;
}

/** The value of a kind whose settings are plain text (a URL, a key), checked. */
export function plainValue(kind: string, value: string): string {
  checkDeclared(kind, value);
  return value;
}

/** The settings object of a kind stored as JSON, checked; its members have the declared types. */
export function objectValue(kind: string, value: string): JsonObject {
  const object = checkDeclared(kind, value);
  if (object === null) throw new ChannelValueError(`${kind} value: must be a JSON object`);
  return object;
}

/** Reads an ntfy channel's settings, or throws a {@link ChannelValueError}. */
export function parseNtfySettings(value: string): NtfySettings {
  const object = objectValue("ntfy", value);
  return {
    topic: object.topic as string,
    url: object.url as string,
    priority: object.priority as number,
    priorityUp: object.priority_up as number,
    token: typeof object.token === "string" ? object.token : "",
  };
}

/**
 * Checks a channel's settings text for its kind: `null` when the fake can
 * use it, otherwise a message naming the kind and what is wrong (for a 400),
 * e.g. `webhook value: url_down must be an http or https URL`. `""` is
 * accepted for every kind; kinds the schema does not declare accept any
 * text up to {@link CHANNEL_VALUE_MAX_LENGTH} characters.
 */
export function validateChannelValue(kind: string, value: string): string | null {
  if (value.length > CHANNEL_VALUE_MAX_LENGTH) {
    return `${kind} value: longer than ${CHANNEL_VALUE_MAX_LENGTH} characters`;
  }
  if (value === "") return null;
  try {
    checkDeclared(kind, value);
    return null;
  } catch (error) {
    if (error instanceof ChannelValueError) return error.message;
    throw error;
  }
}
