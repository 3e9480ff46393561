/**
 * Building blocks of the fake's answers: JSON in the service's formatting,
 * the framework's HTML pages, CORS headers, and the error bodies of each
 * compat mode (spec: api.md §4–§5, README item 7).
 * @module
 */
import { ERROR_MESSAGES, type Compat } from "@checks-api/schema";
import { serviceJson } from "./json.js";

/** Content type of every JSON answer (no charset, as the service sends it). */
export const JSON_TYPE = "application/json";
/** The framework's default content type for non-JSON answers. */
export const HTML_TYPE = "text/html; charset=utf-8";

/** Headers of an answer, as a plain object. */
export type HeaderMap = Record<string, string>;

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
  <title>Not Found</title>
</head>
<body>
  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
</body>
</html>
`;

const CSRF_PAGE = `<!doctype html>
<html lang="en">
<head>
  <title>403 Forbidden</title>
</head>
<body>
  <h1>Forbidden <span>(403)</span></h1><p>CSRF verification failed. Request aborted.</p>
</body>
</html>
`;

// A Response copies its headers from a `Headers` faster than it parses them
// from an object, and JSON answers only ever add an endpoint's fixed CORS
// set: each set's headers are built once, keyed by the map itself.
const JSON_HEADERS = new Headers({ "Content-Type": JSON_TYPE });
const jsonHeadersWith = new WeakMap<HeaderMap, Headers>();

function jsonHeaders(headers: HeaderMap | undefined): Headers {
  if (!headers) return JSON_HEADERS;
  let built = jsonHeadersWith.get(headers);
  if (!built) {
    built = new Headers({ ...headers, "Content-Type": JSON_TYPE });
    jsonHeadersWith.set(headers, built);
  }
  return built;
}

/** A JSON answer in the service's formatting; `headers` must not change afterwards (it is cached). */
export function jsonResponse(status: number, value: unknown, headers?: HeaderMap): Response {
  return new Response(serviceJson(value), { status, headers: jsonHeaders(headers) });
}

/** A short text answer with the framework's HTML content type (`OK`, `not found`, empty bodies). */
export function textResponse(status: number, text: string, headers?: HeaderMap): Response {
  return new Response(text, { status, headers: { ...headers, "Content-Type": HTML_TYPE } });
}

/** The framework's 404 page for unmatched routes and unknown UUIDs: HTML, no CORS headers. */
export function notFoundPage(): Response {
  return textResponse(404, NOT_FOUND_PAGE);
}

/** The framework's CSRF refusal: 403 HTML, for unsafe methods on non-exempt routes. */
export function csrfFailure(): Response {
  return textResponse(403, CSRF_PAGE);
}

/** `301` to `location` with an empty body (collection path without its slash). */
export function redirectResponse(location: string): Response {
  return new Response("", { status: 301, headers: { Location: location, "Content-Type": HTML_TYPE } });
}

/** The framework's `never_cache` headers (ping and badge answers). */
export function noCacheHeaders(now: number): HeaderMap {
  return {
    "Cache-Control": "max-age=0, no-cache, no-store, must-revalidate, private",
    Expires: new Date(now).toUTCString(),
  };
}

/** CORS headers of an endpoint allowing `methods` (OPTIONS is added). */
export function corsHeaders(methods: readonly string[]): HeaderMap {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "X-Api-Key",
    "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
    "Access-Control-Max-Age": "600",
  };
}

/** Why a management request failed, where the two compat modes answer differently. */
export type ApiFailure =
  | "notFoundPage"
  | "notFoundEmpty"
  | "forbidden"
  | "checkLimit"
  | "methodNotAllowed"
  | "notPaused"
  | "badFlipsQuery";

const FAILURES: Record<ApiFailure, { status: number; live: string | undefined; seed: string }> = {
  notFoundPage: { status: 404, live: undefined, seed: ERROR_MESSAGES.notFound },
  notFoundEmpty: { status: 404, live: "", seed: ERROR_MESSAGES.notFound },
  forbidden: { status: 403, live: "", seed: ERROR_MESSAGES.accessDenied },
  checkLimit: { status: 403, live: "", seed: ERROR_MESSAGES.checkLimitReached },
  methodNotAllowed: { status: 405, live: "", seed: ERROR_MESSAGES.methodNotAllowed },
  notPaused: { status: 409, live: ERROR_MESSAGES.checkNotPaused, seed: ERROR_MESSAGES.checkNotPaused },
  badFlipsQuery: { status: 400, live: "", seed: ERROR_MESSAGES.invalidQueryParameters },
};

/**
 * A management-API failure: live mode answers with the live body (empty,
 * text or the 404 page), seed mode with `{"error": …}` JSON. `headers`
 * (CORS) are added except to the 404 page, which never has them.
 */
export function apiFailure(compat: Compat, failure: ApiFailure, headers?: HeaderMap): Response {
  const spec = FAILURES[failure];
  const extra = failure === "notFoundPage" ? undefined : headers;
  if (compat === "seed") return jsonResponse(spec.status, { error: spec.seed }, extra);
  if (spec.live === undefined) return notFoundPage();
  return textResponse(spec.status, spec.live, extra);
}

/** `{"error": message}` with a 400 or 401, identical in both modes. */
export function apiError(status: 400 | 401, message: string, headers?: HeaderMap): Response {
  return jsonResponse(status, { error: message }, headers);
}
