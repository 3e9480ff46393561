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

/** How many bytes `text` takes in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
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

// `String.fromCharCode` takes its arguments on the stack: big inputs go in slices.
const SLICE = 0x8000;

/** The bytes as a binary string (one character per byte), as `btoa` takes them. */
function binaryString(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.byteLength; i += SLICE) text += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return text;
}

/** Standard base64, padded. */
export function toBase64(bytes: Uint8Array): string {
  return btoa(binaryString(bytes));
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
 * stopping at the first `=`.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  let clean = text.replaceAll("-", "+").replaceAll("_", "/");
  const padding = clean.indexOf("=");
  if (padding >= 0) clean = clean.slice(0, padding);
  clean = clean.replace(/[^A-Za-z0-9+/]/g, "");
  // A lone trailing character carries no whole byte.
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  const binary = atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A flat copy of `text`, sharing no memory with it (a V8 slice keeps its whole parent alive). */
export function copyText(text: string): string {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  let copy = "";
  for (let i = 0; i < units.length; i += SLICE) copy += String.fromCharCode(...units.subarray(i, i + SLICE));
  return copy;
}
