/**
 * Serves a fake over a real socket with `node:http`: each `IncomingMessage`
 * becomes a WHATWG `Request` for the fake's `handle()`, and the `Response`
 * goes back byte for byte.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeServer } from "../server.js";
import { normalizePeerAddress, PEER_ADDRESS_HEADER } from "./peer-address.js";
import { responseBytes } from "./response-bytes.js";

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
  /** Stops accepting connections and closes every open one, idle keep-alive sockets included. */
  close(): Promise<void>;
}

/** Anything with the fake's request handler. */
export type RequestHandlerTarget = Pick<FakeServer, "handle">;

// A Host header is used to rebuild the request URL only when it is a plain
// host[:port]; anything else (paths, credentials) could change what the fake routes.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const NO_BODY_STATUS = new Set([101, 103, 204, 304]);

/**
 * Starts a `node:http` server answering every request with `fake.handle()`.
 *
 * - The request URL is `http://` + the `Host` header (or the bound address)
 *   + the request target; all header lines are kept, repeated ones included;
 *   the body is passed as bytes (GET and HEAD bodies are dropped: a WHATWG
 *   `Request` cannot carry them, and the service ignores them).
 * - The socket peer address is put in the `x-checks-fake-peer` request header
 *   (`PEER_ADDRESS_HEADER`; a client-sent value is discarded), with IPv4-mapped
 *   IPv6 addresses written as plain IPv4. The fake uses it as a ping's source
 *   address when `X-Forwarded-For` is absent.
 * - A `Response.error()` (a fault injected with `drop: true`) destroys the
 *   socket without answering.
 * - Repeated response headers (e.g. several `Set-Cookie`) stay separate lines.
 *
 * @example
 * ```ts
 * const server = await listen(new FakeServer(), { port: 0 });
 * await fetch(`${server.url}/api/v3/status/`);
 * await server.close();
 * ```
 */
export function listen(fake: RequestHandlerTarget, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let fallbackOrigin = `http://${urlHost}`;

  const server = createServer((req, res) => {
    serveOne(fake, req, res, fallbackOrigin).catch(() => answerFailure(res));
  });

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

async function serveOne(
  fake: RequestHandlerTarget,
  req: IncomingMessage,
  res: ServerResponse,
  fallbackOrigin: string,
): Promise<void> {
  const body = await readBody(req);
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
  await writeResponse(res, response);
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const method = req.method;
  if (method === "GET" || method === "HEAD" || (req.headers["content-length"] === "0" && !req.headers["transfer-encoding"])) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function toRequest(req: IncomingMessage, body: Buffer | null, fallbackOrigin: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === PEER_ADDRESS_HEADER.length && name.toLowerCase() === PEER_ADDRESS_HEADER) continue;
    headers.append(name, raw[i + 1]!);
  }
  const peer = req.socket.remoteAddress;
  if (peer) headers.set(PEER_ADDRESS_HEADER, normalizePeerAddress(peer));

  const target = req.url ?? "/";
  const host = req.headers.host;
  const origin = host && PLAIN_HOST.test(host) ? `http://${host}` : fallbackOrigin;
  const url = target.startsWith("/") ? origin + target : target;
  const init: RequestInit = { method: req.method ?? "GET", headers };
  // Socket data always lands in plain (non-shared) ArrayBuffers.
  if (body) init.body = body as Uint8Array<ArrayBuffer>;
  return new Request(url, init);
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  if (response.type === "error") {
    res.socket?.destroy();
    return;
  }
  const body = await responseBytes(response);
  const head: string[] = [];
  let hasLength = false;
  // Headers iteration yields each Set-Cookie separately and joins other repeats, as HTTP allows.
  response.headers.forEach((value, name) => {
    if (name === "content-length") hasLength = true;
    head.push(name, value);
  });
  const status = response.status;
  if (!hasLength && !NO_BODY_STATUS.has(status)) head.push("content-length", String(body?.byteLength ?? 0));
  res.writeHead(status, response.statusText || undefined, head);
  res.end(body);
}

function answerFailure(res: ServerResponse): void {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  res.writeHead(500, { "content-length": "0" }).end();
}
