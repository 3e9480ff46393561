/**
 * Configuration from the environment, as the Stainless-style SDKs read
 * theirs: only where the runtime has `process.env` (Node, Bun, Deno's Node
 * compatibility); browsers have none and get `undefined`.
 * @module
 */

/** Environment variable of the API key. */
export const API_KEY_ENV = "CHECKS_API_KEY";
/** Environment variable of the site root (`baseUrl`). */
export const API_URL_ENV = "CHECKS_API_URL";
/** Environment variable of the ping endpoint (`pingEndpoint`). */
export const PING_ENDPOINT_ENV = "CHECKS_PING_ENDPOINT";

/** The variable's value; unset and empty read as `undefined`. */
export function envVar(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === "" ? undefined : value;
}
