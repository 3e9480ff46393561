/**
 * Channel settings per kind, in the service's stored text form, and the
 * check that refuses what the fake could not deliver:
 *
 * - `email`: `{"value": address, "up": bool, "down": bool}`, or a bare
 *   address (both directions on). The address is at most 100 characters
 *   and passes the service's address check; `up` and `down` are JSON
 *   booleans, not both false.
 * - `webhook`: an object with `method_down`/`method_up` (`GET`, `POST` or
 *   `PUT`), `url_down`/`url_up` (empty, or an `http`/`https` URL of at most
 *   1000 characters; not both empty), `body_down`/`body_up` (text of at
 *   most 1000 characters) and `headers_down`/`headers_up` (objects of
 *   header names, which must be HTTP tokens, to text values without line
 *   breaks, both at most 1000 characters). Other members are ignored.
 * - `slack`, `mattermost`: the incoming-webhook URL, or
 *   `{"incoming_webhook": {"url": …}}` (what Slack's sign-in flow stores).
 * - `discord`: `{"webhook": {"url": …}}`.
 * - `rocketchat`, `msteamsw`: the URL.
 * - `ntfy`: `{"topic", "url", "priority", "priority_up", "token"}`: a topic
 *   of 1 to 64 characters, priorities written as whole numbers from 0
 *   (off) to 5, a token (optional) of at most 100 visible ASCII characters.
 * - every other kind: any text (the fake records its deliveries without
 *   sending anything).
 *
 * A URL of any kind is `http://` or `https://` followed by a host, with no
 * whitespace, at most 1000 characters. No settings text may be longer than
 * {@link CHANNEL_VALUE_MAX_LENGTH} characters. An empty text is accepted
 * for every kind: the test gave no settings, and deliveries to that channel
 * are recorded without a request.
 * @module
 */
import { codePointLength } from "../../text/code-points.js";
import { memberTokens } from "../../text/json-members.js";
import {
  CHANNEL_VALUE_MAX_LENGTH,
  CHAT_URL_MAX_LENGTH,
  EMAIL_ADDRESS_MAX_LENGTH,
  NTFY_PRIORITY_MAX,
  NTFY_TOKEN_MAX_LENGTH,
  NTFY_TOPIC_MAX_LENGTH,
} from "./limits.js";
import { isEmailAddress } from "./email-address.js";
import { parseWebhookSettings } from "./webhook-settings.js";
import {
  ChannelValueError,
  type JsonObject,
  checkUrl,
  member,
  parseObject,
  refuse,
  textMember,
  urlMember,
} from "./value-rules.js";

export { ChannelValueError } from "./value-rules.js";
export type { WebhookSettings, WebhookTarget } from "./webhook-settings.js";
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

function switchMember(object: JsonObject, name: string): boolean {
  const value = member(object, name);
  if (value === undefined) refuse("email", `missing ${name}`);
  if (typeof value !== "boolean") refuse("email", `${name} must be true or false`);
  return value;
}

/** Reads an email channel's settings, or throws a {@link ChannelValueError}. */
export function parseEmailSettings(value: string): EmailSettings {
  let settings: EmailSettings;
  if (value.startsWith("{")) {
    const object = parseObject("email", value);
    settings = {
      address: textMember("email", object, "value"),
      up: switchMember(object, "up"),
      down: switchMember(object, "down"),
    };
  } else {
    settings = { address: value, up: true, down: true };
  }
  if (codePointLength(settings.address) > EMAIL_ADDRESS_MAX_LENGTH) {
    refuse("email", `the address is longer than ${EMAIL_ADDRESS_MAX_LENGTH} characters`);
  }
  if (!isEmailAddress(settings.address)) refuse("email", `${JSON.stringify(settings.address)} is not an email address`);
  if (!settings.up && !settings.down) refuse("email", "up and down are both false");
  return settings;
}

function nestedUrl(kind: string, value: string, outer: string): string {
  const object = member(parseObject(kind, value), outer);
  if (typeof object !== "object" || object === null || Array.isArray(object)) {
    refuse(kind, `${outer} must be an object with a url`);
  }
  return urlMember(kind, object as JsonObject, "url", CHAT_URL_MAX_LENGTH);
}

/** The URL a Slack or Mattermost channel posts to: the text itself, or `incoming_webhook.url` of a JSON object. */
export function slackUrl(kind: "slack" | "mattermost", value: string): string {
  if (value.startsWith("{")) return nestedUrl(kind, value, "incoming_webhook");
  checkUrl(kind, "the URL", value, CHAT_URL_MAX_LENGTH);
  return value;
}

/** The URL a Discord channel posts to: `webhook.url`, the retired `discordapp.com` host replaced, then `/slack`. */
export function discordUrl(value: string): string {
  const url = nestedUrl("discord", value, "webhook");
  const retired = "https://discordapp.com/";
  return `${url.startsWith(retired) ? `https://discord.com/${url.slice(retired.length)}` : url}/slack`;
}

/** The URL of a kind whose settings are just that URL (Rocket.Chat, Teams workflows). */
export function plainUrl(kind: "rocketchat" | "msteamsw", value: string): string {
  checkUrl(kind, "the URL", value, CHAT_URL_MAX_LENGTH);
  return value;
}

function priorityMember(value: string, object: JsonObject, name: string): number {
  // The service reads these strictly: `3.0` or `"3"` is not a priority, though JSON.parse makes both 3.
  const token = memberTokens(value, new Set([name])).get(name);
  if (token === undefined) refuse("ntfy", `missing ${name}`);
  const priority = member(object, name);
  if (!/^-?\d+$/.test(token) || typeof priority !== "number" || priority < 0 || priority > NTFY_PRIORITY_MAX) {
    refuse("ntfy", `${name} must be a whole number from 0 to ${NTFY_PRIORITY_MAX}`);
  }
  return priority;
}

/** Reads an ntfy channel's settings, or throws a {@link ChannelValueError}. */
export function parseNtfySettings(value: string): NtfySettings {
  const object = parseObject("ntfy", value);
  const topic = textMember("ntfy", object, "topic");
  if (topic === "" || codePointLength(topic) > NTFY_TOPIC_MAX_LENGTH) {
    refuse("ntfy", `topic must be 1 to ${NTFY_TOPIC_MAX_LENGTH} characters`);
  }
  const token = member(object, "token") === undefined ? "" : textMember("ntfy", object, "token");
  if (!/^[\x21-\x7e]*$/.test(token) || token.length > NTFY_TOKEN_MAX_LENGTH) {
    refuse("ntfy", `token must be at most ${NTFY_TOKEN_MAX_LENGTH} visible ASCII characters`);
  }
  return {
    topic,
    url: urlMember("ntfy", object, "url", CHAT_URL_MAX_LENGTH),
    priority: priorityMember(value, object, "priority"),
    priorityUp: priorityMember(value, object, "priority_up"),
    token,
  };
}

/** The kinds whose settings the fake reads, each with the check that reads them. */
const READERS: Readonly<Record<string, (value: string) => unknown>> = {
  email: parseEmailSettings,
  webhook: parseWebhookSettings,
  slack: (value) => slackUrl("slack", value),
  mattermost: (value) => slackUrl("mattermost", value),
  discord: discordUrl,
  rocketchat: (value) => plainUrl("rocketchat", value),
  msteamsw: (value) => plainUrl("msteamsw", value),
  ntfy: parseNtfySettings,
};

/**
 * Checks a channel's settings text for its kind: `null` when the fake can
 * use it, otherwise a message naming the kind and what is wrong (for a 400),
 * e.g. `webhook value: url_down must be an http or https URL`. `""` is
 * accepted for every kind; kinds whose deliveries are only recorded accept
 * any text up to {@link CHANNEL_VALUE_MAX_LENGTH} characters.
 */
export function validateChannelValue(kind: string, value: string): string | null {
  if (value.length > CHANNEL_VALUE_MAX_LENGTH) {
    return `${kind} value: longer than ${CHANNEL_VALUE_MAX_LENGTH} characters`;
  }
  const read = Object.hasOwn(READERS, kind) ? READERS[kind] : undefined;
  if (value === "" || read === undefined) return null;
  try {
    read(value);
    return null;
  } catch (error) {
    if (error instanceof ChannelValueError) return error.message;
    throw error;
  }
}
