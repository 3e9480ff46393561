/**
 * The flags and environment variables the commands that talk to a real
 * service (`verify`, `import`) share: its site root, its ping endpoint and
 * its keys.
 * @module
 */
import { DEFAULT_BASE_URL, HOSTED_PING_ENDPOINT } from "@checks-api/sdk";
import { UsageError } from "./flags.js";

/** Where the service is and the keys to it. */
export interface ServiceAccess {
  /** Site root, without the final `/`. */
  url: string;
  /** Ping endpoint, ending with `/` (default `<url>/ping/`, and the hosted ping host for the hosted service). */
  pingUrl: string;
  /** `CHECKS_API_KEY`. */
  apiKey: string | undefined;
  /** `CHECKS_API_READONLY_KEY`. */
  readOnlyKey: string | undefined;
  /** `CHECKS_PING_KEY`. */
  pingKey: string | undefined;
}

/** The environment variable holding the API key. */
export const API_KEY_VARIABLE = "CHECKS_API_KEY";
/** The environment variable holding the optional read-only key. */
export const READONLY_KEY_VARIABLE = "CHECKS_API_READONLY_KEY";
/** The environment variable holding the optional ping key. */
export const PING_KEY_VARIABLE = "CHECKS_PING_KEY";

/** `text` as an http(s) URL without a final `/`, or a {@link UsageError} naming `flag`. */
export function serviceUrl(flag: string, text: string | undefined): string {
  if (text === undefined || text === "") throw new UsageError(`${flag} <site root> is required, e.g. ${flag} https://healthchecks.io`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${flag} must be an http or https URL, not "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`${flag} must be an http or https URL, not "${text}"`);
  // Credentials in the URL would be printed in the report's heading.
  if (url.username !== "" || url.password !== "") throw new UsageError(`${flag} must not hold a user name or password`);
  if (url.search !== "" || url.hash !== "") throw new UsageError(`${flag} must not have a query or a fragment`);
  return url.href.replace(/\/+$/, "");
}

/** The service's address and keys from the flags' values and the environment. */
export function serviceAccess(values: { url?: string | undefined; "ping-url"?: string | undefined }, env: NodeJS.ProcessEnv): ServiceAccess {
  const url = serviceUrl("--url", values.url);
  // As the SDK does: the hosted service takes pings on a host of their own.
  const defaultPingUrl = url === DEFAULT_BASE_URL ? HOSTED_PING_ENDPOINT : `${url}/ping/`;
  const pingUrl = values["ping-url"] === undefined ? defaultPingUrl : `${serviceUrl("--ping-url", values["ping-url"])}/`;
  const read = (name: string) => env[name] || undefined;
  return { url, pingUrl, apiKey: read(API_KEY_VARIABLE), readOnlyKey: read(READONLY_KEY_VARIABLE), pingKey: read(PING_KEY_VARIABLE) };
}
