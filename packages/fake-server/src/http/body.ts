/**
 * Reading request bodies: bounded reads, and the management API's JSON
 * parsing with the live parser's rules (`docs/reference.md#request-bodies`).
 * @module
 */
import { ERROR_MESSAGES } from "@checks-api/schema/lite";

/** Bytes read from a body, and whether more was sent than was kept. */
export interface BodyBytes {
  /** The first bytes of the body, at most the cap (for a refused body, possibly fewer). */
  bytes: Uint8Array;
  /** True when the body was longer than the cap. */
  truncated: boolean;
  /**
   * The body's length in bytes: all of it when it was read or drained to
   * its end; for a refused body, the declared `Content-Length` or, without
   * one, the bytes received before the refusal.
   */
  length: number;
}

/**
 * What becomes of the bytes beyond the cap: `drain` reads them to the end
 * and drops them (a connection stays usable); `refuse` stops reading, and
 * the node:http adapter closes the connection after the answer;
 * `{ refuseAfter }` drains them until the body passes `refuseAfter` bytes
 * in all, and refuses it from there (the framework's upload limit over a
 * smaller kept part, as for ping bodies).
 */
export type BodyOverflow = "drain" | "refuse" | { readonly refuseAfter: number };

/** The body length past which `overflow` refuses the rest, or `null` when it never does. */
export function refusalLimit(cap: number | null, overflow: BodyOverflow): number | null {
  if (overflow === "drain") return null;
  if (overflow === "refuse") return cap;
  return overflow.refuseAfter;
}

/** The body ended before its end: the client went away or its stream failed. */
export class BodyAbortedError extends Error {
  constructor() {
    super("the request body ended before its end");
    this.name = "BodyAbortedError";
  }
}

const EMPTY = new Uint8Array(0);

/** No body at all. */
export const EMPTY_BODY: BodyBytes = Object.freeze({ bytes: EMPTY, truncated: false, length: 0 });

/** Keeps the first `cap` bytes of a body arriving in chunks, and counts them all. */
export class BodyCollector {
  readonly #cap: number | null;
  readonly #chunks: Uint8Array[] = [];
  #kept = 0;
  #seen = 0;

  /** Keeps at most `cap` bytes (all of them when `cap` is `null`). */
  constructor(cap: number | null) {
    this.#cap = cap;
  }

  /** Adds a chunk; returns false once the body has passed the cap. */
  add(chunk: Uint8Array): boolean {
    this.#seen += chunk.byteLength;
    const room = this.#cap === null ? chunk.byteLength : this.#cap - this.#kept;
    if (room <= 0) return chunk.byteLength === 0;
    const taken = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
    if (taken.byteLength > 0) this.#chunks.push(taken);
    this.#kept += taken.byteLength;
    return taken === chunk;
  }

  /** The bytes seen so far, kept or not. */
  get seen(): number {
    return this.#seen;
  }

  /** The bytes kept; `length` defaults to the bytes seen. */
  result(length: number = this.#seen): BodyBytes {
    const truncated = this.#seen > this.#kept;
    if (this.#chunks.length <= 1) return { bytes: this.#chunks[0] ?? EMPTY, truncated, length };
    const bytes = new Uint8Array(this.#kept);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { bytes, truncated, length };
  }
}

/**
 * Reads at most `cap` bytes of a body arriving in chunks (all of it when
 * `cap` is `null`); past the cap, drains the rest or stops reading (which
 * ends the iteration, cancelling a stream), as `overflow` says.
 * @throws BodyAbortedError when the chunks fail.
 */
export async function readCapped(
  chunks: AsyncIterable<Uint8Array>,
  cap: number | null,
  overflow: BodyOverflow,
): Promise<BodyBytes> {
  const collector = new BodyCollector(cap);
  const limit = refusalLimit(cap, overflow);
  try {
    for await (const chunk of chunks) {
      collector.add(chunk);
      if (limit !== null && collector.seen > limit) break;
    }
  } catch {
    throw new BodyAbortedError();
  }
  return collector.result();
}

/** The chunks of a stream; leaving the loop early (or failing) cancels it. */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Reads a `Request`'s body as {@link readCapped} does. */
export function readBody(request: Request, cap: number | null, overflow: BodyOverflow): Promise<BodyBytes> {
  const stream = request.body;
  if (stream === null) return Promise.resolve(EMPTY_BODY);
  return readCapped(streamChunks(stream), cap, overflow);
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

// Python reads no integer of more than 4300 digits (`sys.int_info.default_max_str_digits`):
// its json module then fails with a ValueError, as for any malformed text.
const PY_INT_MAX_DIGITS = 4300;
const LONG_DIGIT_RUN = new RegExp(`\\d{${PY_INT_MAX_DIGITS + 1}}`);
// The strings (skipped) and number tokens of a JSON text; groups 1 and 2 mark a fraction or an exponent.
const JSON_NUMBERS = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(\.\d+)?([eE][-+]?\d+)?/g;

/** Whether a JSON text holds an integer literal too long for Python to read. */
function hasOverlongInteger(text: string): boolean {
  // A digit run that long is rare: only then are the tokens told apart.
  if (!LONG_DIGIT_RUN.test(text)) return false;
  for (const [token, fraction, exponent] of text.matchAll(JSON_NUMBERS)) {
    if (token.startsWith('"') || fraction !== undefined || exponent !== undefined) continue;
    if (token.length - (token.startsWith("-") ? 1 : 0) > PY_INT_MAX_DIGITS) return true;
  }
  return false;
}

/**
 * Parses a POST body as the service does: strict UTF-8 (a byte-order mark is
 * an error), JSON with Python's extensions and limits (no integer of more
 * than 4300 digits), and it must be an object. An empty body counts as `{}`.
 */
export function parseJsonBody(bytes: Uint8Array): JsonBody {
  if (bytes.byteLength === 0) return { ok: true, value: {} };
  let value: unknown;
  try {
    const text = STRICT_UTF8.decode(bytes);
    value = parsePythonJson(text);
    if (hasOverlongInteger(text)) return { ok: false, error: ERROR_MESSAGES.couldNotParseBody };
  } catch {
    return { ok: false, error: ERROR_MESSAGES.couldNotParseBody };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: ERROR_MESSAGES.notAnObject };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
