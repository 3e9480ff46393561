/**
 * The request engine: one loop that sends an operation through the
 * transport with a timeout, the caller's signal and the retry policy, and
 * turns the answer into a result or a typed error.
 * @module
 */
import { ApiPromise, type WithResponse } from "./api-promise.js";
import { ChecksApiError, ConnectionError, ForbiddenError, ResponseTooLargeError, TimeoutError } from "./errors.js";
import { checkMaxResponseBytes, checkTimeout, type RequestOptions, type ResolvedConfig } from "./options.js";
import { maskedError, type Redactor } from "./redact.js";
import { errorFromResponse, headerOf, type RawResponse, type ReadContext } from "./response.js";
import {
  backoffDelay,
  checkRetries,
  mayHaveBeenApplied,
  parseRetryAfter,
  shouldRetry,
  type AttemptFailure,
  type RetrySafety,
} from "./retry.js";
import { AttemptRequest } from "../transport/attempt.js";
import { argumentErrorCode, ResponseTooLargeFailure, toTransportFailure } from "../transport/types.js";

/** One API call, fully described. */
export interface Operation<T> {
  /** Operation name, for debug events (`getCheck`, `ping`, …). */
  name: string;
  /** HTTP method. */
  method: string;
  /** Absolute URL, path parameters already encoded. */
  url: string;
  /** Query parameters. */
  query?: URLSearchParams | undefined;
  /** Request body. */
  body?: string | Uint8Array | undefined;
  /** `Content-Type` of the body. */
  contentType?: string | undefined;
  /** API key to send as `X-Api-Key`. */
  apiKey?: string | undefined;
  /** How safe the operation is to repeat. */
  safety: RetrySafety;
  /** True when the operation changes state (errors then report `possiblyApplied`). */
  mutates: boolean;
  /** Per-request secrets to mask (the check UUID, a ping key). */
  secrets?: ReadonlyArray<string | undefined> | undefined;
  /** Non-2xx statuses that are results rather than errors (ping 404 and 409). */
  resultStatuses?: readonly number[] | undefined;
  /** Class of a 403 (`CheckLimitError` on create). */
  forbidden?: typeof ForbiddenError | undefined;
  /** Turns a successful response into the result. */
  read(response: RawResponse, context: ReadContext): T;
}

function urlWithQuery(url: string, query: URLSearchParams | undefined): string {
  const search = query?.toString();
  return search ? `${url}?${search}` : url;
}

function abortOnTimeout(request: AttemptRequest): void {
  request.abort(new Error("timeout"));
}

/** Sends `operation` and returns its result as an {@link ApiPromise}. */
export function execute<T>(config: ResolvedConfig, operation: Operation<T>, options: RequestOptions = {}): ApiPromise<T> {
  return new ApiPromise(run(config, operation, options));
}

async function run<T>(config: ResolvedConfig, op: Operation<T>, options: RequestOptions): Promise<WithResponse<T>> {
  const url = urlWithQuery(op.url, op.query);
  // The redactor and masked forms are made only when an error or a debug event needs them.
  let requestRedactor: Redactor | undefined;
  const redactor = () =>
    (requestRedactor ??= op.secrets?.length ? config.redactor.with(op.secrets) : config.redactor);
  let maskedPath: string | undefined;
  const path = () => (maskedPath ??= redactor().text(url.slice(url.indexOf("/", url.indexOf("//") + 2))));
  const timeoutMs = options.timeout !== undefined ? checkTimeout(options.timeout) : config.timeoutMs;
  const maxRetries = options.retries !== undefined ? checkRetries(options.retries, "retries") : config.retry.maxRetries;
  const maxResponseBytes =
    options.maxResponseBytes !== undefined ? checkMaxResponseBytes(options.maxResponseBytes) : config.maxResponseBytes;
  const validate = options.validate ?? config.validate;
  const headers: Record<string, string> = { ...config.headers };
  if (op.apiKey !== undefined) headers["x-api-key"] = op.apiKey;
  if (op.contentType !== undefined) headers["content-type"] = op.contentType;
  const context: ReadContext = {
    method: op.method,
    url,
    get path() {
      return path();
    },
    get redactor() {
      return redactor();
    },
    validate,
  };
  const debug = config.debug;
  const event = () => ({ operation: op.name, method: op.method, url: redactor().text(url) });
  const signal = options.signal;
  let earlierMayHaveApplied = false;

  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const request = new AttemptRequest(op.method, url, headers, op.body, maxResponseBytes);
    const timer = setTimeout(abortOnTimeout, timeoutMs, request);
    const onAbort = signal && (() => request.abort(signal.reason));
    if (onAbort) signal?.addEventListener("abort", onAbort, { once: true });
    debug?.({ type: "request", ...event(), headers: redactor().headers(headers), attempt });
    const started = Date.now();

    let error: ChecksApiError;
    let failure: AttemptFailure;
    let retryAfterMs: number | undefined;
    try {
      const response = await config.transport(request);
      // A transport of the caller's own may not stop at the limit: the body is held to it all the same.
      if (response.body.byteLength > maxResponseBytes) throw new ResponseTooLargeFailure(response.status, maxResponseBytes);
      debug?.({ type: "response", ...event(), status: response.status, attempt, durationMs: Date.now() - started });
      if ((response.status >= 200 && response.status < 300) || op.resultStatuses?.includes(response.status)) {
        const data = op.read(response, context);
        // A getter, so that a transport that builds `Headers` lazily does so only when they are read.
        const info = {
          status: response.status,
          get headers() {
            return response.headers;
          },
          attempts: attempt,
        };
        return { data, response: info };
      }
      error = errorFromResponse(response, context, op.forbidden);
      failure = { kind: "status", status: response.status };
      if (response.status === 429 || response.status === 503) {
        retryAfterMs = parseRetryAfter(headerOf(response, "retry-after"));
      }
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (thrown instanceof ChecksApiError) throw thrown;
      if (thrown instanceof ResponseTooLargeFailure) {
        const { status } = thrown;
        // An answer the service sent (not a refusal) means a mutation may have been applied.
        const applied = earlierMayHaveApplied || status < 400 || status >= 500;
        throw new ResponseTooLargeError({ method: op.method, path: path(), status, maxResponseBytes, possiblyApplied: op.mutates && applied });
      }
      const argumentCode = argumentErrorCode(thrown);
      // The transport's message may quote the offending value (a key, a URL): only its code is kept.
      if (argumentCode) throw new TypeError(`the transport refused the request ${op.method} ${path()}: ${argumentCode}`);
      // Not the caller's signal: only the timer aborts the attempt.
      if (request.aborted) {
        error = new TimeoutError({ method: op.method, path: path(), timeoutMs });
        failure = { kind: "timeout" };
      } else {
        const transportFailure = toTransportFailure(thrown);
        error = new ConnectionError({
          method: op.method,
          path: path(),
          requestSent: transportFailure.requestSent,
          code: transportFailure.code,
          host: hostAndPort(url),
          cause: maskedError(thrown, redactor()),
        });
        failure = { kind: "connection", requestSent: transportFailure.requestSent };
      }
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }

    if (op.mutates) {
      const thisMayHaveApplied = failure.kind !== "status" ? mayHaveBeenApplied(failure) : failure.status >= 500;
      error.possiblyApplied = earlierMayHaveApplied || thisMayHaveApplied;
    }
    debug?.({ type: "error", ...event(), attempt, message: error.message });
    const canRetry = attempt <= maxRetries && shouldRetry(failure, op.safety, options.retryUnsafe ?? false);
    if (!canRetry) throw error;
    if (retryAfterMs !== undefined && retryAfterMs > config.retry.maxRetryAfterMs) throw error;
    earlierMayHaveApplied ||= mayHaveBeenApplied(failure);
    const delayMs =
      retryAfterMs !== undefined
        ? Math.round(retryAfterMs * config.retry.retryAfterScale)
        : backoffDelay(attempt - 1, config.retry);
    debug?.({ type: "retry", ...event(), attempt, delayMs, reason: error.message });
    await config.retry.sleep(delayMs, signal);
  }
}

/** `host:port` of a URL, the scheme's port when the URL names none. Base URLs carry no user name or password. */
function hostAndPort(url: string): string {
  const { hostname, port, protocol } = new URL(url);
  return `${hostname}:${port || (protocol === "https:" ? "443" : "80")}`;
}
