/**
 * When to repeat a request and how long to wait before doing so.
 * @module
 */

/**
 * How safe an operation is to repeat.
 * - `idempotent`: repeating it cannot change the outcome (reads, update,
 *   pause, upsert, pings); retried on connection errors, timeouts, 429 and 5xx.
 * - `once`: repeating it after it reached the server could act twice
 *   (create without `unique`) or report a misleading failure (resume, delete);
 *   retried only when the request certainly never reached the server.
 * @category Clients
 */
export type RetrySafety = "idempotent" | "once";

/**
 * Backoff settings; the defaults suit a real service, tests make them tiny.
 * @category Clients
 */
export interface RetrySettings {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** Cap of the first backoff window, in ms. Default 500. */
  initialDelayMs?: number;
  /** Largest backoff window, in ms. Default 8000. */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the SDK waits for, in ms; a longer one is not
   * waited for and the error is thrown. Default 60000.
   */
  maxRetryAfterMs?: number;
  /**
   * Scale applied to `Retry-After` delays (1 = as the server asked). Tests set
   * it tiny so that `Retry-After: 1` does not cost a real second. Default 1.
   */
  retryAfterScale?: number;
  /** Random source of the jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** Waits `ms` milliseconds unless `signal` aborts. Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** {@link RetrySettings} with every default applied. */
export type ResolvedRetrySettings = Required<RetrySettings>;

/**
 * Default retries after the first attempt.
 * @category Clients
 */
export const DEFAULT_MAX_RETRIES = 2;

/** Throws a `RangeError` unless `retries` is a usable number of retries; `what` names it. */
export function checkRetries(retries: number, what: string): number {
  if (!Number.isSafeInteger(retries) || retries < 0) throw new RangeError(`${what} must be a non-negative integer`);
  return retries;
}

function checkDelay(value: number, name: keyof RetrySettings): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`retry.${name} must be a finite number ≥ 0`);
  return value;
}

/** Applies the defaults to retry settings. */
export function resolveRetrySettings(settings: RetrySettings = {}): ResolvedRetrySettings {
  return {
    maxRetries: checkRetries(settings.maxRetries ?? DEFAULT_MAX_RETRIES, "maxRetries"),
    initialDelayMs: checkDelay(settings.initialDelayMs ?? 500, "initialDelayMs"),
    maxDelayMs: checkDelay(settings.maxDelayMs ?? 8_000, "maxDelayMs"),
    maxRetryAfterMs: checkDelay(settings.maxRetryAfterMs ?? 60_000, "maxRetryAfterMs"),
    retryAfterScale: checkDelay(settings.retryAfterScale ?? 1, "retryAfterScale"),
    random: settings.random ?? Math.random,
    sleep: settings.sleep ?? sleep,
  };
}

/**
 * Exponential backoff with full jitter: a uniform delay in
 * `[0, min(maxDelayMs, initialDelayMs × 2^retry))`, `retry` counting from 0.
 */
export function backoffDelay(retry: number, settings: ResolvedRetrySettings): number {
  const window = Math.min(settings.maxDelayMs, settings.initialDelayMs * 2 ** retry);
  return Math.floor(settings.random() * window);
}

/**
 * Parses `Retry-After` (delay seconds or an HTTP date) into milliseconds from
 * `now`; `undefined` when absent or unreadable. A past date gives 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** What happened on one attempt, as far as retrying is concerned. */
export type AttemptFailure =
  | { kind: "connection"; requestSent: boolean }
  | { kind: "timeout" }
  | { kind: "status"; status: number };

/** Statuses worth repeating a request for: rate limiting and server-side failures. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Whether a failed attempt of an operation of the given safety may be
 * repeated. `retryUnsafe` lets a caller treat a `once` operation like an
 * idempotent one (the result then reports `possiblyApplied`).
 */
export function shouldRetry(failure: AttemptFailure, safety: RetrySafety, retryUnsafe = false): boolean {
  if (failure.kind === "connection" && !failure.requestSent) return true;
  if (safety === "once" && !retryUnsafe) return false;
  if (failure.kind === "status") return isRetryableStatus(failure.status);
  return true;
}

/**
 * Whether an attempt that failed this way may have been applied by the
 * server. A 429 is a refusal; a 5xx may come from a proxy after the service
 * acted, so it counts as possibly applied.
 */
export function mayHaveBeenApplied(failure: AttemptFailure): boolean {
  if (failure.kind === "connection") return failure.requestSent;
  if (failure.kind === "status") return failure.status !== 429;
  return true;
}

/** Resolves after `ms` milliseconds, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
