/**
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
import { httpAlert, utf8Body } from "./http-alert.js";
import { RENDERED_ALERT_MAX_LENGTH } from "./limits.js";
import { latin1References, placeholderValues, substitute, type TemplatePart } from "./placeholders.js";
import { ChannelValueError, parseWebhookSettings } from "./settings.js";
import type { AlertView, HttpAlert } from "./view.js";

/**
 * Renders a webhook delivery. Throws a `ChannelValueError` for settings
 * that `validateChannelValue` refuses, and one whose message is the
 * service's error text (`Empty webhook URL`) for a direction without a URL.
 */
export function renderWebhook(view: AlertView): HttpAlert {
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
