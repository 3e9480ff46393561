/**
 * Bytes without Node's `Buffer`: the encodings the fake writes (UTF-8,
 * Latin-1, base64) on `Uint8Array`, so that the core runs in browsers and
 * workers as it does in Node.
 * @module
 */

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder();

/** The UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD). */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return UTF8_ENCODER.encode(text);
}

/** `bytes` read as UTF-8 (invalid sequences become U+FFFD). */
export function utf8Text(bytes: Uint8Array): string {
  return UTF8_DECODER.decode(bytes);
}

// Outside ASCII, a UTF-16 unit takes more than one byte in UTF-8.
const NON_ASCII = /[^\0-\x7f]/;

/** How many bytes `text` takes in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  // The fake's JSON answers are ASCII: a native scan finds that, several times faster than the loop.
  const first = text.search(NON_ASCII);
  if (first < 0) return text.length;
  let length = text.length;
  for (let i = first; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) length += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 2;
      i++;
    } else length += 2;
  }
  return length;
}

/** The Latin-1 bytes of `text`: each UTF-16 unit's low byte. */
export function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  // Pure ASCII (the service's JSON always is) is one native pass.
  const { read, written } = UTF8_ENCODER.encodeInto(text, bytes);
  if (read === text.length && written === text.length) return bytes;
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** One array holding `chunks` in order. */
export function concatBytes(chunks: readonly Uint8Array[], total?: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total ?? chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_CODES = utf8Bytes(BASE64_ALPHABET);
/** Each ASCII code's 6-bit value in either base64 alphabet, -1 for other bytes. */
const BASE64_VALUES = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) BASE64_VALUES[BASE64_ALPHABET.charCodeAt(i)] = i;
BASE64_VALUES[0x2d] = 62; // "-"
BASE64_VALUES[0x5f] = 63; // "_"
const PAD = 0x3d; // "="

/**
 * Standard base64, padded. Written into bytes and read back by the native
 * decoder: ping bodies reach tens of MiB, and `btoa` wants a binary string
 * that costs more to build than the encoding itself.
 */
export function toBase64(bytes: Uint8Array): string {
  const length = bytes.byteLength;
  const out = new Uint8Array(Math.ceil(length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const word = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = BASE64_CODES[word >>> 18]!;
    out[o++] = BASE64_CODES[(word >>> 12) & 63]!;
    out[o++] = BASE64_CODES[(word >>> 6) & 63]!;
    out[o++] = BASE64_CODES[word & 63]!;
  }
  if (i < length) {
    const two = i + 1 < length;
    const word = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
    out[o++] = BASE64_CODES[word >>> 18]!;
    out[o++] = BASE64_CODES[(word >>> 12) & 63]!;
    out[o++] = two ? BASE64_CODES[(word >>> 6) & 63]! : PAD;
    out[o] = PAD;
  }
  return UTF8_DECODER.decode(out);
}

/** URL-safe base64 without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
}

/** Lower-case hexadecimal. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/**
 * Decodes base64 as Node's `Buffer.from(text, "base64")` does: the URL-safe
 * alphabet too, whitespace and other characters skipped, padding optional,
 * stopping at the first `=`, a lone last character dropped (a character
 * past Latin-1, which Buffer reads by its low byte, is skipped too).
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  // Characters outside ASCII become bytes of 0x80 and up, which are skipped.
  const source = utf8Bytes(text);
  const end = source.indexOf(PAD) < 0 ? source.byteLength : source.indexOf(PAD);
  const out = new Uint8Array(Math.floor((end * 3) / 4) + 3);
  let o = 0;
  let word = 0;
  let bits = 0;
  let i = 0;
  while (i < end) {
    // Four alphabet characters in a row (all but stray whitespace) make three whole bytes.
    if (bits === 0 && i + 3 < end) {
      const quad =
        (BASE64_VALUES[source[i]!]! << 18) |
        (BASE64_VALUES[source[i + 1]!]! << 12) |
        (BASE64_VALUES[source[i + 2]!]! << 6) |
        BASE64_VALUES[source[i + 3]!]!;
      if (quad >= 0) {
        out[o++] = quad >>> 16;
        out[o++] = quad >>> 8;
        out[o++] = quad;
        i += 4;
        continue;
      }
    }
    const value = BASE64_VALUES[source[i++]!]!;
    if (value < 0) continue;
    word = ((word << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = word >>> bits;
    }
  }
  return out.slice(0, o);
}

/**
 * A flat copy of `text`, sharing no memory with it (a V8 slice keeps its
 * whole parent alive). A JSON round trip copies natively, a few times
 * faster than a loop over the code units (the journal copies an excerpt
 * of each request body it keeps), and keeps lone surrogates as they are.
 */
export function copyText(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
