/**
 * Serves a fake over a real socket with `node:http`. A `FakeServer` is served
 * through its internal request/reply form, straight from the
 * `IncomingMessage` to `writeHead()`/`end()`; any other handler gets each
 * request as a WHATWG `Request`, and its `Response` goes back byte for byte.
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as NodeHttp from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { BodyBytes, BodyOverflow } from "../http/body.js";
import { incomingHandlerOf, isForbiddenMethod, type FetchHandler, type Incoming, type IncomingHandler } from "../http/incoming.js";
import { DROP_CONNECTION, hasNoBody, wireHeaders, type Outcome } from "../http/reply.js";
import { normalizePeerAddress, PEER_ADDRESS_HEADER } from "../http/peer-address.js";
import { NodeBody } from "./node-body.js";
import { responseBytes } from "./response-bytes.js";
import { nodeBuiltin } from "../text/node-only.js";

/** Where {@link listen} binds. */
export interface ListenOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
}

/** A listening server, as {@link listen} returns it. */
export interface RunningServer {
  /** Root URL of the server, e.g. `http://127.0.0.1:51234` (no trailing slash). */
  url: string;
  /** The port actually bound (useful with port `0`). */
  port: number;
  /**
   * Stops accepting connections and closes every open one, idle keep-alive
   * sockets included; a request still waiting out an injected latency is
   * dropped and no longer keeps the process alive.
   */
  close(): Promise<void>;
}

/** Anything with the fake's request handler (a `FakeServer`, or any object with a `handle()` like it). */
export type RequestHandlerTarget = FetchHandler;

// A Host header is used to rebuild the request URL only when it is a plain
// host[:port]; anything else (paths, credentials) could change what the fake routes.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
// A request target that WHATWG URL parsing leaves as it is: no characters it
// would percent-encode, no `#`, no backslash; dot segments are checked apart.
const PLAIN_TARGET = /^\/[-A-Za-z0-9._~!$&'()*+,;=:@/%]*(?:\?[-A-Za-z0-9._~!$&()*+,;=:@/%?]*)?$/;
const DOT_SEGMENT = /\/\.|%2e/i;

/**
 * Starts a `node:http` server answering every request with the fake.
 *
 * Guides: [testing with the fake server](../../../../docs/testing.md), [the CLI](../../../../docs/cli.md).
 *
 * A `FakeServer` is served through its internal request/reply form: no
 * WHATWG `Request` or `Response` is built, and the answer goes out with one
 * `writeHead()` and `end()`. It sees each request exactly as `handle()`
 * would see the `Request` described below. Any other `{ handle }` gets that
 * `Request`:
 *
 * - The request URL is `http://` + the `Host` header (or the bound address)
 *   + the request target; all header lines are kept, repeated ones included;
 *   the body is passed as a stream read from the socket as the handler reads
 *   it (GET and HEAD bodies are dropped: a WHATWG `Request` cannot carry
 *   them, and the service ignores them). Cancelling that stream refuses the
 *   rest of the body: the answer then closes the connection.
 * - The socket peer address is put in the `x-checks-fake-peer` request header
 *   (`PEER_ADDRESS_HEADER`; a client-sent value is discarded), with IPv4-mapped
 *   IPv6 addresses written as plain IPv4. The fake uses it as a ping's source
 *   address when `X-Forwarded-For` is absent (a `FakeServer` served directly
 *   gets the same address without the header).
 * - `CONNECT`, `TRACE` and `TRACK` (methods a `Request` cannot carry) are
 *   answered `400` with an empty body; a `CONNECT` connection is then closed.
 * - A `Response.error()` (a fault injected with `drop: true`) destroys the
 *   socket without answering.
 * - Repeated response headers (e.g. several `Set-Cookie`) stay separate lines.
 * - Bodies are read off the socket only as far as the handler reads them
 *   (`100 Continue` goes out when it starts). A body refused at a limit is
 *   answered with `Connection: close`; what still arrives is read and
 *   dropped for at most 2 seconds, so that the client gets the answer rather
 *   than a reset, and the connection is closed. A body left unread is
 *   drained after the answer, keeping the connection usable.
 *
 * @example
 * ```ts
 * const server = await listen(new FakeServer(), { port: 0 });
 * await fetch(`${server.url}/api/v3/status/`);
 * await server.close();
 * ```
 */
export async function listen(fake: RequestHandlerTarget, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let fallbackOrigin = `http://${urlHost}`;

  const serve = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): void => {
    const body = new NodeBody(req, res, expectsContinue);
    const direct = incomingHandlerOf(fake);
    if (direct) answerDirect(direct, req, res, body, fallbackOrigin);
    else serveOne(fake, req, res, body, fallbackOrigin).catch(() => answerFailure(res));
  };
  const server = nodeBuiltin<typeof NodeHttp>("node:http", "listen()").createServer((req, res) => serve(req, res, false));
  // `100 Continue` goes out only when the fake starts reading the body, so
  // a body refused on its announced length is never sent.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => serve(req, res, true));
  // node:http hands CONNECT to this event, not to the request handler, and
  // without a listener it closes the socket unanswered; a `Request` cannot
  // carry CONNECT, so it is answered as TRACE and TRACK are.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => refuseTunnel(socket));

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      fallbackOrigin = `http://${urlHost}:${port}`;
      resolve({
        url: fallbackOrigin,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

// A request served through the fake's internal form. Everything up to the
// handler is synchronous, and so is writing the answer when the handler
// needs no waiting (no body to read, no injected latency).
function answerDirect(
  handler: IncomingHandler,
  req: IncomingMessage,
  res: ServerResponse,
  body: NodeBody,
  fallbackOrigin: string,
): void {
  try {
    const target = requestTarget(req, fallbackOrigin);
    if (!target) {
      res.writeHead(400, { "content-length": "0" }).end();
      return;
    }
    const outcome = handler(new NodeIncoming(req, res, target.pathname, target.search, body));
    if (outcome instanceof Promise) outcome.then((settled) => writeOutcome(res, settled, body)).catch(() => answerFailure(res));
    else writeOutcome(res, outcome, body);
  } catch {
    answerFailure(res);
  }
}

function writeOutcome(res: ServerResponse, outcome: Outcome, body: NodeBody): void {
  if (outcome === DROP_CONNECTION) {
    res.socket?.destroy();
    return;
  }
  const closing = body.closesConnection;
  const headers = wireHeaders(outcome) as string[];
  res.writeHead(outcome.status, closing ? [...headers, "connection", "close"] : headers);
  res.end(outcome.body ?? undefined);
  body.release(closing);
}

/**
 * Path and query as a WHATWG `Request` built from `req` would show them, or
 * `undefined` for what such a `Request` refuses (a forbidden method, a
 * target that is no URL, credentials in an absolute target).
 */
function requestTarget(req: IncomingMessage, fallbackOrigin: string): { pathname: string; search: string } | undefined {
  if (isForbiddenMethod(req.method ?? "GET")) return undefined;
  const target = req.url ?? "/";
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) {
    const query = target.indexOf("?");
    if (query < 0) return { pathname: target, search: "" };
    return { pathname: target.slice(0, query), search: query === target.length - 1 ? "" : target.slice(query) };
  }
  let url: URL;
  try {
    url = new URL(target.startsWith("/") ? fallbackOrigin + target : target);
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "") return undefined;
  return { pathname: url.pathname, search: url.search };
}

/**
 * An `IncomingMessage` as the fake's core reads it: header values joined as
 * `Headers.get()` joins repeated lines, the body already read (as the
 * `Request` path always did), the socket peer directly.
 */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #body: NodeBody;

  constructor(
    req: IncomingMessage,
    res: ServerResponse,
    readonly pathname: string,
    readonly search: string,
    body: NodeBody,
  ) {
    this.#req = req;
    this.#res = res;
    this.method = req.method ?? "GET";
    this.#body = body;
  }

  header(name: string): string | null {
    const raw = this.#req.rawHeaders;
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      if (isHeaderName(raw[i] as string, name)) {
        value = value === null ? (raw[i + 1] as string) : `${value}, ${raw[i + 1] as string}`;
      }
    }
    return value;
  }

  get hasBody(): boolean {
    return this.#body.present;
  }

  body(cap: number | null, overflow: BodyOverflow = "refuse"): Promise<BodyBytes> {
    return this.#body.read(cap, overflow);
  }

  get peer(): string | undefined {
    const address = this.#req.socket.remoteAddress;
    return address ? normalizePeerAddress(address) : undefined;
  }

  // The answer closes without having been written: the connection is gone.
  gone(): Promise<void> {
    const res = this.#res;
    if (res.destroyed || res.socket?.destroyed !== false) return Promise.resolve();
    return new Promise((resolve) => res.once("close", resolve));
  }
}

// Whether header line name `line` is `name` (in lowercase) in any case,
// compared in place: lowering each line would allocate a string per line
// and lookup, on every request.
function isHeaderName(line: string, name: string): boolean {
  if (line.length !== name.length) return false;
  for (let i = 0; i < name.length; i++) {
    const code = line.charCodeAt(i);
    if ((code >= 65 && code <= 90 ? code + 32 : code) !== name.charCodeAt(i)) return false;
  }
  return true;
}

async function serveOne(
  fake: RequestHandlerTarget,
  req: IncomingMessage,
  res: ServerResponse,
  body: NodeBody,
  fallbackOrigin: string,
): Promise<void> {
  let request: Request;
  try {
    request = toRequest(req, body, fallbackOrigin);
  } catch {
    // Only requests the WHATWG model cannot express land here (e.g. a TRACE
    // method or an `OPTIONS *` target): the fake never sees them.
    res.writeHead(400, { "content-length": "0" }).end();
    return;
  }
  const response = await fake.handle(request);
  await writeResponse(res, response, body);
}

function toRequest(req: IncomingMessage, body: NodeBody, fallbackOrigin: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (isHeaderName(name, PEER_ADDRESS_HEADER)) continue;
    headers.append(name, raw[i + 1]!);
  }
  const peer = req.socket.remoteAddress;
  if (peer) headers.set(PEER_ADDRESS_HEADER, normalizePeerAddress(peer));

  const target = req.url ?? "/";
  const host = req.headers.host;
  const origin = host && PLAIN_HOST.test(host) ? `http://${host}` : fallbackOrigin;
  const url = target.startsWith("/") ? origin + target : target;
  const init: RequestInit & { duplex?: "half" } = { method: req.method ?? "GET", headers };
  if (body.present) {
    init.body = body.stream();
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function writeResponse(res: ServerResponse, response: Response, body: NodeBody): Promise<void> {
  if (response.type === "error") {
    res.socket?.destroy();
    return;
  }
  const bytes = await responseBytes(response);
  const head: string[] = [];
  let hasLength = false;
  // Headers iteration yields each Set-Cookie separately and joins other repeats, as HTTP allows.
  response.headers.forEach((value, name) => {
    if (name === "content-length") hasLength = true;
    head.push(name, value);
  });
  const status = response.status;
  if (!hasLength && !hasNoBody(status)) head.push("content-length", String(bytes?.byteLength ?? 0));
  const closing = body.closesConnection;
  if (closing) head.push("connection", "close");
  res.writeHead(status, response.statusText || undefined, head);
  res.end(bytes);
  body.release(closing);
}

// The empty 400 of a request a `Request` cannot carry, written on a socket
// node:http no longer parses (what the client sent after the head is ignored).
const TUNNEL_REFUSAL = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n";

function refuseTunnel(socket: Duplex): void {
  socket.on("error", () => socket.destroy());
  socket.end(`${TUNNEL_REFUSAL}Date: ${new Date().toUTCString()}\r\n\r\n`);
}

function answerFailure(res: ServerResponse): void {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  res.writeHead(500, { "content-length": "0" }).end();
}
