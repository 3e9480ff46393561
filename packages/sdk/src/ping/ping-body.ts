/**
 * Ping bodies: the service keeps only the first `Ping-Body-Limit` bytes, so
 * the SDK sends the tail instead (the end of a log is what explains a failure).
 * @module
 */

const encoder = new TextEncoder();

/** A body ready to send. */
export interface PreparedBody {
  /** The bytes to send. */
  bytes: Uint8Array;
  /** True when the start of the body was cut off to fit the limit. */
  trimmed: boolean;
}

/** The bytes a typed array or `DataView` looks at, as a `Uint8Array` (no copy). */
export function bytesOf(view: ArrayBufferView): Uint8Array {
  return view instanceof Uint8Array ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** True for what a ping body may be: text, or the bytes of a typed array or `DataView`. */
export function isPingBody(body: unknown): body is string | ArrayBufferView {
  return typeof body === "string" || ArrayBuffer.isView(body);
}

/**
 * Encodes `body` (UTF-8 for text) and, when it is longer than `limit` bytes,
 * keeps its last `limit` bytes. Text is cut at a character boundary, so the
 * result may be a few bytes shorter than the limit but is valid UTF-8.
 */
export function prepareBody(body: string | ArrayBufferView, limit: number | undefined): PreparedBody {
  const bytes = typeof body === "string" ? encoder.encode(body) : bytesOf(body);
  if (limit === undefined || bytes.length <= limit) return { bytes, trimmed: false };
  let start = bytes.length - limit;
  if (typeof body === "string") {
    // Skip UTF-8 continuation bytes (10xxxxxx) so the tail starts on a character.
    while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
  }
  return { bytes: bytes.subarray(start), trimmed: true };
}

/**
 * Reads a `Ping-Body-Limit` header: `"unlimited"` when absent (the service
 * then keeps whole bodies), the limit when it is a plain decimal integer as
 * the service writes it, and `undefined` for anything else (`1e4`, `-5`, two
 * values joined by a comma), which announces nothing.
 */
export function parseBodyLimit(value: string | null): number | "unlimited" | undefined {
  if (value === null) return "unlimited";
  const limit = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(limit) ? limit : undefined;
}
