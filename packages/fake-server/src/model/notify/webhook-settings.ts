/**
 * A webhook channel's settings: for each direction a method, a URL
 * template, a body template and header templates, stored as one JSON object
 * (`method_down`, `url_down`, `body_down`, `headers_down` and the same for
 * `up`; other members, such as the `name` the service's form also writes,
 * are ignored). An empty URL turns that direction off; at least one URL is
 * required.
 * @module
 */
import { WEBHOOK_TEXT_MAX_LENGTH, type WebhookMethod } from "@checks-api/schema/lite";
import type { AlertDirection } from "./view.js";
import { checkDeclared, headerPairs } from "./declared-settings.js";
import { cachedByText } from "./settings-cache.js";
import type { JsonObject } from "./value-rules.js";

/**
 * What a webhook sends for one direction, as read from its stored settings
 * (the public builder's input for the same is `channels.webhook()`'s `WebhookTarget`).
 */
export interface WebhookRequestTemplate {
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
export type WebhookSettings = Readonly<Record<AlertDirection, WebhookRequestTemplate>>;

function target(value: string, object: JsonObject, direction: AlertDirection): WebhookRequestTemplate {
  return {
    method: object[`method_${direction}`] as WebhookMethod,
    url: object[`url_${direction}`] as string,
    body: object[`body_${direction}`] as string,
    headers: headerPairs("webhook", value, object, `headers_${direction}`, WEBHOOK_TEXT_MAX_LENGTH),
  };
}

// The declaration has checked every member, so they are read as they are.
function readWebhookSettings(value: string): WebhookSettings {
  const object = checkDeclared("webhook", value) as JsonObject;
  return { down: target(value, object, "down"), up: target(value, object, "up") };
}

/**
 * Reads a webhook channel's settings, or throws a `ChannelValueError`
 * naming what is wrong. Every flip renders from them, so a text already
 * read is answered from a bounded cache; the result is shared and must not
 * be changed.
 */
export const parseWebhookSettings: (value: string) => WebhookSettings = cachedByText(readWebhookSettings);
