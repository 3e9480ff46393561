/**
 * Mock Service Worker (msw 2) request handlers that answer with the fake.
 * @module
 */
import type { HttpHandler, http } from "msw";
import { incomingHandlerOf, RequestIncoming, type RootedFetchHandler } from "../http/incoming.js";
import { DROP_CONNECTION, toResponse } from "../http/reply.js";
import { hasNode, nodePackage } from "../text/node-only.js";

/** The part of msw the handlers are built with. */
export interface MswHttp {
  http: typeof http;
}

let msw: MswHttp | undefined;

/**
 * Hands the adapter msw, where it cannot load it when first needed: a
 * bundle for the browser or a worker imports msw itself and passes it here.
 * In Node, msw loads on the first {@link mswHandlers} call, so that
 * importing the fake does not pay for it.
 */
export function provideMsw(module: MswHttp): void {
  msw = module;
}

/** Options of {@link mswHandlers}. */
export interface MswHandlersOptions {
  /**
   * The site root your code talks to, e.g. `https://healthchecks.example.com`
   * or `https://example.com/hc`. Default: the fake's own `options.baseUrl`.
   */
  baseUrl?: string;
}

/** Anything with the fake's request handler and resolved base URL. */
export type MswTarget = RootedFetchHandler;

interface Root {
  origin: string;
  /** Path of the root without a trailing slash (`""` for a bare origin). */
  path: string;
}

/**
 * msw 2 handlers that route every request under `baseUrl` to the fake (a
 * `FakeServer` through its internal request form, anything else through
 * `fake.handle()`).
 *
 * Guides: [testing with the fake server](../../../../docs/testing.md).
 *
 * The request URL is rewritten onto the fake's own base URL, so a fake built
 * with the default `http://localhost:8000` serves code configured for any
 * host and sub-path. Requests to other origins, or outside the base path, are
 * not matched and go wherever msw's `onUnhandledRequest` sends them. A
 * dropped connection (an injected `drop` fault) becomes a network error.
 *
 * @example
 * ```ts
 * const fake = new FakeServer();
 * const server = setupServer(...mswHandlers(fake, { baseUrl: "https://hc.example.com" }));
 * server.listen({ onUnhandledRequest: "bypass" });
 * ```
 */
export function mswHandlers(fake: MswTarget, options: MswHandlersOptions = {}): HttpHandler[] {
  const served = root(options.baseUrl ?? fake.options.baseUrl);
  const own = root(fake.options.baseUrl);

  msw ??= loadMsw();
  const handler = msw.http.all(
    ({ request }) => relativePath(served, new URL(request.url)) !== undefined,
    async ({ request }) => {
      const url = new URL(request.url);
      const rest = relativePath(served, url) ?? "/";
      const target = `${own.origin}${own.path}${rest}${url.search}`;
      const direct = incomingHandlerOf(fake);
      if (direct) {
        // The fake's internal form: the body read from the request's own
        // stream as far as the fake reads it, the answer built once.
        const outcome = await direct(new RequestIncoming(request, new URL(target)));
        return outcome === DROP_CONNECTION ? Response.error() : toResponse(outcome);
      }
      const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers };
      if (request.body !== null && request.method !== "GET" && request.method !== "HEAD") {
        init.body = request.body;
        init.duplex = "half";
      }
      const response = await fake.handle(new Request(target, init));
      return response.type === "error" ? Response.error() : response;
    },
  );
  return [handler];
}

function loadMsw(): MswHttp {
  if (!hasNode()) {
    throw new Error(
      "handlers() needs msw, which loads by itself only in Node: in a browser or a worker, import @checks-api/fake-server by its name so that the bundler picks its browser entry, which brings msw",
    );
  }
  return nodePackage<MswHttp>("msw", "handlers()");
}

function root(baseUrl: string): Root {
  const url = new URL(baseUrl);
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, "") };
}

/** The path of `url` below `base` (starting with `/`), or `undefined` when `url` is not under it. */
function relativePath(base: Root, url: URL): string | undefined {
  if (url.origin !== base.origin) return undefined;
  const path = url.pathname;
  if (base.path === "") return path;
  if (path === base.path) return "/";
  return path.startsWith(`${base.path}/`) ? path.slice(base.path.length) : undefined;
}
