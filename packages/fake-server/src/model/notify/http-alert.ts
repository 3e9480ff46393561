/**
 * The HTTP request of a delivery as the service hands it to its client:
 * the kind's or the user's headers in their order, names exactly as
 * written (two that differ only in case are both kept), then
 * `User-Agent: healthchecks.io` unless a header of exactly that name was
 * given (a `user-agent` does not count); a JSON payload printed the
 * service's way (`", "` and `": "` separators, every non-ASCII character
 * escaped) with `Content-Type: application/json`. How the client frames
 * it (`Host`, `Accept`, credentials from the URL, `Content-Length`, blank
 * headers left out) is the sender's part.
 * @module
 */
import { serviceJson } from "../../text/json.js";
import { formEncode } from "../../text/percent.js";
import type { HttpAlert } from "./view.js";

const UTF8 = new TextEncoder();
/** The service's default `User-Agent`. */
export const DEFAULT_USER_AGENT = "healthchecks.io";

/**
 * A request with `headers` (name, Latin-1 value) and the default
 * `User-Agent` when none of that exact name is among them. Headers whose
 * value is empty or only whitespace stay in the list: the client leaves
 * them out when it sends, so a blank `User-Agent` sends none at all.
 */
export function httpAlert(
  method: string,
  url: string,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Uint8Array | null,
): HttpAlert {
  const sent: Array<[string, string]> = headers.map(([name, value]) => [name, value]);
  if (!sent.some(([name]) => name === "User-Agent")) sent.push(["User-Agent", DEFAULT_USER_AGENT]);
  return { type: "http", method, url, headers: sent, body };
}

/**
 * A request with `payload` as the service's JSON, after `headers`; its
 * `Content-Type: application/json` goes where `headers` has one, else after them.
 */
export function jsonAlert(url: string, payload: unknown, headers: ReadonlyArray<readonly [string, string]> = [], method = "POST"): HttpAlert {
  const typed = headers.some(([name]) => name === "Content-Type") ? headers : [...headers, ["Content-Type", "application/json"] as const];
  return httpAlert(method, url, typed, UTF8.encode(serviceJson(payload)));
}

/** Text as the UTF-8 bytes of a request body (a lone surrogate becomes U+FFFD). */
export function utf8Body(text: string): Uint8Array {
  return UTF8.encode(text);
}

/**
 * A POST of `fields` as a form, encoded as the service's client encodes
 * it, with `auth` as Basic credentials when given (the client adds the
 * form's `Content-Type` itself).
 */
export function formAlert(
  url: string,
  fields: ReadonlyArray<readonly [string, string]>,
  auth?: readonly [user: string, password: string],
  headers: ReadonlyArray<readonly [string, string]> = [],
): HttpAlert {
  const alert: HttpAlert = { ...httpAlert("POST", url, headers, UTF8.encode(formEncode(fields))), form: true };
  if (auth !== undefined) alert.auth = auth;
  return alert;
}
