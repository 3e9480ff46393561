/**
 * Reading request bodies: bounded reads, and the management API's JSON
 * parsing with the live parser's rules (spec: api.md §3.1).
 * @module
 */
import { ERROR_MESSAGES } from "@checks-api/schema";

/** Bytes read from a body, and whether more was sent than was kept. */
export interface BodyBytes {
  /** The first bytes of the body, at most the cap. */
  bytes: Uint8Array;
  /** True when the body was longer than the cap. */
  truncated: boolean;
}

const EMPTY = new Uint8Array(0);

/**
 * Reads at most `cap` bytes of the body (all of it when `cap` is `null`) and
 * stops reading there, so a huge body never sits in memory.
 */
export async function readBody(request: Request, cap: number | null): Promise<BodyBytes> {
  const stream = request.body;
  if (stream === null) return { bytes: EMPTY, truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (cap !== null && size + value.byteLength > cap) {
      chunks.push(value.subarray(0, cap - size));
      size = cap;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  if (chunks.length === 1) return { bytes: chunks[0] as Uint8Array, truncated };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** A parsed management body, or the 400 message. */
export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

// Python's json module also reads NaN, Infinity and -Infinity; JSON.parse
// does not, so they are swapped for marker strings and revived as numbers.
const NON_FINITE = /"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g;
const MARKERS: Record<string, number> = {
  "\u0000NaN": Number.NaN,
  "\u0000Infinity": Number.POSITIVE_INFINITY,
  "\u0000-Infinity": Number.NEGATIVE_INFINITY,
};

function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!text.includes("NaN") && !text.includes("Infinity")) throw error;
  }
  const marked = text.replace(NON_FINITE, (token) => (token.startsWith('"') ? token : JSON.stringify(`\u0000${token}`)));
  return JSON.parse(marked, (_key, value: unknown) =>
    typeof value === "string" && Object.hasOwn(MARKERS, value) ? MARKERS[value] : value,
  );
}

/**
 * Parses a POST body as the service does: strict UTF-8 (a byte-order mark is
 * an error), JSON with Python's extensions, and it must be an object. An
 * empty body counts as `{}`.
 */
export function parseJsonBody(bytes: Uint8Array): JsonBody {
  if (bytes.byteLength === 0) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = parsePythonJson(STRICT_UTF8.decode(bytes));
  } catch {
    return { ok: false, error: ERROR_MESSAGES.couldNotParseBody };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: ERROR_MESSAGES.notAnObject };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
