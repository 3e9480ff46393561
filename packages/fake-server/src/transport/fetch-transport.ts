/**
 * A transport over a WHATWG `fetch` the test supplies (a plain function, an
 * msw-intercepted `fetch`…): no socket of the fake's own. Each request is
 * handed over as a real `Request`, so the function reads it as any fetch
 * handler does (`await request.text()`, `request.headers.get(…)`).
 * @module
 */
import { concatBytes, utf8Text } from "../text/bytes.js";
import { curlHref } from "../text/curl-url.js";
import { ANSWER_EXCERPT_BYTES, DeliveryError, transportErrorText, type Transport, type WireRequest } from "./transport.js";

/**
 * The `fetch` the fake calls for each HTTP delivery: it receives a
 * `Request` (method, URL, headers, body, `redirect: "manual"`, and the
 * `signal` that ends the attempt) and answers with a `Response`. Any
 * `fetch`-compatible function fits, `globalThis.fetch` included.
 */
export type DeliveryFetch = (request: Request) => Promise<Response>;

/** Headers that frame a request on a socket: a `fetch` implementation sets its own. */
const FRAMING = new Set(["host", "content-length", "transfer-encoding", "connection", "expect", "keep-alive"]);

/**
 * The request as a WHATWG `Request`. What `Request` cannot hold differs
 * from the wire: header names are lower-cased, headers that differ only in
 * case are joined with `, `, and the URL is re-encoded the WHATWG way.
 */
export function deliveryRequest(request: WireRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const { name, value } of request.headers) if (!FRAMING.has(name.toLowerCase())) headers.append(name, value);
  return new Request(curlHref(request.url), {
    method: request.method,
    headers,
    body: request.body === null ? null : new Uint8Array(request.body),
    redirect: "manual",
    signal,
  });
}

/** A {@link Transport} that hands each request to `fetch`, redirects not followed (the sender applies the service's rules). */
export function fetchTransport(fetch: DeliveryFetch): Transport {
  return async (request, signal) => {
    let response: Response;
    try {
      response = await fetch(deliveryRequest(request, signal));
    } catch (problem) {
      throw new DeliveryError(transportErrorText(errorCode(problem)));
    }
    return { status: response.status, location: response.headers.get("location"), bodyText: await excerpt(response) };
  };
}

function errorCode(problem: unknown): string | undefined {
  const cause = (problem as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (problem as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// Reads at most ANSWER_EXCERPT_BYTES of the answer, then lets go of the rest.
async function excerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that breaks off leaves what was read: the status already decided the outcome.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return utf8Text(concatBytes(chunks).subarray(0, ANSWER_EXCERPT_BYTES));
}
