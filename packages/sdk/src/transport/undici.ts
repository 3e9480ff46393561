/**
 * The default Node transport: undici's dispatcher API over a keep-alive pool,
 * or over a caller's `Dispatcher` (a proxy agent, a `MockAgent`, the fake
 * server's in-process dispatcher).
 * @module
 */
import type { Dispatcher } from "undici";
import { AttemptRequest } from "./attempt.js";
import {
  announcesMoreThan,
  ResponseTooLargeFailure,
  toTransportFailure,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./types.js";

/**
 * Options of {@link undiciTransport}.
 * @category Clients
 */
export interface UndiciTransportOptions {
  /**
   * Dispatcher to send through. Default: a keep-alive undici `Agent` owned
   * by the transport, made on the first request (importing the SDK does not
   * load undici: most of a program's start-up would otherwise be spent on it).
   */
  dispatcher?: Dispatcher;
  /** Idle keep-alive time of the default agent's sockets, in ms. Default 30000. */
  keepAliveTimeoutMs?: number;
  /** Socket limit per origin of the default agent. Default 16. */
  connections?: number;
}

function toHeaders(raw: RawHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

type RawHeaders = Record<string, string | string[] | undefined>;

/** One header's value from undici's parsed record, as `Headers.get` gives it. */
function rawHeader(raw: RawHeaders, name: string): string | null {
  const value = raw[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * A response whose `Headers` are built on first read: most calls only need
 * `Content-Type`, which {@link UndiciResponse.header} answers from undici's
 * parsed record at a fraction of the cost.
 */
class UndiciResponse implements TransportResponse {
  readonly status: number;
  readonly body: Uint8Array;
  readonly #raw: RawHeaders;
  #headers: Headers | undefined;

  constructor(status: number, raw: RawHeaders, body: Uint8Array) {
    this.status = status;
    this.#raw = raw;
    this.body = body;
  }

  get headers(): Headers {
    return (this.#headers ??= toHeaders(this.#raw));
  }

  /** One header's value, as `Headers.get` gives it. */
  header(name: string): string | null {
    return rawHeader(this.#raw, name);
  }
}

/** What the transport needs of a request's cancellation. */
interface Cancellation {
  readonly aborted: boolean;
  readonly reason: unknown;
  onAbort(listener: ((reason: unknown) => void) | undefined): void;
}

// The engine's own requests are listened to without an AbortSignal; a
// request built elsewhere (a caller's transport delegating here) through its signal.
function cancellationOf(req: TransportRequest): Cancellation {
  if (req instanceof AttemptRequest) return req;
  const signal = req.signal;
  let current: (() => void) | undefined;
  return {
    get aborted() {
      return signal.aborted;
    },
    get reason() {
      return signal.reason;
    },
    onAbort(listener) {
      if (current) signal.removeEventListener("abort", current);
      current = listener && (() => listener(signal.reason));
      if (current) signal.addEventListener("abort", current, { once: true });
    },
  };
}

// The handler-based dispatch API rather than `request()`: it reads the body
// straight into chunks and aborts through the dispatch controller, which
// costs less per call than `request()`'s stream and signal plumbing.
function send(dispatcher: Dispatcher, req: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { origin, pathname, search } = new URL(req.url);
    const cancellation = cancellationOf(req);
    if (cancellation.aborted) {
      reject(cancellation.reason);
      return;
    }
    const limit = req.maxResponseBytes;
    let status = 0;
    let headers: RawHeaders = {};
    const chunks: Uint8Array[] = [];
    let received = 0;
    let dispatchController: Dispatcher.DispatchController | undefined;
    let settled = false;
    const finish = () => {
      settled = true;
      cancellation.onAbort(undefined);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      reject(cancellation.aborted ? cancellation.reason : toTransportFailure(error));
    };
    cancellation.onAbort((reason) => {
      fail(reason);
      dispatchController?.abort(reason instanceof Error ? reason : new Error("aborted"));
    });
    // Aborting mid-body makes undici destroy the socket: nothing more is read.
    const tooLarge = (controller: Dispatcher.DispatchController) => {
      if (settled || limit === undefined) return;
      finish();
      reject(new ResponseTooLargeFailure(status, limit));
      controller.abort(new Error("response too large"));
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        dispatchController = controller;
        if (settled) controller.abort(new Error("aborted"));
      },
      onResponseStart(controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders;
        if (announcesMoreThan(rawHeader(headers, "content-length"), limit)) tooLarge(controller);
      },
      onResponseData(controller, chunk) {
        received += chunk.length;
        if (limit !== undefined && received > limit) tooLarge(controller);
        else chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        finish();
        const body = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
        resolve(new UndiciResponse(status, headers, body));
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

/**
 * A transport over undici; it never follows redirects and reads at most the request's `maxResponseBytes`.
 * @category Clients
 */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  let dispatcher = options.dispatcher;
  let loading: Promise<Dispatcher> | undefined;
  return (req) => {
    if (dispatcher) return send(dispatcher, req);
    // undici makes itself the dispatcher of the runtime's own fetch when it
    // loads before that fetch was first used, and Node 20's fetch then refuses
    // a request with a body: the runtime's fetch sets its own first (building
    // a `Headers` loads it).
    if ((globalThis as Record<symbol, unknown>)[Symbol.for("undici.globalDispatcher.1")] === undefined) new Headers();
    loading ??= import("undici").then(({ Agent }) => {
      dispatcher = new Agent({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000, connections: options.connections ?? 16 });
      return dispatcher;
    });
    return loading.then((loaded) => send(loaded, req));
  };
}
