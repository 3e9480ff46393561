/**
 * Client and per-call options, and their resolution into one configuration.
 * @module
 */
import { API_URL_ENV, optionOrEnv, PING_ENDPOINT_ENV } from "./env.js";
import { checkHeaders, checkHeaderValue } from "./headers.js";
import { Redactor } from "./redact.js";
import { resolveRetrySettings, type ResolvedRetrySettings, type RetrySettings } from "./retry.js";
import { fetchTransport, type FetchLike } from "../transport/fetch.js";
import type { Transport } from "../transport/types.js";

/**
 * The hosted service.
 * @category Clients
 */
export const DEFAULT_BASE_URL = "https://healthchecks.io";
/**
 * The hosted service's ping endpoint: its checks' `ping_url`s are on this
 * host, not under {@link DEFAULT_BASE_URL}, so it is the default there.
 * @category Ping API
 */
export const HOSTED_PING_ENDPOINT = "https://hc-ping.com/";
/**
 * Default per-attempt timeout, in ms.
 * @category Clients
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * Default largest response body, in bytes: 64 MiB. No answer of the API comes
 * near it (the checks of a large project are a few MB, and the hosted
 * service keeps ping bodies to 100 KB), and it stays far below the ~512 MB
 * at which a body can no longer be decoded as one string.
 * @category Clients
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Largest timeout a timer can hold, in ms. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Something the SDK reports to a {@link ClientOptions.debug} hook; URLs and headers are masked.
 * @category Clients
 */
export type DebugEvent =
  | { type: "request"; operation: string; method: string; url: string; headers: Record<string, string>; attempt: number }
  | { type: "response"; operation: string; method: string; url: string; status: number; attempt: number; durationMs: number }
  | { type: "retry"; operation: string; method: string; url: string; attempt: number; delayMs: number; reason: string }
  | { type: "error"; operation: string; method: string; url: string; attempt: number; message: string };

/**
 * Options shared by every client (management and ping).
 * @category Clients
 */
export interface ClientOptions {
  /**
   * Site root of the service, with or without a trailing slash: an
   * `http(s)` URL without user name, password, query or fragment (a
   * `TypeError` otherwise). Default: the `CHECKS_API_URL` environment
   * variable where the runtime has one, else `https://healthchecks.io`.
   */
  baseUrl?: string;
  /**
   * Ping endpoint, a URL like `baseUrl`. Default: the `CHECKS_PING_ENDPOINT`
   * environment variable, else `{baseUrl}/ping/` — and for the hosted
   * service (`https://healthchecks.io`) its ping host, `https://hc-ping.com/`.
   */
  pingEndpoint?: string;
  /**
   * `User-Agent` header. Default in the Node entry: `checks-api-sdk/<version>`;
   * the fetch entry sends none unless set, because browsers refuse a
   * cross-origin request with a header the service's CORS answer does not allow.
   */
  userAgent?: string;
  /**
   * Extra headers sent with every request. Default none. Names must be HTTP
   * tokens and values free of control characters (a `TypeError` otherwise).
   * Names are case-insensitive: a `User-Agent` here replaces `userAgent`,
   * while `X-Api-Key` and a body's `Content-Type` are always the SDK's own.
   */
  headers?: Record<string, string>;
  /** Per-attempt timeout in ms. Default 30000. */
  timeout?: number;
  /** Retries after the first attempt. Default 2. Same as `retry.maxRetries`. */
  maxRetries?: number;
  /**
   * Largest response body to read, in bytes: past it the SDK stops reading,
   * closes the connection and throws a `ResponseTooLargeError` (not
   * retried). A positive integer (a `RangeError` otherwise). Default
   * {@link DEFAULT_MAX_RESPONSE_BYTES} (64 MiB).
   */
  maxResponseBytes?: number;
  /** Backoff settings. */
  retry?: RetrySettings;
  /** Validate responses against the schema. Default true. */
  validate?: boolean;
  /**
   * How requests are sent; wins over `dispatcher` in the Node entry.
   * - a {@link Transport} function: your own (the `fetch` option is then ignored);
   * - `"fetch"`: a WHATWG `fetch` — the one given as `fetch`, or else the
   *   global `fetch` looked up on every request, so that an interceptor
   *   installed after the client was built (msw's `server.listen()`) sees
   *   the requests. The default of `@checks-api/sdk/fetch`; in Node it
   *   replaces the default undici transport, which msw does not intercept.
   */
  transport?: Transport | "fetch";
  /**
   * A WHATWG `fetch` to send requests with (implies `transport: "fetch"`).
   * It is kept as given: to follow later changes of the global `fetch`,
   * use `transport: "fetch"` without this option.
   */
  fetch?: FetchLike;
  /** Receives request, response, retry and error events (secrets masked). */
  debug?: (event: DebugEvent) => void;
}

/**
 * Options of a single call.
 * @category Clients
 */
export interface RequestOptions {
  /** Per-attempt timeout in ms; overrides the client's. */
  timeout?: number;
  /** Cancels the call (including waits between retries). */
  signal?: AbortSignal;
  /** Retries after the first attempt; overrides the client's `maxRetries`. */
  retries?: number;
  /** Largest response body to read, in bytes; overrides the client's `maxResponseBytes`. */
  maxResponseBytes?: number;
  /** Validate the response against the schema; overrides the client's setting. */
  validate?: boolean;
  /**
   * Repeat an operation that is not safe to repeat (create without `unique`,
   * resume, delete) also after attempts that may have reached the server. A
   * "not found" or "not paused" answer after such a retry then carries
   * `possiblyApplied: true`.
   */
  retryUnsafe?: boolean;
}

/** Everything a client needs, defaults applied. */
export interface ResolvedConfig {
  /** Site root without a trailing slash. */
  baseUrl: string;
  /** Ping endpoint with a trailing slash. */
  pingEndpoint: string;
  /** Headers of every request (user agent and extra headers). */
  headers: Record<string, string>;
  /** Per-attempt timeout in ms. */
  timeoutMs: number;
  /** Largest response body to read, in bytes. */
  maxResponseBytes: number;
  /** Retry settings. */
  retry: ResolvedRetrySettings;
  /** Validate responses. */
  validate: boolean;
  /** The transport. */
  transport: Transport;
  /** Masks secrets. */
  redactor: Redactor;
  /** Debug hook. */
  debug: ((event: DebugEvent) => void) | undefined;
}

/** Throws unless `ms` is a usable timeout. */
export function checkTimeout(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0 || ms > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeout must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}`);
  }
  return ms;
}

/** Throws unless `bytes` is a usable `maxResponseBytes`. */
export function checkMaxResponseBytes(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new RangeError("maxResponseBytes must be a positive integer number of bytes");
  return bytes;
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The URL as parsed (so that whitespace and line breaks around a pasted URL
 * are dropped), or a `TypeError` naming `what` (an option or an environment
 * variable) but never the value, which may hold a secret.
 */
function checkUrl(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`${what} is not an absolute URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new TypeError(`${what} must be http or https`);
  // fetch refuses to send a URL with credentials, and undici drops them.
  if (parsed.username !== "" || parsed.password !== "") throw new TypeError(`${what} must not contain a user name or password`);
  // The SDK appends paths to it.
  if (parsed.search !== "" || parsed.hash !== "") throw new TypeError(`${what} must not have a query or a fragment`);
  return parsed.href;
}

function resolveTransport(options: ClientOptions): Transport {
  const { transport } = options;
  if (typeof transport === "function") return transport;
  if (transport !== undefined && transport !== "fetch") throw new TypeError('transport must be a function or "fetch"');
  return fetchTransport(options.fetch);
}

/** Resolves client options; `secrets` are masked in everything the client prints. */
export function resolveConfig(options: ClientOptions, secrets: Array<string | undefined>): ResolvedConfig {
  const base = optionOrEnv(options.baseUrl, "baseUrl", API_URL_ENV);
  const baseUrl = trimSlashes(checkUrl(base.value ?? DEFAULT_BASE_URL, base.name));
  const endpoint = optionOrEnv(options.pingEndpoint, "pingEndpoint", PING_ENDPOINT_ENV);
  const defaultEndpoint = baseUrl === DEFAULT_BASE_URL ? HOSTED_PING_ENDPOINT : `${baseUrl}/ping/`;
  const pingEndpoint = `${trimSlashes(checkUrl(endpoint.value ?? defaultEndpoint, endpoint.name))}/`;
  const headers = checkHeaders(options.headers);
  const retry = resolveRetrySettings({
    ...options.retry,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
  return {
    baseUrl,
    pingEndpoint,
    headers:
      options.userAgent === undefined ? headers : { "user-agent": checkHeaderValue(options.userAgent, "userAgent"), ...headers },
    timeoutMs: checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
    maxResponseBytes: checkMaxResponseBytes(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
    retry,
    validate: options.validate ?? true,
    transport: resolveTransport(options),
    redactor: new Redactor(secrets),
    debug: options.debug,
  };
}
