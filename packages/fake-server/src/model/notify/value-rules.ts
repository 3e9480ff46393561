/**
 * The building blocks every kind's settings check shares: reading the
 * settings text as a JSON object, and the rule for a URL the fake may send
 * to (`http` or `https`, a host, no whitespace, not too long).
 * @module
 */
import { codePointLength } from "../../text/code-points.js";
import { parseCurlUrl } from "../../text/curl-url.js";

/**
 * A channel's settings text that the fake cannot use: refused when a test
 * creates the channel (the message names the kind and what is wrong, for a
 * 400), or, for a direction that has nothing to send, the error text the
 * delivery record gets.
 */
export class ChannelValueError extends Error {
  override readonly name = "ChannelValueError";
}

/** Throws a {@link ChannelValueError} whose message starts with the kind, as every refusal does. */
export function refuse(kind: string, problem: string): never {
  throw new ChannelValueError(`${kind} value: ${problem}`);
}

/** A parsed JSON object, read member by member. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Parses `value` as a JSON object, or refuses it. */
export function parseObject(kind: string, value: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    refuse(kind, "not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) refuse(kind, "must be a JSON object");
  return parsed as JsonObject;
}

/** An own member of `object` (a JSON text may name a member `__proto__`). */
export function member(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/** A host name after URL parsing: letters, digits, `-`, `_`, dots (punycode for other scripts), or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;

/**
 * Whether `url` is a URL the fake may deliver to: `http://` or `https://`,
 * a host, and no whitespace or control character anywhere (a template's
 * `$PLACEHOLDER`s may stand in its path and query). The host is read as
 * the service reads it, not as a browser does: in
 * `http://127.0.0.1:9\@evil.example/` it is `evil.example`.
 */
export function isHttpUrl(url: string): boolean {
  if (!/^https?:\/\/[^/?#\\]/i.test(url) || /[\x00-\x20\x7f]/.test(url)) return false;
  try {
    return HOST.test(parseCurlUrl(url).host.toLowerCase());
  } catch {
    return false;
  }
}

/** Checks a URL text named `name`: at most `max` characters, an `http`/`https` URL (or empty when `optional`). */
export function checkUrl(kind: string, name: string, url: string, max: number, optional = false): void {
  if (optional && url === "") return;
  if (codePointLength(url) > max) refuse(kind, `${name} is longer than ${max} characters`);
  if (!isHttpUrl(url)) refuse(kind, `${name} must be an http or https URL`);
}
