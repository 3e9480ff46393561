/**
 * A transport over a WHATWG `fetch` the test supplies (a plain function, an
 * msw-intercepted `fetch`…): no socket of the fake's own.
 * @module
 */
import { ANSWER_EXCERPT_BYTES, DeliveryError, transportErrorText, type Transport } from "./transport.js";

/** The `fetch` shape the fake calls: `(url, init) => Promise<Response>`. */
export type DeliveryFetch = (input: string, init: RequestInit) => Promise<Response>;

/** A {@link Transport} that hands each request to `fetch`, redirects not followed (the sender applies the service's rules). */
export function fetchTransport(fetch: DeliveryFetch): Transport {
  return async (request, signal) => {
    const headers = new Headers();
    for (const [name, value] of request.headers) headers.append(name, value);
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers,
        body: request.body === null ? null : new Uint8Array(request.body),
        redirect: "manual",
        signal,
      });
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
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ANSWER_EXCERPT_BYTES));
}
