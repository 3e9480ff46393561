/**
 * One attempt of a request as the engine hands it to a transport, with a
 * cancellation that costs nothing until something listens to it.
 * @module
 */
import type { TransportRequest } from "./types.js";

/**
 * A {@link TransportRequest} whose `signal` is created on first read.
 * Creating an `AbortSignal` and listening to it costs more than the rest of
 * the engine's work for a call, so the SDK's own undici transport listens
 * through {@link AttemptRequest.onAbort} instead; a transport that reads
 * `signal` (fetch, a caller's own) gets a real one, already aborted when the
 * attempt was.
 */
export class AttemptRequest implements TransportRequest {
  /** HTTP method. */
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /** Request headers. */
  readonly headers: Record<string, string>;
  /** Request body, if any. */
  readonly body: string | Uint8Array | undefined;
  /** Largest response body to read, in bytes. */
  readonly maxResponseBytes: number;
  /** True once the attempt was aborted (timeout or the caller's signal). */
  aborted = false;
  /** Why the attempt was aborted. */
  reason: unknown = undefined;
  #controller: AbortController | undefined;
  #listener: ((reason: unknown) => void) | undefined;

  /**
   * @param method HTTP method
   * @param url absolute URL
   * @param headers request headers
   * @param body request body
   * @param maxResponseBytes largest response body to read, in bytes
   */
  constructor(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    maxResponseBytes: number,
  ) {
    this.method = method;
    this.url = url;
    this.headers = headers;
    this.body = body;
    this.maxResponseBytes = maxResponseBytes;
  }

  /** An `AbortSignal` that follows this attempt. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Aborts the attempt with `reason`; later calls do nothing. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.(reason);
  }

  /** Calls `listener` when the attempt is aborted; `undefined` stops listening. One listener at a time. */
  onAbort(listener: ((reason: unknown) => void) | undefined): void {
    this.#listener = listener;
  }
}
