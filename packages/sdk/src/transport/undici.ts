/**
 * The default Node transport: undici's dispatcher API over a keep-alive pool,
 * or over a caller's `Dispatcher` (a proxy agent, a `MockAgent`, the fake
 * server's in-process dispatcher).
 * @module
 */
import { Agent, type Dispatcher } from "undici";
import { toTransportFailure, type Transport, type TransportRequest, type TransportResponse } from "./types.js";

/** Options of {@link undiciTransport}. */
export interface UndiciTransportOptions {
  /** Dispatcher to send through. Default: a keep-alive {@link Agent} owned by the transport. */
  dispatcher?: Dispatcher;
  /** Idle keep-alive time of the default agent's sockets, in ms. Default 30000. */
  keepAliveTimeoutMs?: number;
  /** Socket limit per origin of the default agent. Default 16. */
  connections?: number;
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

// The handler-based dispatch API rather than `request()`: it reads the body
// straight into chunks and aborts through the dispatch controller, which
// costs less per call than `request()`'s stream and signal plumbing.
function send(dispatcher: Dispatcher, req: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { origin, pathname, search } = new URL(req.url);
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Uint8Array[] = [];
    let dispatchController: Dispatcher.DispatchController | undefined;
    let settled = false;
    const onAbort = () => {
      fail(req.signal.reason);
      dispatchController?.abort(req.signal.reason instanceof Error ? req.signal.reason : new Error("aborted"));
    };
    const finish = () => {
      settled = true;
      req.signal.removeEventListener("abort", onAbort);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      reject(req.signal.aborted ? req.signal.reason : toTransportFailure(error));
    };
    if (req.signal.aborted) {
      reject(req.signal.reason);
      return;
    }
    req.signal.addEventListener("abort", onAbort, { once: true });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        dispatchController = controller;
        if (settled) controller.abort(new Error("aborted"));
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        finish();
        const body = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
        resolve({ status, headers: toHeaders(headers), body });
      },
      onResponseError(_controller, error) {
        fail(error);
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin,
          path: pathname + search,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.body ?? null,
        },
        handler,
      );
    } catch (error) {
      fail(error);
    }
  });
}

/** A transport over undici. */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  const dispatcher =
    options.dispatcher ??
    new Agent({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000, connections: options.connections ?? 16 });
  return (req) => send(dispatcher, req);
}
