/**
 * A transport over any WHATWG `fetch`: browsers, Deno, Bun, Workers, Node's
 * global fetch, or an msw-intercepted fetch. No Node-only imports.
 * @module
 */
import { toTransportFailure, TransportFailure, type Transport } from "./types.js";

/** The subset of `fetch` the SDK uses. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A transport that sends requests with `fetchImpl` (default: the global
 * `fetch`, looked up on each call so that interceptors installed later work).
 */
export function fetchTransport(fetchImpl?: FetchLike): Transport {
  return async (request) => {
    const doFetch = fetchImpl ?? (globalThis.fetch as FetchLike | undefined);
    if (!doFetch) throw new TypeError("no fetch implementation available; pass one as `fetch`");
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
        signal: request.signal,
        // Following would send X-Api-Key wherever the answer points, and turn a POST into a GET.
        redirect: "manual",
      });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      throw toTransportFailure(error);
    }
    // A network error given as a response rather than a rejection (`Response.error()`,
    // what msw's and the fake server's `handle()` answer for a dropped connection).
    if (response.type === "error") throw new TransportFailure("connection lost", true);
    // A browser answers a redirect not followed with an opaque response: status 0, no headers.
    if (response.type === "opaqueredirect") return { status: 0, headers: response.headers, body: new Uint8Array() };
    try {
      return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      throw toTransportFailure(error);
    }
  };
}
