/**
 * The transport contract: how the SDK hands a prepared request to an HTTP
 * implementation (undici, any WHATWG `fetch`, or a caller's own function).
 * @module
 */

/**
 * A request as the SDK prepared it.
 * @category Clients
 */
export interface TransportRequest {
  /** HTTP method. */
  method: string;
  /** Absolute URL. */
  url: string;
  /** Request headers. */
  headers: Record<string, string>;
  /** Request body, if any. */
  body?: string | Uint8Array | undefined;
  /**
   * Largest response body to read, in bytes: a transport stops reading past
   * it, ends the connection and throws a {@link ResponseTooLargeFailure}.
   * The SDK always sets it (and checks the body of a transport that ignores
   * it); `undefined` means no limit.
   */
  maxResponseBytes?: number | undefined;
  /** Aborts the request (the SDK's timeout and the caller's signal). */
  signal: AbortSignal;
}

/**
 * A response, fully read.
 * @category Clients
 */
export interface TransportResponse {
  /**
   * HTTP status; 0 for a redirect whose status the runtime hides (a
   * browser's `opaqueredirect`). A transport never follows redirects: the
   * SDK reports them as a `RedirectError`.
   */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** Response body bytes. */
  body: Uint8Array;
}

/**
 * Sends one request and reads the whole response. A transport throws a
 * {@link TransportFailure} (or any error, treated as possibly sent) when no
 * response arrived; it never throws for an HTTP status.
 * @category Clients
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * A transport-level failure, telling whether the request may have reached
 * the server. Transports throw it; the SDK turns it into a `ConnectionError`.
 * @category Errors
 */
export class TransportFailure extends Error {
  /** False only when the request certainly never left (connection refused, DNS). */
  readonly requestSent: boolean;
  /** The low-level error code, when known. */
  readonly code: string | undefined;

  /**
   * @param message short description (must not contain the URL)
   * @param requestSent whether the request may have reached the server
   * @param code low-level code such as `ECONNREFUSED`
   * @param cause the runtime's error, when there is one
   */
  constructor(message: string, requestSent: boolean, code?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "TransportFailure";
    this.requestSent = requestSent;
    this.code = code;
  }
}

/**
 * A response body went over the request's `maxResponseBytes`. Transports
 * throw it; the SDK turns it into a `ResponseTooLargeError`.
 * @category Errors
 */
export class ResponseTooLargeFailure extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** The limit the body went over, in bytes. */
  readonly maxResponseBytes: number;

  /**
   * @param status HTTP status of the response
   * @param maxResponseBytes the limit the body went over
   */
  constructor(status: number, maxResponseBytes: number) {
    super(`response body larger than ${maxResponseBytes} bytes`);
    this.name = "ResponseTooLargeFailure";
    this.status = status;
    this.maxResponseBytes = maxResponseBytes;
  }
}

/** True when a `Content-Length` value announces more than `limit` bytes. */
export function announcesMoreThan(contentLength: string | null | undefined, limit: number | undefined): boolean {
  return limit !== undefined && contentLength != null && Number(contentLength) > limit;
}

/** Error codes that mean the request never left the client. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
]);

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  // Node's fetch wraps the socket error in `cause`, sometimes twice.
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Codes of errors an HTTP client raises for its own arguments (an invalid
 * header, method or URL) before anything is sent: a bug to report, not a
 * connection problem to retry.
 */
const ARGUMENT_CODES = new Set([
  "UND_ERR_INVALID_ARG",
  "UND_ERR_NOT_SUPPORTED",
  "ERR_INVALID_ARG_TYPE",
  "ERR_INVALID_ARG_VALUE",
  "ERR_INVALID_CHAR",
  "ERR_INVALID_HTTP_TOKEN",
  "ERR_INVALID_URL",
]);

/** The code of an error by which a transport refused its arguments; `undefined` for any other error. */
export function argumentErrorCode(error: unknown): string | undefined {
  const code = codeOf(error);
  return code !== undefined && ARGUMENT_CODES.has(code) ? code : undefined;
}

/** Classifies any low-level error thrown by an HTTP client into a {@link TransportFailure}. */
export function toTransportFailure(error: unknown): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const code = codeOf(error);
  const sent = code === undefined || !NOT_SENT_CODES.has(code);
  return new TransportFailure(sent ? "connection lost" : "connection not established", sent, code, error);
}
