/**
 * A webhook channel's settings: for each direction a method, a URL
 * template, a body template and header templates, stored as one JSON object
 * (`method_down`, `url_down`, `body_down`, `headers_down` and the same for
 * `up`; other members, such as the `name` the service's form also writes,
 * are ignored). An empty URL turns that direction off; at least one URL is
 * required.
 * @module
 */
import { memberNames, memberTokens } from "../../text/json-members.js";
import { codePointLength } from "../../text/code-points.js";
import type { AlertDirection } from "./view.js";
import { WEBHOOK_METHODS, WEBHOOK_TEXT_MAX_LENGTH, type WebhookMethod } from "./limits.js";
import { cachedByText } from "./settings-cache.js";
import { type JsonObject, member, parseObject, refuse, textMember, urlMember } from "./value-rules.js";

/** What a webhook sends for one direction. */
export interface WebhookTarget {
  /** The request method. */
  readonly method: WebhookMethod;
  /** URL template; `""` when this direction sends nothing. */
  readonly url: string;
  /** Body template (sent only with POST and PUT, and only when not empty). */
  readonly body: string;
  /** Header name and value template pairs, in stored order. */
  readonly headers: ReadonlyArray<readonly [name: string, value: string]>;
}

/** A webhook channel's settings, per direction. */
export type WebhookSettings = Readonly<Record<AlertDirection, WebhookTarget>>;

/** An HTTP header name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A member name that `JSON.parse` moves to the front of an object. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** What a header value cannot hold: line breaks and other control characters (a tab is allowed). */
const VALUE_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

function templateMember(object: JsonObject, name: string): string {
  const text = textMember("webhook", object, name);
  if (codePointLength(text) > WEBHOOK_TEXT_MAX_LENGTH) {
    refuse("webhook", `${name} is longer than ${WEBHOOK_TEXT_MAX_LENGTH} characters`);
  }
  return text;
}

function methodMember(object: JsonObject, name: string): WebhookMethod {
  const method = member(object, name);
  if (!WEBHOOK_METHODS.includes(method as WebhookMethod)) {
    refuse("webhook", `${name} must be ${WEBHOOK_METHODS.slice(0, -1).join(", ")} or ${WEBHOOK_METHODS.at(-1)}`);
  }
  return method as WebhookMethod;
}

function headersMember(value: string, object: JsonObject, name: string): Array<[string, string]> {
  const headers = member(object, name);
  if (headers === undefined) refuse("webhook", `missing ${name}`);
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    refuse("webhook", `${name} must be an object of header names and text values`);
  }
  // The parsed object lists names that look like array indexes first; the
  // service keeps written order, which only a scan of the text recovers.
  const keys = Object.keys(headers);
  const order = keys.some((key) => ARRAY_INDEX.test(key))
    ? memberNames(memberTokens(value, new Set([name])).get(name) ?? "{}")
    : keys;
  return order.map((header): [string, string] => {
    const text = (headers as JsonObject)[header];
    if (codePointLength(header) > WEBHOOK_TEXT_MAX_LENGTH) {
      refuse("webhook", `${name} has a header name longer than ${WEBHOOK_TEXT_MAX_LENGTH} characters`);
    }
    if (!TOKEN.test(header)) refuse("webhook", `${name} has an invalid header name ${JSON.stringify(header)}`);
    if (typeof text !== "string") refuse("webhook", `${name} value of ${header} must be a string`);
    if (codePointLength(text) > WEBHOOK_TEXT_MAX_LENGTH) {
      refuse("webhook", `${name} value of ${header} is longer than ${WEBHOOK_TEXT_MAX_LENGTH} characters`);
    }
    if (VALUE_CONTROL.test(text)) refuse("webhook", `${name} value of ${header} has a line break or control character`);
    return [header, text];
  });
}

function target(value: string, object: JsonObject, direction: AlertDirection): WebhookTarget {
  return {
    method: methodMember(object, `method_${direction}`),
    url: urlMember("webhook", object, `url_${direction}`, WEBHOOK_TEXT_MAX_LENGTH, true),
    body: templateMember(object, `body_${direction}`),
    headers: headersMember(value, object, `headers_${direction}`),
  };
}

function readWebhookSettings(value: string): WebhookSettings {
  const object = parseObject("webhook", value);
  const settings = { down: target(value, object, "down"), up: target(value, object, "up") };
  if (settings.down.url === "" && settings.up.url === "") refuse("webhook", "url_down and url_up are both empty");
  return settings;
}

/**
 * Reads a webhook channel's settings, or throws a `ChannelValueError`
 * naming what is wrong. Every flip renders from them, so a text already
 * read is answered from a bounded cache; the result is shared and must not
 * be changed.
 */
export const parseWebhookSettings: (value: string) => WebhookSettings = cachedByText(readWebhookSettings);
