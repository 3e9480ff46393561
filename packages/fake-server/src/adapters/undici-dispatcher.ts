/**
 * An undici `Dispatcher` that answers in-process with the fake: no socket,
 * no port, the same core as every other adapter. A `FakeServer` is served
 * through its internal request/reply form; any other handler gets WHATWG
 * `Request`s.
 * @module
 */
import type { IncomingHttpHeaders } from "node:http";
import type * as Undici from "undici";
import type { Dispatcher } from "undici";
import { readCapped, streamChunks } from "../http/body.js";
import { HeadersIncoming, incomingHandlerOf, isForbiddenMethod, type BodySource, type IncomingHandler, type RootedFetchHandler } from "../http/incoming.js";
import { DROP_CONNECTION, bodyLength, hasNoBody, type HeaderList } from "../http/reply.js";
import { responseBytes } from "./response-bytes.js";
import { nodePackage } from "../text/node-only.js";

/** Anything with the fake's request handler and resolved base URL. */
export type DispatcherTarget = RootedFetchHandler;

type DispatchOptions = Dispatcher.DispatchOptions;
type DispatchHandler = Dispatcher.DispatchHandler;
type DispatchController = Dispatcher.DispatchController;

/** The callbacks of one dispatch, whichever handler API the caller speaks. */
interface Sink {
  start(controller: DispatchController): void;
  response(controller: DispatchController, status: number, headers: HeaderList, statusText: string): void;
  data(controller: DispatchController, chunk: Buffer): void;
  end(controller: DispatchController): void;
  error(controller: DispatchController, error: Error): void;
}

// What a `Request` accepts as a method (fetch: a token, not CONNECT, TRACE
// or TRACK), and the names it uppercases.
const METHOD_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

// undici loads with the first dispatcher, not with the fake (it takes a
// noticeable time to load, which a test that never asks for a dispatcher
// should not pay). The base class is bound then: constructing through it
// builds undici's own `Dispatcher` with the subclass's prototype, so that
// `instanceof`, `request()`, `compose()` and the events all work.
let undici: typeof Undici | undefined;
function loadUndici(): typeof Undici {
  if (undici === undefined) {
    keepNodeFetchDispatcher();
    undici = nodePackage<typeof Undici>("undici", "dispatcher()");
    Object.setPrototypeOf(LateDispatcher.prototype, undici.Dispatcher.prototype);
    Object.setPrototypeOf(LateDispatcher, undici.Dispatcher);
  }
  return undici;
}
// undici makes itself the dispatcher of Node's own fetch when it loads
// before that fetch was first used, and Node 20's fetch then refuses a
// request with a body ("invalid content-length header"): Node's fetch sets
// its own first (building a `Headers` loads it).
function keepNodeFetchDispatcher(): void {
  if ((globalThis as Record<symbol, unknown>)[Symbol.for("undici.globalDispatcher.1")] === undefined) new Headers();
}

const LateDispatcher = function LateDispatcher(): Dispatcher {
  return Reflect.construct(loadUndici().Dispatcher, [], new.target) as Dispatcher;
} as unknown as typeof Dispatcher;

/**
 * An undici `Dispatcher` serving every request with the fake in the
 * same process. Works with `undici.request(url, { dispatcher })`,
 * `undici.fetch(url, { dispatcher })`, `dispatcher.request({ path, method })`
 * (a missing origin means the fake's base URL) and any client that calls
 * `dispatch()` with undici 7's handler API or the legacy one.
 *
 * A dropped connection (an injected `drop` fault) fails the request with
 * undici's `SocketError` ("other side closed"), as a real server hanging up would.
 */
export class FakeDispatcher extends LateDispatcher {
  readonly #fake: DispatcherTarget;
  #closed = false;

  /** Serves requests with `fake`. */
  constructor(fake: DispatcherTarget) {
    super();
    this.#fake = fake;
  }

  /** Starts one request; the handler is called back asynchronously. Always returns `true` (never busy). */
  override dispatch(options: DispatchOptions, handler: DispatchHandler): boolean {
    const sink = toSink(handler);
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      sink.error(controller, error);
    };
    const controller = new InProcessController(fail);
    if (this.#closed) {
      queueMicrotask(() => fail(new (loadUndici().errors).ClientClosedError()));
      return true;
    }
    queueMicrotask(() => {
      this.#run(options, sink, controller).then(
        () => {
          settled = true;
        },
        (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
      );
    });
    return true;
  }

  /** Refuses further requests; requests in flight complete. */
  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.#closed = true;
    if (callback) {
      queueMicrotask(callback);
      return;
    }
    return Promise.resolve();
  }

  /** Same as {@link FakeDispatcher.close}: there is no socket to tear down. */
  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const callback = typeof first === "function" ? first : second;
    return callback ? this.close(callback) : this.close();
  }

  async #run(options: DispatchOptions, sink: Sink, controller: InProcessController): Promise<void> {
    sink.start(controller);
    if (controller.aborted) return;
    const direct = incomingHandlerOf(this.#fake);
    if (direct) return this.#runDirect(direct, options, sink, controller);
    const request = await toRequest(options, this.#fake.options.baseUrl);
    if (controller.aborted) return;
    const response = await this.#fake.handle(request);
    if (controller.aborted) return;
    if (response.type === "error") throw new (loadUndici().errors).SocketError("other side closed");
    const body = await responseBytes(response);
    if (controller.aborted) return;
    const headers: string[] = [];
    response.headers.forEach((value, name) => headers.push(name, value));
    this.#deliver(sink, controller, request.method, response.status, headers, body, response.statusText);
  }

  // The same exchange without WHATWG objects: the request is checked as a
  // `Request` would check it, and the reply's bytes are copied once, so
  // that a handler writing to its chunk cannot change the fake's cached answers.
  async #runDirect(handler: IncomingHandler, options: DispatchOptions, sink: Sink, controller: InProcessController): Promise<void> {
    const incoming = await toIncoming(options, this.#fake.options.baseUrl, () => controller.gone());
    if (controller.aborted) return;
    const outcome = await handler(incoming);
    if (controller.aborted) return;
    if (outcome === DROP_CONNECTION) throw new (loadUndici().errors).SocketError("other side closed");
    const reply = outcome.body;
    const body = reply === null ? null : typeof reply === "string" ? Buffer.from(reply) : Buffer.from(reply);
    this.#deliver(sink, controller, incoming.method, outcome.status, [...outcome.headers], body, "");
  }

  // Headers (with `content-length` where a `Headers` would sort it), then the body.
  #deliver(
    sink: Sink,
    controller: InProcessController,
    method: string,
    status: number,
    headers: string[],
    body: Buffer | null,
    statusText: string,
  ): void {
    if (!hasNoBody(status) && !headers.some((name, i) => i % 2 === 0 && name === "content-length")) {
      let at = 0;
      while (at < headers.length && (headers[at] as string) < "content-length") at += 2;
      headers.splice(at, 0, "content-length", String(bodyLength(body)));
    }
    sink.response(controller, status, headers, statusText);
    if (controller.aborted) return;
    if (body && body.byteLength > 0 && method !== "HEAD") sink.data(controller, body);
    if (controller.aborted) return;
    sink.end(controller);
  }
}

/**
 * An undici `Dispatcher` that serves requests with the fake in-process (a
 * `FakeServer` through its internal request form, anything else through `fake.handle()`).
 *
 * Guides: [testing with the fake server](../../../../docs/testing.md).
 *
 * @example
 * ```ts
 * const dispatcher = createDispatcher(new FakeServer());
 * const { statusCode } = await request("http://localhost:8000/api/v3/status/", { dispatcher });
 * ```
 */
export function createDispatcher(fake: DispatcherTarget): Dispatcher {
  return new FakeDispatcher(fake);
}

class InProcessController implements DispatchController {
  #aborted = false;
  #paused = false;
  #reason: Error | null = null;
  readonly #onAbort: (reason: Error) => void;
  // Made only when a delayed answer asks whether the caller gave up.
  #gone: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(onAbort: (reason: Error) => void) {
    this.#onAbort = onAbort;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#gone?.resolve();
    this.#onAbort(reason);
  }

  /** Settles when the caller aborts the request (at once if it has). */
  gone(): Promise<void> {
    if (!this.#gone) {
      let resolve = (): void => undefined;
      const promise = new Promise<void>((settle) => (resolve = settle));
      if (this.#aborted) resolve();
      this.#gone = { promise, resolve };
    }
    return this.#gone.promise;
  }

  // The whole body is already in memory and handed over in one chunk, so
  // back-pressure has nothing to hold back; the flag is kept for handlers that read it.
  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
  }
}

function toSink(handler: DispatchHandler): Sink {
  if (typeof handler.onRequestStart === "function" || typeof handler.onResponseStart === "function") {
    return {
      start: (controller) => handler.onRequestStart?.(controller, {}),
      response: (controller, status, headers, statusText) =>
        handler.onResponseStart?.(controller, status, headerObject(headers), statusText),
      data: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      end: (controller) => handler.onResponseEnd?.(controller, {}),
      error: (controller, error) => handler.onResponseError?.(controller, error),
    };
  }
  return {
    start: (controller) => handler.onConnect?.((reason) => controller.abort(reason ?? new (loadUndici().errors).RequestAbortedError())),
    response: (controller, status, headers, statusText) => {
      handler.onResponseStarted?.();
      const resume = (): void => controller.resume();
      if (handler.onHeaders?.(status, rawHeaders(headers), resume, statusText) === false) controller.pause();
    },
    data: (controller, chunk) => {
      if (handler.onData?.(chunk) === false) controller.pause();
    },
    end: () => handler.onComplete?.([]),
    error: (_controller, error) => handler.onError?.(error),
  };
}

function headerObject(headers: HeaderList): IncomingHttpHeaders {
  const result: Record<string, string | string[]> = {};
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i] as string;
    const value = headers[i + 1] as string;
    const previous = result[name];
    if (previous === undefined) result[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else result[name] = [previous, value];
  }
  return result;
}

function rawHeaders(headers: HeaderList): Buffer[] {
  return headers.map((text) => Buffer.from(text, "latin1"));
}

// undici's error for a request it refuses to make, with the reason's message.
function invalidArgument(reason: unknown): Error {
  return new (loadUndici().errors).InvalidArgumentError(reason instanceof Error ? reason.message : String(reason));
}

/** The method as a `Request` would hold it; what a `Request` refuses throws `InvalidArgumentError`. */
function requestMethod(method: string): string {
  if (!METHOD_TOKEN.test(method)) throw invalidArgument(`'${method}' is not a valid HTTP method.`);
  const upper = method.toUpperCase();
  if (isForbiddenMethod(upper)) throw invalidArgument(`'${method}' HTTP method is unsupported.`);
  return NORMALIZED_METHODS.has(upper) ? upper : method;
}

/** What {@link toRequest} builds, in the fake's internal form. */
async function toIncoming(options: DispatchOptions, defaultOrigin: string, gone: () => Promise<void>): Promise<HeadersIncoming> {
  const target = requestUrl(options, defaultOrigin);
  const headers = toHeaders(options.headers);
  let body: BodySource = null;
  if (options.method !== "GET" && options.method !== "HEAD" && options.body != null) {
    const source = await bodySource(options.body);
    body = source.body;
    if (source.contentType && !headers.has("content-type")) headers.set("content-type", source.contentType);
  }
  // The checks of the `Request` constructor, in its order.
  let url: URL;
  try {
    url = new URL(target);
  } catch (error) {
    throw invalidArgument(error);
  }
  if (url.username !== "" || url.password !== "") {
    throw invalidArgument("Request cannot be constructed from a URL that includes credentials");
  }
  const method = requestMethod(options.method);
  if ((method === "GET" || method === "HEAD") && (await hasBytes(body))) {
    throw invalidArgument("Request with GET/HEAD method cannot have body.");
  }
  return new HeadersIncoming(method, url.pathname, url.search, headers, body, gone);
}

// Whether a body has any byte; a stream is read up to its first one.
async function hasBytes(body: BodySource): Promise<boolean> {
  if (body === null) return false;
  if (body instanceof Uint8Array) return body.byteLength > 0;
  return (await readCapped(body, 0, "refuse")).length > 0;
}

async function toRequest(options: DispatchOptions, defaultOrigin: string): Promise<Request> {
  const url = requestUrl(options, defaultOrigin);
  const headers = toHeaders(options.headers);
  const method = options.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (method !== "GET" && method !== "HEAD" && options.body != null) {
    const { body, contentType } = await bodySource(options.body);
    // Every body source above yields plain (non-shared) ArrayBuffers.
    if (body instanceof Uint8Array) {
      if (body.byteLength > 0) init.body = body as Uint8Array<ArrayBuffer>;
    } else if (body !== null) {
      init.body = toStream(body);
      init.duplex = "half";
    }
    if (contentType && !headers.has("content-type")) headers.set("content-type", contentType);
  }
  try {
    return new Request(url, init);
  } catch (error) {
    throw invalidArgument(error);
  }
}

function requestUrl(options: DispatchOptions, defaultOrigin: string): string {
  const path = options.path;
  let url: string;
  if (path.startsWith("/")) url = new URL(String(options.origin ?? defaultOrigin)).origin + path;
  else if (/^https?:\/\//i.test(path)) url = path;
  else throw invalidArgument("path must be an absolute URL or start with a slash");
  if (options.query) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item != null) search.append(name, String(item));
      }
    }
    const query = search.toString();
    if (query) url += (url.includes("?") ? "&" : "?") + query;
  }
  return url;
}

function headerText(value: unknown): string {
  return Buffer.isBuffer(value) ? value.toString("latin1") : String(value);
}

function toHeaders(input: Dispatcher.DispatchOptions["headers"]): Headers {
  const headers = new Headers();
  const add = (name: unknown, value: unknown): void => {
    if (value == null) return;
    if (Array.isArray(value)) for (const item of value) headers.append(headerText(name), headerText(item));
    else headers.append(headerText(name), headerText(value));
  };
  try {
    if (input == null) return headers;
    if (Array.isArray(input) && (input.length === 0 || !Array.isArray(input[0]))) {
      // The flat form undici also accepts: [name, value, name, value, ...].
      for (let i = 0; i + 1 < input.length; i += 2) add(input[i], input[i + 1]);
    } else if (Symbol.iterator in input) {
      for (const [name, value] of input as Iterable<[string, string | string[] | undefined]>) add(name, value);
    } else {
      for (const [name, value] of Object.entries(input)) add(name, value);
    }
  } catch (error) {
    throw invalidArgument(error);
  }
  return headers;
}

/**
 * A dispatch body as bytes (what is already in memory) or a stream of
 * chunks read only as far as the fake reads it.
 */
async function bodySource(body: unknown): Promise<{ body: BodySource; contentType?: string | undefined }> {
  if (typeof body === "string") return { body: Buffer.from(body) };
  if (body instanceof Uint8Array) return { body };
  if (ArrayBuffer.isView(body)) return { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof ArrayBuffer) return { body: new Uint8Array(body) };
  if (body instanceof URLSearchParams || body instanceof Blob || body instanceof FormData || body instanceof loadUndici().FormData) {
    // Let the fetch body rules of the class's own implementation serialize it
    // (and pick the multipart boundary).
    const serialized =
      body instanceof FormData ? new Response(body) : new (loadUndici().Response)(body as ConstructorParameters<typeof Undici.Response>[0]);
    const stream = serialized.body as ReadableStream<Uint8Array> | null;
    return { body: stream && streamChunks(stream), contentType: serialized.headers.get("content-type") ?? undefined };
  }
  if (typeof body === "object" && body !== null && (Symbol.asyncIterator in body || Symbol.iterator in body)) {
    return { body: bytesOf(body as AsyncIterable<unknown>) };
  }
  throw invalidArgument("body must be a string, a Buffer, a Uint8Array, an iterable or a stream");
}

async function* bytesOf(chunks: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
}

function toStream(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value as Uint8Array<ArrayBuffer>);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
