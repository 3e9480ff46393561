/**
 * The SDK's error classes: one base class, {@link ChecksApiError}, and a
 * subclass per meaning. Every message, path and body kept on an error has its
 * secrets masked (see `redact.ts`).
 * @module
 */
import type { NotRecordedOutcome } from "./ping-answer.js";

/**
 * What every error knows about the request that failed.
 * @category Errors
 */
export interface ChecksApiErrorInit {
  /** HTTP method of the request. */
  method: string;
  /** Request path with secrets masked (`/api/v3/checks/********-…-7f79/resume`). */
  path: string;
  /** HTTP status, when a response arrived. */
  status?: number | undefined;
  /** The service's own error text (`{"error": …}` or a short text body), masked. */
  errorText?: string | undefined;
  /** The raw response body as text, masked. */
  body?: string | undefined;
  /** True when an earlier attempt of a retried request may have been applied by the server. */
  possiblyApplied?: boolean | undefined;
  /** Overrides the generated message. */
  message?: string | undefined;
}

/** The text a status gets when the response carries no usable error text. */
const STATUS_TEXT: Record<number, string> = {
  400: "bad request",
  401: "unauthorized",
  403: "forbidden",
  404: "not found",
  405: "method not allowed",
  409: "conflict",
  429: "too many requests",
  500: "internal server error",
  502: "bad gateway",
  503: "service unavailable",
  504: "gateway timeout",
};

function describe(init: ChecksApiErrorInit): string {
  if (init.message !== undefined) return `${init.message} (${init.method} ${init.path})`;
  const text = init.errorText || (init.status !== undefined ? (STATUS_TEXT[init.status] ?? "unexpected status") : "request failed");
  const status = init.status !== undefined ? `${init.status} ` : "";
  return `${status}${text} (${init.method} ${init.path})`;
}

/**
 * Base class of every error the SDK throws for a request.
 *
 * Guides: [errors and retries](../../../../docs/errors-and-retries.md).
 * @category Errors
 */
export class ChecksApiError extends Error {
  /**
   * The class's name. Each class states its own: a minifier renames classes,
   * so a name taken from the constructor would come out as `Z`.
   */
  override name = "ChecksApiError";
  /** HTTP status, `undefined` when no response arrived (timeout, connection error, input rejected). */
  readonly status: number | undefined;
  /** HTTP method of the request. */
  readonly method: string;
  /** Request path, secrets masked. */
  readonly path: string;
  /** The service's error text, when it sent one (masked). */
  readonly errorText: string | undefined;
  /** The raw response body as text (masked); `undefined` when no response arrived. */
  readonly body: string | undefined;
  /**
   * True when the request was retried after an attempt that may have reached
   * the server: a "not found" after a retried delete, or "not paused" after a
   * retried resume, then probably means the first attempt succeeded.
   */
  possiblyApplied: boolean;

  /** @param init what is known about the failed request */
  constructor(init: ChecksApiErrorInit) {
    super(describe(init));
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.errorText = init.errorText;
    this.body = init.body;
    this.possiblyApplied = init.possiblyApplied ?? false;
  }
}

/**
 * 400: the request was malformed or failed validation; also thrown before sending for invalid input.
 * @category Errors
 */
export class BadRequestError extends ChecksApiError { override name = "BadRequestError"; }
/**
 * 401: the API key is missing, malformed, unknown, or of the wrong kind for the endpoint.
 * @category Errors
 */
export class AuthenticationError extends ChecksApiError { override name = "AuthenticationError"; }
/**
 * 403: the key is valid but the check belongs to another project.
 * @category Errors
 */
export class ForbiddenError extends ChecksApiError { override name = "ForbiddenError"; }
/**
 * 403 on create: the account has reached its check limit.
 * @category Errors
 */
export class CheckLimitError extends ForbiddenError { override name = "CheckLimitError"; }
/**
 * 404: the check, ping body or route does not exist.
 * @category Errors
 */
export class NotFoundError extends ChecksApiError { override name = "NotFoundError"; }
/**
 * 409: resume of a check that is not paused.
 * @category Errors
 */
export class ConflictError extends ChecksApiError { override name = "ConflictError"; }

/**
 * Init of {@link RateLimitError}.
 * @category Errors
 */
export interface RateLimitErrorInit extends ChecksApiErrorInit {
  /** Seconds to wait, from `Retry-After`. */
  retryAfter?: number | undefined;
}

/**
 * 429: too many requests.
 * @category Errors
 */
export class RateLimitError extends ChecksApiError {
  override name = "RateLimitError";
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  /** @param init what is known about the failed request */
  constructor(init: RateLimitErrorInit) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/**
 * 5xx: the server (or a proxy in front of it) failed.
 * @category Errors
 */
export class ServerError extends ChecksApiError { override name = "ServerError"; }

/**
 * The request did not complete within its timeout.
 * @category Errors
 */
export class TimeoutError extends ChecksApiError {
  override name = "TimeoutError";
  /** The timeout that expired, in milliseconds. */
  readonly timeoutMs: number;
  /** @param init what is known about the request; `timeoutMs` the timeout that expired */
  constructor(init: ChecksApiErrorInit & { timeoutMs: number }) {
    super({ ...init, message: init.message ?? `request timed out after ${init.timeoutMs} ms` });
    this.timeoutMs = init.timeoutMs;
  }
}

/**
 * Init of {@link ConnectionError}.
 * @category Errors
 */
export interface ConnectionErrorInit extends ChecksApiErrorInit {
  /**
   * False only when the request certainly never reached the server
   * (connection refused, DNS failure, connect timeout); true when it may have.
   */
  requestSent: boolean;
  /** The low-level error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, …), when known. */
  code?: string | undefined;
  /** The host and port the request went to (`127.0.0.1:8000`, `healthchecks.io:443`). */
  host?: string | undefined;
  /** The error underneath (what the transport threw, and the runtime's error as its `cause`), secrets masked. */
  cause?: unknown;
}

/**
 * The connection failed: no (complete) response arrived. The message names
 * the host and port that were tried, so that a wrong `baseUrl` or
 * `CHECKS_API_URL` shows at once.
 * @category Errors
 */
export class ConnectionError extends ChecksApiError {
  override name = "ConnectionError";
  /** False only when the request certainly never reached the server. */
  readonly requestSent: boolean;
  /** The low-level error code, when known. */
  readonly code: string | undefined;
  /** The host and port the request went to, when known. */
  readonly host: string | undefined;
  /** @param init what is known about the failed connection */
  constructor(init: ConnectionErrorInit) {
    const to = init.host === undefined ? "" : ` to ${init.host}`;
    super({ ...init, message: init.message ?? `connection${to} failed${init.code ? ` (${init.code})` : ""}` });
    this.requestSent = init.requestSent;
    this.code = init.code;
    this.host = init.host;
    // As `new Error(message, { cause })` makes it: not enumerable.
    if (init.cause !== undefined) Object.defineProperty(this, "cause", { value: init.cause, writable: true, configurable: true });
  }
}

/**
 * Init of {@link InvalidResponseError}.
 * @category Errors
 */
export interface InvalidResponseErrorInit extends ChecksApiErrorInit {
  /** Path of the offending member inside the body (`["checks", 0, "timeout"]`). */
  fieldPath?: ReadonlyArray<string | number> | undefined;
}

/**
 * The response is not what the API promises: not JSON, not matching the
 * schema, a redirect ({@link RedirectError}), or a body over
 * `maxResponseBytes` ({@link ResponseTooLargeError}).
 * @category Errors
 */
export class InvalidResponseError extends ChecksApiError {
  override name = "InvalidResponseError";
  /** Path of the offending member inside the body; empty for the body as a whole. */
  readonly fieldPath: ReadonlyArray<string | number>;
  /** @param init what is known about the response */
  constructor(init: InvalidResponseErrorInit) {
    super(init);
    this.fieldPath = init.fieldPath ?? [];
  }
}

/**
 * Init of {@link RedirectError}.
 * @category Errors
 */
export interface RedirectErrorInit extends ChecksApiErrorInit {
  /** Where the redirect pointed, as an absolute URL with secrets masked, when the answer said. */
  location?: string | undefined;
}

function redirectMessage(init: RedirectErrorInit): string {
  if (init.status === undefined) return "redirect not followed; the runtime hides its status and target";
  return `${init.status} redirect ${init.location === undefined ? "" : `to ${init.location}, `}not followed`;
}

/**
 * A redirect (3xx), which the SDK never follows: that would send the API key
 * wherever the answer points and could turn a `POST` into a `GET`. The API
 * itself never redirects; the usual cause is a `baseUrl` or `pingEndpoint`
 * that is not the address the service answers at (`http://` for an
 * `https://` service, a missing path prefix). Never retried.
 * @category Errors
 */
export class RedirectError extends InvalidResponseError {
  override name = "RedirectError";
  /**
   * Where the redirect pointed (absolute, secrets masked); `undefined` when
   * the answer did not say, or the runtime hides it (a browser's `fetch`
   * gives an opaque answer, whose `status` is then `undefined` too).
   */
  readonly location: string | undefined;
  /** @param init what is known about the response */
  constructor(init: RedirectErrorInit) {
    super({ ...init, message: init.message ?? redirectMessage(init) });
    this.location = init.location;
  }
}

/**
 * Init of {@link ResponseTooLargeError}.
 * @category Errors
 */
export interface ResponseTooLargeErrorInit extends ChecksApiErrorInit {
  /** The limit the body went over, in bytes. */
  maxResponseBytes: number;
}

/**
 * A response body larger than `maxResponseBytes`: the SDK stopped reading
 * and closed the connection rather than hold an unbounded body in memory.
 * No answer of the API comes near the default limit, so this means
 * something else answered (a misbehaving proxy, a wrong address). `body` is
 * not kept. Never retried.
 * @category Errors
 */
export class ResponseTooLargeError extends InvalidResponseError {
  override name = "ResponseTooLargeError";
  /** The limit the body went over, in bytes. */
  readonly maxResponseBytes: number;
  /** @param init what is known about the response, and the limit */
  constructor(init: ResponseTooLargeErrorInit) {
    const status = init.status === undefined ? "" : `${init.status} `;
    super({ ...init, message: init.message ?? `${status}response body larger than maxResponseBytes, ${init.maxResponseBytes} bytes` });
    this.maxResponseBytes = init.maxResponseBytes;
  }
}

/**
 * Init of {@link PingNotRecordedError}.
 * @category Errors
 */
export interface PingNotRecordedErrorInit extends ChecksApiErrorInit {
  /**
   * Why: no such check (404, or `OK (not found)`), two checks have the slug
   * (409), too many pings (`OK (rate limited)`), or another reason the
   * service gave with its OK (`ignored`).
   */
  outcome: NotRecordedOutcome;
}

/**
 * A ping the service answered but did not record. `ping()` returns that as a
 * result; `monitor()` hands this error to its `onPingError`, since nobody
 * else sees the run's signals.
 * @category Errors
 */
export class PingNotRecordedError extends ChecksApiError {
  override name = "PingNotRecordedError";
  /** Why the ping was not recorded. */
  readonly outcome: NotRecordedOutcome;
  /** @param init what is known about the ping */
  constructor(init: PingNotRecordedErrorInit) {
    super({ ...init, message: init.message ?? `ping not recorded: ${init.outcome}` });
    this.outcome = init.outcome;
  }
}

/** Any of the HTTP status error classes, chosen by status. */
export type StatusErrorClass =
  | typeof BadRequestError
  | typeof AuthenticationError
  | typeof ForbiddenError
  | typeof NotFoundError
  | typeof ConflictError
  | typeof ServerError
  | typeof ChecksApiError;

/** The error class for a status (429 and 403-on-create are handled by the caller). */
export function errorClassForStatus(status: number): StatusErrorClass {
  if (status === 400) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return ForbiddenError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status >= 500) return ServerError;
  return ChecksApiError;
}
