/**
 * The HTTP request of a delivery as the service's client sends it: the
 * kind's or the user's headers in their order, those with an empty value
 * left out, then `User-Agent: healthchecks.io` unless a header of exactly
 * that name was given; a JSON
 * payload printed the service's way (`", "` and `": "` separators, every
 * non-ASCII character escaped) with `Content-Type: application/json`. The
 * client's own `Host`, `Accept` and `Content-Length` are left to whatever
 * sends it.
 * @module
 */
import { serviceJson } from "../../text/json.js";
import type { HttpAlert } from "./view.js";

const UTF8 = new TextEncoder();
/** The service's default `User-Agent`. */
export const DEFAULT_USER_AGENT = "healthchecks.io";

/** What the service's HTTP client counts as an empty header value. */
const BLANK = /^[ \t\n\v\f\r]*$/;

/**
 * A request with `headers` (name, Latin-1 value) and the default
 * `User-Agent` when none of that exact name is among them. A header whose
 * value is empty or only whitespace is not sent, as the service's HTTP
 * client drops it; a blank `User-Agent` thus sends none at all.
 */
export function httpAlert(
  method: string,
  url: string,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Uint8Array | null,
): HttpAlert {
  const sent: Array<[string, string]> = headers.map(([name, value]) => [name, value]);
  if (!sent.some(([name]) => name === "User-Agent")) sent.push(["User-Agent", DEFAULT_USER_AGENT]);
  return { type: "http", method, url, headers: sent.filter(([, value]) => !BLANK.test(value)), body };
}

/** A POST of `payload` as the service's JSON, after `headers`. */
export function jsonAlert(url: string, payload: unknown, headers: ReadonlyArray<readonly [string, string]> = []): HttpAlert {
  return httpAlert("POST", url, [...headers, ["Content-Type", "application/json"]], UTF8.encode(serviceJson(payload)));
}

/**
 * Text as the UTF-8 bytes of a request body (a lone surrogate becomes
 * U+FFFD, as with `TextEncoder`). The bytes may be a view into a shared
 * pool, so readers must honour the view's offset and length.
 */
export function utf8Body(text: string): Uint8Array {
  // Node's pooled allocation: a body is made for every delivery, and a fresh buffer each time was the costliest step of a webhook render.
  return Buffer.from(text, "utf8");
}
