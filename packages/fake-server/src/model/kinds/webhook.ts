/**
 * The `webhook` kind. Its settings, stored as one JSON object: for each
 * direction a method, a URL template, a body template and header templates
 * (`method_down`, `url_down`, `body_down`, `headers_down` and the same for
 * `up`; other members, such as the `name` the service's form also writes,
 * are ignored). An empty URL turns that direction off; at least one URL is
 * required.
 *
 * The request a webhook channel makes for a flip. For the flip's direction:
 * the method as stored; the URL template rendered with URL-escaped values;
 * a body only for POST and PUT with a non-empty template, rendered as is
 * (with `$BODY` and `$BODY_JSON` known) and sent as UTF-8, zero bytes
 * when it renders empty (the client frames those); each header value
 * rendered as is and then made Latin-1 by writing every other character as
 * `&#N;` (a header whose value comes out empty is not sent). No `Content-Type` is added: the user's headers are
 * all there is, besides the default `User-Agent`.
 * @module
 */
import { WEBHOOK_TEXT_MAX_LENGTH, type ChannelSettings, type WebhookMethod } from "@checks-api/schema/lite";
import { checkDeclared, headerPairs } from "../notify/declared-settings.js";
import { httpAlert, utf8Body } from "../notify/http-alert.js";
import { RENDERED_ALERT_MAX_LENGTH } from "../notify/limits.js";
import { latin1References, placeholderValues, substitute, type TemplatePart } from "../notify/placeholders.js";
import { cachedByText } from "../notify/settings-cache.js";
import { ChannelValueError, type JsonObject } from "../notify/value-rules.js";
import type { AlertDirection, AlertView, HttpAlert } from "../notify/view.js";
import { made, sorted, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "webhook";

/** What a webhook sends for one direction. */
export interface WebhookTarget {
  /** The request method. */
  method: WebhookMethod;
  /** The URL; `$NAME`, `$STATUS`, `$JSON` and the other placeholders are filled in. */
  url: string;
  /** The body template (sent with `POST` and `PUT`); default none. */
  body?: string;
  /** Header names and value templates, in sending order; default none. */
  headers?: Record<string, string>;
}

/**
 * What a webhook sends for one direction, as read from its stored settings
 * (the public builder's input for the same is {@link WebhookTarget}).
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
    headers: headerPairs(KIND, value, object, `headers_${direction}`, WEBHOOK_TEXT_MAX_LENGTH),
  };
}

// The declaration has checked every member, so they are read as they are.
function readWebhookSettings(value: string): WebhookSettings {
  const object = checkDeclared(KIND, value) as JsonObject;
  return { down: target(value, object, "down"), up: target(value, object, "up") };
}

/**
 * Reads a webhook channel's settings, or throws a `ChannelValueError`
 * naming what is wrong. Every flip renders from them, so a text already
 * read is answered from a bounded cache; the result is shared and must not
 * be changed.
 */
export const parseWebhookSettings: (value: string) => WebhookSettings = cachedByText(readWebhookSettings);

function given(direction: AlertDirection, settings: WebhookTarget | undefined): Record<string, unknown> {
  return {
    [`method_${direction}`]: settings?.method ?? "GET",
    [`url_${direction}`]: settings?.url ?? "",
    [`body_${direction}`]: settings?.body ?? "",
    [`headers_${direction}`]: settings?.headers ?? {},
  };
}

/**
 * Renders a webhook delivery. Throws a `ChannelValueError` for settings
 * that `validateChannelValue` refuses, and one whose message is the
 * service's error text (`Empty webhook URL`) for a direction without a URL.
 */
function renderWebhook(view: AlertView): HttpAlert {
  const target = parseWebhookSettings(view.channel.value)[view.flip.status];
  if (target.url === "") throw new ChannelValueError("Empty webhook URL");
  // One budget for the whole request: each part may have only what the ones before it left.
  let left = RENDERED_ALERT_MAX_LENGTH;
  const rendered = (template: string, part: TemplatePart): string => {
    const text = substitute(template, placeholderValues(view, part), left);
    left -= text.length;
    return text;
  };
  const url = rendered(target.url, "url");
  const hasBody = (target.method === "POST" || target.method === "PUT") && target.body !== "";
  // The service uploads whatever the template renders, zero bytes included; an empty template uploads nothing.
  const body = hasBody ? utf8Body(rendered(target.body, "body")) : null;
  const headers = target.headers.map(([name, value]): [string, string] => [name, latin1References(rendered(value, "header"))]);
  return httpAlert(target.method, url, headers, body);
}

/** The `webhook` kind. */
export const webhook = {
  kind: KIND,
  builder: {
    /**
     * A webhook: the request to make for each direction (a direction left out sends nothing).
     * @example
     * ```ts
     * channels.webhook({
     *   down: { method: "POST", url: "http://127.0.0.1:9000/alerts", body: "$NAME went down", headers: { "X-Token": "t" } },
     *   up: { method: "GET", url: "http://127.0.0.1:9000/up?check=$CODE" },
     * });
     * ```
     */
    webhook(settings: { down: WebhookTarget; up?: WebhookTarget } | { down?: WebhookTarget; up: WebhookTarget }): TypedChannel<typeof KIND> {
      const value = { ...given("down", settings.down), ...given("up", settings.up) } as ChannelSettings<typeof KIND>;
      return made(KIND, sorted(value));
    },
  },
  render: renderWebhook,
  notifies: (value, direction) => parseWebhookSettings(value)[direction].url !== "",
} satisfies KindModule<typeof KIND>;
