/**
 * The request engine: one loop that sends an operation through the
 * transport with a timeout, the caller's signal and the retry policy, and
 * turns the answer into a result or a typed error.
 * @module
 */
import { ApiPromise, type WithResponse } from "./api-promise.js";
import { ChecksApiError, ConnectionError, ForbiddenError, TimeoutError } from "./errors.js";
import { checkTimeout, type RequestOptions, type ResolvedConfig } from "./options.js";
import { errorFromResponse, type RawResponse, type ReadContext } from "./response.js";
import {
  backoffDelay,
  mayHaveBeenApplied,
  parseRetryAfter,
  shouldRetry,
  type AttemptFailure,
  type RetrySafety,
} from "./retry.js";
import { toTransportFailure } from "./transport/types.js";

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

/** Sends `operation` and returns its result as an {@link ApiPromise}. */
export function execute<T>(config: ResolvedConfig, operation: Operation<T>, options: RequestOptions = {}): ApiPromise<T> {
  return new ApiPromise(run(config, operation, options));
}

async function run<T>(config: ResolvedConfig, op: Operation<T>, options: RequestOptions): Promise<WithResponse<T>> {
  const redactor = op.secrets?.length ? config.redactor.with(op.secrets) : config.redactor;
  const url = urlWithQuery(op.url, op.query);
  // Masked forms are computed only when an error or a debug event needs them.
  let maskedPath: string | undefined;
  const path = () => (maskedPath ??= redactor.text(url.slice(url.indexOf("/", url.indexOf("//") + 2))));
  const timeoutMs = options.timeout !== undefined ? checkTimeout(options.timeout) : config.timeoutMs;
  const maxRetries = options.retries ?? config.retry.maxRetries;
  const validate = options.validate ?? config.validate;
  const headers: Record<string, string> = { ...config.headers };
  if (op.apiKey !== undefined) headers["x-api-key"] = op.apiKey;
  if (op.contentType !== undefined) headers["content-type"] = op.contentType;
  const context: ReadContext = {
    method: op.method,
    get path() {
      return path();
    },
    redactor,
    validate,
  };
  const debug = config.debug;
  const event = () => ({ operation: op.name, method: op.method, url: redactor.text(url) });
  const signal = options.signal;
  let earlierMayHaveApplied = false;

  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("timeout"));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    debug?.({ type: "request", ...event(), headers: redactor.headers(headers), attempt });
    const started = Date.now();

    let error: ChecksApiError;
    let failure: AttemptFailure;
    let retryAfterMs: number | undefined;
    try {
      const response = await config.transport({
        method: op.method,
        url,
        headers,
        body: op.body,
        signal: controller.signal,
      });
      debug?.({ type: "response", ...event(), status: response.status, attempt, durationMs: Date.now() - started });
      if (response.status < 300 || op.resultStatuses?.includes(response.status)) {
        return { data: op.read(response, context), response: { status: response.status, headers: response.headers, attempts: attempt } };
      }
      error = errorFromResponse(response, context, op.forbidden);
      failure = { kind: "status", status: response.status };
      if (response.status === 429 || response.status === 503) {
        retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      }
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (thrown instanceof ChecksApiError) throw thrown;
      if (timedOut) {
        error = new TimeoutError({ method: op.method, path: path(), timeoutMs });
        failure = { kind: "timeout" };
      } else {
        const transportFailure = toTransportFailure(thrown);
        error = new ConnectionError({
          method: op.method,
          path: path(),
          requestSent: transportFailure.requestSent,
          code: transportFailure.code,
        });
        failure = { kind: "connection", requestSent: transportFailure.requestSent };
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
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
