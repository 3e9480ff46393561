/**
 * A transport over any WHATWG `fetch`: browsers, Deno, Bun, Workers, Node's
 * global fetch, or an msw-intercepted fetch. No Node-only imports.
 * @module
 */
import { announcesMoreThan, ResponseTooLargeFailure, toTransportFailure, TransportFailure, type Transport } from "./types.js";

/**
 * The subset of `fetch` the SDK uses.
 * @category Clients
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * The body, read chunk by chunk so that no more than `limit` bytes are ever
 * held: past it the stream is cancelled, which ends the connection. The
 * bytes counted are those fetch hands over, after it decoded a compressed body.
 */
async function readBody(response: Response, limit: number | undefined): Promise<Uint8Array> {
  const stream = response.body;
  if (stream === null) return new Uint8Array();
  const tooLarge = () => {
    void stream.cancel().catch(() => undefined);
    return new ResponseTooLargeFailure(response.status, limit as number);
  };
  if (announcesMoreThan(response.headers.get("content-length"), limit)) throw tooLarge();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (limit !== undefined && size > limit) {
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A transport that sends requests with `fetchImpl` (default: the global
 * `fetch`, looked up on each call so that interceptors installed later work).
 * It asks `fetch` not to follow redirects and reads at most the request's
 * `maxResponseBytes`.
 * @category Clients
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
      return { status: response.status, headers: response.headers, body: await readBody(response, request.maxResponseBytes) };
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      if (error instanceof ResponseTooLargeFailure) throw error;
      throw toTransportFailure(error);
    }
  };
}
