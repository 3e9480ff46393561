/**
 * What the sender asks of a transport: one HTTP exchange, no redirects
 * followed, with transport failures reported as the service's error texts.
 * @module
 */
import { CurlUrlError, type CurlUrl } from "../text/curl-url.js";

/** A header as it goes out: libcurl writes its own with `": "`, the given ones with `":"`. */
export interface WireHeader {
  /** Name as written. */
  readonly name: string;
  /** Value as written (Latin-1 text). */
  readonly value: string;
  /** Whether the header was given (by the kind or the user) rather than added by the client. */
  readonly given: boolean;
}

/** One HTTP request to make, framed as the service's client frames it (see `wire-request.ts`). */
export interface WireRequest {
  /** Upper-case method. */
  readonly method: string;
  /** Where it goes. */
  readonly url: CurlUrl;
  /** Headers in wire order. */
  readonly headers: readonly WireHeader[];
  /** Body bytes, or `null` for none. */
  readonly body: Uint8Array | null;
  /** Whether the body goes out in chunks (a given `Transfer-Encoding: chunked`). */
  readonly chunked: boolean;
}

/** What came back. */
export interface TransportResponse {
  /** Status code. */
  status: number;
  /** The `Location` header, or `null`. */
  location: string | null;
  /** The start of the answer's body as text (enough to recognise a permanent failure). */
  bodyText: string;
}

/** Makes one request; rejects with a {@link DeliveryError} when no answer came. */
export type Transport = (request: WireRequest, signal: AbortSignal) => Promise<TransportResponse>;

/** A delivery failure, its message the error text the service records. */
export class DeliveryError extends Error {
  /** Creates the error with the text the delivery record keeps. */
  constructor(message: string) {
    super(message);
    this.name = "DeliveryError";
  }
}

/**
 * The error text of a failure to send: a {@link DeliveryError}'s, or a
 * `CurlUrlError`'s for a URL the client refuses; `null` for anything else
 * (a fault of the fake, not of the delivery).
 */
export function sendingError(problem: unknown): string | null {
  return problem instanceof DeliveryError || problem instanceof CurlUrlError ? problem.message : null;
}

/**
 * Bytes of a receiver's answer body kept: enough for the short error bodies
 * that mark a permanent failure. The socket transport reads the rest and
 * drops it (the outcome waits for the whole answer); a `fetch` transport
 * cancels it.
 */
export const ANSWER_EXCERPT_BYTES = 4096;

/** The error texts of transport failures, as the service words them. */
export const TRANSPORT_ERRORS = {
  timeout: "Connection timed out",
  resolve: "Could not resolve host",
  connect: "Connection failed",
  tls: "TLS handshake failed",
  redirects: "Too many redirects",
  /** An answer that is not HTTP (a URL the client refuses fails with a `CurlUrlError`'s text instead). */
  unsupported: "HTTP request failed, code: 1",
  /** An answer that starts like HTTP but whose status line cannot be read. */
  weird: "HTTP request failed, code: 8",
  /** The connection closed before the answer's announced body was complete. */
  partial: "HTTP request failed, code: 18",
  /** The answer's head is larger than the client accepts. */
  tooLarge: "HTTP request failed, code: 100",
  /** A redirect answered to a request with a body (the service's HTTP client cannot rewind it). */
  rewind: "HTTP request failed, code: 65",
  /** The connection broke while the answer was awaited. */
  receive: "HTTP request failed, code: 56",
  /** The connection closed without any answer. */
  empty: "HTTP request failed, code: 52",
  /** The fake was closed while the delivery was under way. */
  closed: "Delivery aborted: the fake server was closed",
} as const;

/**
 * The service's error text for a Node.js network error code, so that the
 * real and the test-supplied transports word failures alike.
 */
export function transportErrorText(code: string | undefined): string {
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return TRANSPORT_ERRORS.resolve;
    case "ECONNREFUSED":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EADDRNOTAVAIL":
      return TRANSPORT_ERRORS.connect;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return TRANSPORT_ERRORS.timeout;
    case "ECONNRESET":
    case "EPIPE":
    case "UND_ERR_SOCKET":
      return TRANSPORT_ERRORS.receive;
    default:
      if (code !== undefined && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code)) return TRANSPORT_ERRORS.tls;
      return TRANSPORT_ERRORS.empty;
  }
}
