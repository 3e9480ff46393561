/**
 * The fake's internal request: what the core reads of a request, without
 * WHATWG objects. `handle()` adapts a `Request` to it; the node:http and
 * undici adapters build it straight from what they receive.
 * @module
 */
import { PEER_ADDRESS_HEADER, peerAddress } from "./peer-address.js";
import { EMPTY_BODY, readBody, readCapped, type BodyBytes, type BodyOverflow } from "./body.js";
import type { Outcome } from "./reply.js";

/** A request as the core sees it. */
export interface Incoming {
  /** HTTP method, as a WHATWG `Request` would hold it. */
  readonly method: string;
  /** URL path, as WHATWG URL parsing leaves it (percent-encoded, dot segments resolved). */
  readonly pathname: string;
  /** URL query with its `?`, or `""`. */
  readonly search: string;
  /**
   * The value of a request header (`name` in lowercase), repeated lines
   * joined with `, ` as `Headers.get()` does; `null` when absent.
   */
  header(name: string): string | null;
  /** False when the request certainly has no body, so a reader can skip {@link Incoming.body}. */
  readonly hasBody: boolean;
  /**
   * Reads at most `cap` bytes of the body (`null`: all of it), holding no
   * more than that; past the cap, the rest is drained or refused as
   * `overflow` says (default `refuse`). Called at most once.
   * @throws BodyAbortedError (rejecting) when the body ends before its end.
   */
  body(cap: number | null, overflow?: BodyOverflow): Promise<BodyBytes>;
  /** The socket peer address, plain IPv4 for mapped addresses; `undefined` without a socket. */
  readonly peer: string | undefined;
  /**
   * Settles when the client goes away before it is answered (its
   * connection closes, its request is aborted); never, when it stays or
   * the adapter cannot tell. Asked only by a delayed answer.
   */
  gone(): Promise<void>;
}

// What `gone()` answers when nothing can tell that the client left.
const STAYING: Promise<void> = new Promise(() => undefined);

/** A promise that settles when `signal` aborts (at once if it has). */
export function abortOf(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

/**
 * The core's entry point behind `handle()`. It answers synchronously when
 * nothing has to be waited for (no body to read, no injected latency), which
 * spares the adapters a round of promises on the common requests.
 */
export type IncomingHandler = (incoming: Incoming) => Outcome | Promise<Outcome>;

/**
 * What the adapters serve: anything with a fetch-style handler, such as a
 * `FakeServer` (which they reach through its internal entry point instead,
 * see {@link registerIncomingHandler}).
 */
export interface FetchHandler {
  /** Answers one request. */
  handle(request: Request): Promise<Response>;
}

/** A {@link FetchHandler} that also tells the site root it serves under. */
export interface RootedFetchHandler extends FetchHandler {
  /** Its options; only `baseUrl` (the site root) is read. */
  readonly options: { readonly baseUrl: string };
}

// The entry point is a hidden property of its target rather than a
// WeakMap entry: every young-generation collection walks a WeakMap's live
// entries, so a suite creating a fake per test spent most of each fake's
// cost in the collector.
const HANDLER = Symbol("incoming handler");

interface Registered {
  [HANDLER]?: IncomingHandler;
}

/**
 * Registers the internal entry point of `target` (a `FakeServer`, or an
 * object forwarding to one), so adapters can skip the WHATWG round trip.
 */
export function registerIncomingHandler(target: object, handler: IncomingHandler): void {
  Object.defineProperty(target, HANDLER, { value: handler, configurable: true });
}

/** Whether a WHATWG `Request` refuses `method` (uppercase): CONNECT, TRACE and TRACK, which the fake never sees. */
export function isForbiddenMethod(method: string): boolean {
  return method === "CONNECT" || method === "TRACE" || method === "TRACK";
}

/** The internal entry point registered for `target`, if any. */
export function incomingHandlerOf(target: object): IncomingHandler | undefined {
  return (target as Registered)[HANDLER];
}

/**
 * A `Request` as the core sees it. The peer is the `x-checks-fake-peer`
 * header, which the node:http adapter sets for handlers that take `Request`
 * objects.
 */
export class RequestIncoming implements Incoming {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly #request: Request;

  /** Adapts `request`, whose URL parsed as `url`. */
  constructor(request: Request, url: URL) {
    this.#request = request;
    this.method = request.method;
    this.pathname = url.pathname;
    this.search = url.search;
  }

  header(name: string): string | null {
    return this.#request.headers.get(name);
  }

  get hasBody(): boolean {
    return this.#request.body !== null;
  }

  body(cap: number | null, overflow: BodyOverflow = "refuse"): Promise<BodyBytes> {
    return readBody(this.#request, cap, overflow);
  }

  get peer(): string | undefined {
    return peerAddress(this.#request);
  }

  gone(): Promise<void> {
    return abortOf(this.#request.signal);
  }
}

/** A body still to be read: bytes already in memory, chunks to come, or none. */
export type BodySource = Uint8Array | AsyncIterable<Uint8Array> | null;

/**
 * A request whose headers are a `Headers` and whose body is bytes or a
 * stream of chunks (the undici dispatcher). As for a `Request`, the peer is
 * the `x-checks-fake-peer` header, if anyone set it.
 */
export class HeadersIncoming implements Incoming {
  readonly #headers: Headers;
  readonly #body: BodySource;
  readonly #gone: () => Promise<void>;

  /**
   * @param method The method, normalised as a `Request` normalises it.
   * @param pathname The parsed URL's path.
   * @param search The parsed URL's query.
   * @param headers The request headers.
   * @param body The body, `null` (or empty bytes) for none.
   * @param gone A promise that settles when the caller aborts the request (default: one that never does).
   */
  constructor(
    readonly method: string,
    readonly pathname: string,
    readonly search: string,
    headers: Headers,
    body: BodySource,
    gone: () => Promise<void> = () => STAYING,
  ) {
    this.#headers = headers;
    this.#gone = gone;
    this.#body = body instanceof Uint8Array && body.byteLength === 0 ? null : body;
  }

  header(name: string): string | null {
    return this.#headers.get(name);
  }

  get hasBody(): boolean {
    return this.#body !== null;
  }

  body(cap: number | null, overflow: BodyOverflow = "refuse"): Promise<BodyBytes> {
    const body = this.#body;
    if (body === null) return Promise.resolve(EMPTY_BODY);
    if (!(body instanceof Uint8Array)) return readCapped(body, cap, overflow);
    const length = body.byteLength;
    if (cap === null || length <= cap) return Promise.resolve({ bytes: body, truncated: false, length });
    return Promise.resolve({ bytes: body.subarray(0, cap), truncated: true, length });
  }

  get peer(): string | undefined {
    return this.#headers.get(PEER_ADDRESS_HEADER) ?? undefined;
  }

  gone(): Promise<void> {
    return this.#gone();
  }
}
