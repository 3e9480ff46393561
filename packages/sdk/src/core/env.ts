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

/** The variable's value; unset, empty and unreadable read as `undefined`. */
function envVar(name: string): string | undefined {
  let value: string | undefined;
  try {
    value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  } catch {
    // Deno without --allow-env throws on reading a variable: a client built
    // with every option given must not fail for a default it does not need.
    return undefined;
  }
  return value === "" ? undefined : value;
}

/** An option's value, else the environment variable's; with the name to give in an error. */
export function optionOrEnv(value: string | undefined, option: string, variable: string): { value: string | undefined; name: string } {
  if (value !== undefined) return { value, name: option };
  return { value: envVar(variable), name: variable };
}
