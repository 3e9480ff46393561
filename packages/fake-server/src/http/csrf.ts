/**
 * The framework's cross-site-request-forgery guard in front of the routes
 * that are not exempt from it: `status/` and the badge URLs 
 * (`docs/reference.md#order-of-the-checks`).
 * @module
 */
import { CSRF_NO_COOKIE_PAGE, CSRF_OTHER_PAGE } from "./framework-pages.js";
import type { Incoming } from "./incoming.js";
import type { Reply } from "./reply.js";
import { textReply } from "./responses.js";

// The guard lets these through; every other method, custom ones included, is checked.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
const COOKIE_NAME = "csrftoken";

/** True when the guard checks requests of this method (anything but GET, HEAD, OPTIONS, TRACE). */
export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

// The framework's cookie parsing: `;`-separated pairs, names and values trimmed.
function hasCookie(header: string | null, name: string): boolean {
  if (header === null) return false;
  return header.split(";").some((pair) => {
    const eq = pair.indexOf("=");
    return (eq < 0 ? "" : pair.slice(0, eq).trim()) === name;
  });
}

/**
 * The guard's 403 for an unsafe method. The fake is served over plain HTTP,
 * so no `Referer` check applies: an `Origin` other than the request's own
 * is refused first, then a request without the CSRF cookie gets the page
 * that explains the cookie; any other request lacks the token and gets
 * the page without that explanation.
 *
 * @param request The refused request.
 * @param siteRoot The fake's base URL, whose host stands in for a missing `Host` header.
 */
export function csrfRefusal(request: Incoming, siteRoot: string): Reply {
  const origin = request.header("origin");
  const ownOrigin = `http://${request.header("host") ?? new URL(siteRoot).host}`;
  const noCookie = (origin === null || origin === ownOrigin) && !hasCookie(request.header("cookie"), COOKIE_NAME);
  return textReply(403, noCookie ? CSRF_NO_COOKIE_PAGE : CSRF_OTHER_PAGE);
}
