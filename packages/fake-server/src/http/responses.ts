/**
 * Building blocks of the fake's answers: JSON in the service's formatting,
 * the framework's HTML pages, CORS headers, and the error bodies of each
 * compat mode (`docs/reference.md#answers`).
 * @module
 */
import { ERROR_MESSAGES, type Compat } from "@checks-api/schema/lite";
import { latin1Bytes } from "../text/bytes.js";
import { serviceJson } from "../text/json.js";
import { BAD_REQUEST_PAGE, NOT_FOUND_PAGE } from "./framework-pages.js";
import { fixedHeaderList, headerList, type HeaderList, type HeaderMap, type Reply } from "./reply.js";

/** Content type of every JSON answer (no charset, as the service sends it). */
const JSON_TYPE = "application/json";
/** The framework's default content type for non-JSON answers. */
export const HTML_TYPE = "text/html; charset=utf-8";

export type { HeaderMap };

const JSON_HEADERS = fixedHeaderList({ "Content-Type": JSON_TYPE });
const HTML_HEADERS = fixedHeaderList({ "Content-Type": HTML_TYPE });
const jsonHeadersWith = new WeakMap<HeaderMap, HeaderList>();
const htmlHeadersWith = new WeakMap<HeaderMap, HeaderList>();

// Answers mostly add an endpoint's fixed CORS set to the content type: each
// combination's list is built once, keyed by the map itself.
function headersWith(cache: WeakMap<HeaderMap, HeaderList>, type: string, headers: HeaderMap): HeaderList {
  let built = cache.get(headers);
  if (!built) {
    built = fixedHeaderList({ ...headers, "Content-Type": type });
    cache.set(headers, built);
  }
  return built;
}

/** A JSON answer in the service's formatting; `headers` must not change afterwards (it is cached). */
export function jsonReply(status: number, value: unknown, headers?: HeaderMap): Reply {
  return jsonTextReply(status, serviceJson(value), headers);
}

/** A JSON answer whose text is already in the service's formatting; `headers` as for {@link jsonReply}. */
function jsonTextReply(status: number, json: string, headers?: HeaderMap): Reply {
  // The service's JSON is pure ASCII (everything else is escaped), so its
  // Latin-1 bytes are its UTF-8 bytes: a plain copy, where measuring and
  // encoding the text as UTF-8 in the adapter costs ~1 ns per byte twice.
  return jsonBytesReply(status, latin1Bytes(json), headers);
}

/** A JSON answer already encoded; `headers` as for {@link jsonReply}. */
export function jsonBytesReply(status: number, json: Uint8Array, headers?: HeaderMap): Reply {
  return { status, headers: headers ? headersWith(jsonHeadersWith, JSON_TYPE, headers) : JSON_HEADERS, body: json };
}

/**
 * A short text answer with the framework's HTML content type (`OK`, `not
 * found`, empty bodies); fixed `headers` (CORS sets) are cached like
 * {@link jsonReply}'s, so pass per-request headers with {@link reply}.
 */
export function textReply(status: number, text: string, headers?: HeaderMap): Reply {
  return { status, headers: headers ? headersWith(htmlHeadersWith, HTML_TYPE, headers) : HTML_HEADERS, body: text };
}

/** An answer with exactly the given headers (names differing case-insensitively). */
export function reply(status: number, body: string | Uint8Array | null, headers: HeaderMap): Reply {
  return { status, headers: headerList(headers), body };
}

/** The framework's 400 page for a body over its upload limit, refused before the view answers: HTML, no CORS headers. */
export function uploadRefusal(): Reply {
  return textReply(400, BAD_REQUEST_PAGE);
}

/** The framework's 404 page for unmatched routes and unknown UUIDs: HTML, no CORS headers. */
export function notFoundPage(): Reply {
  return textReply(404, NOT_FOUND_PAGE);
}

// Added by the framework's middleware to every answer of the service (see
// `docs/reference.md#answers`); the slash redirect is made
// outside the middleware that adds `X-Frame-Options`, so it lacks that one.
const REDIRECT_FRAMEWORK_HEADERS: HeaderMap = {
  "cross-origin-opener-policy": "same-origin",
  "referrer-policy": "same-origin",
  vary: "Cookie",
  "x-content-type-options": "nosniff",
};
const FRAMEWORK_HEADERS: HeaderMap = { ...REDIRECT_FRAMEWORK_HEADERS, "x-frame-options": "DENY" };
const framed = new WeakMap<HeaderList, HeaderList>();

/**
 * `answer` with the headers the framework adds to every answer (live mode:
 * a header-by-header comparison with the service finds no difference).
 */
export function withFrameworkHeaders(answer: Reply): Reply {
  const redirect = answer.status === 301;
  // Fixed lists are shared by many answers: their framed twin is built once.
  const shared = !redirect && Object.isFrozen(answer.headers);
  let headers = shared ? framed.get(answer.headers) : undefined;
  if (!headers) {
    const map = { ...(redirect ? REDIRECT_FRAMEWORK_HEADERS : FRAMEWORK_HEADERS) };
    for (let i = 0; i < answer.headers.length; i += 2) map[answer.headers[i] as string] = answer.headers[i + 1] as string;
    headers = shared ? fixedHeaderList(map) : headerList(map);
    if (shared) framed.set(answer.headers, headers);
  }
  return { ...answer, headers };
}

/** `301` to `location` with an empty body (collection path without its slash). */
export function redirectReply(location: string): Reply {
  return reply(301, "", { Location: location, "Content-Type": HTML_TYPE });
}

let lastNoCache: { second: number; headers: HeaderMap } | undefined;

/** The second `now` (epoch ms) falls in: answers dated by the second (`Expires`) change with it. */
export function secondOf(now: number): number {
  return Math.floor(now / 1000);
}

/**
 * The framework's `never_cache` headers (ping and badge answers); the map is
 * shared by the answers of the same second, so it must not be changed.
 */
export function noCacheHeaders(now: number): HeaderMap {
  const second = secondOf(now);
  if (lastNoCache?.second !== second) {
    const headers = {
      "Cache-Control": "max-age=0, no-cache, no-store, must-revalidate, private",
      Expires: new Date(now).toUTCString(),
    };
    lastNoCache = { second, headers };
  }
  return lastNoCache.headers;
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
export function apiFailure(compat: Compat, failure: ApiFailure, headers?: HeaderMap): Reply {
  const spec = FAILURES[failure];
  const extra = failure === "notFoundPage" ? undefined : headers;
  if (compat === "seed") return jsonReply(spec.status, { error: spec.seed }, extra);
  if (spec.live === undefined) return notFoundPage();
  return textReply(spec.status, spec.live, extra);
}

/** `{"error": message}` with a 400 or 401, identical in both modes. */
export function apiError(status: 400 | 401, message: string, headers?: HeaderMap): Reply {
  return jsonReply(status, { error: message }, headers);
}
