/**
 * Turning a check UUID into the URLs a read-write representation carries,
 * for callers who hold a read-only check (which omits them) and its UUID.
 * @module
 */
import { isUuid } from "@checks-api/schema/lite";
import { API_PREFIX } from "./paths.js";

/**
 * The members a read-only representation omits.
 * @category Types
 */
export interface CheckUrls {
  /** The check's UUID. */
  uuid: string;
  /** `{pingEndpoint}{uuid}`. */
  ping_url: string;
  /** `{baseUrl}/api/v3/checks/{uuid}`. */
  update_url: string;
  /** `update_url` + `/pause`. */
  pause_url: string;
  /** `update_url` + `/resume`. */
  resume_url: string;
}

/**
 * The URLs of a check. `baseUrl` has no trailing slash; `pingEndpoint` ends
 * with one.
 * @category Clients
 */
export function checkUrls(uuid: string, baseUrl: string, pingEndpoint: string): CheckUrls {
  const id = lowercaseUuid(uuid);
  const update = `${baseUrl}${API_PREFIX}/checks/${id}`;
  return { uuid: id, ping_url: `${pingEndpoint}${id}`, update_url: update, pause_url: `${update}/pause`, resume_url: `${update}/resume` };
}

/**
 * A check's `unique_key`, as the service derives it: the SHA-1 hex digest of
 * the first 16 hex digits of the UUID (hyphens removed).
 * @category Clients
 */
export async function uniqueKeyOf(uuid: string): Promise<string> {
  const id = lowercaseUuid(uuid);
  const input = new TextEncoder().encode(id.replace(/-/g, "").slice(0, 16));
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-1", input));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A UUID read from an unset environment variable arrives as undefined (or
// ""): say what is missing rather than failing on `.toLowerCase()`. A wrong
// UUID is not repeated, since a check's UUID is its ping URL's secret.
function lowercaseUuid(uuid: unknown): string {
  if (uuid === undefined || uuid === null || uuid === "") {
    throw new TypeError(`the check UUID is missing (${uuid === "" ? "an empty string" : String(uuid)}) — is an environment variable unset?`);
  }
  const id = typeof uuid === "string" ? uuid.toLowerCase() : "";
  if (!isUuid(id)) throw new TypeError("not a check UUID");
  return id;
}
