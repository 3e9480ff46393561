/**
 * SHA-1, SHA-256 and HMAC, synchronous and without `node:crypto`: the fake
 * signs badge URLs, unsubscribe links and stand-in vendor answers while it
 * serves a request, where Web Crypto's promises would not fit, and the core
 * must run in browsers and workers. Inputs are short, so plain code is
 * quick enough.
 * @module
 */
import { utf8Bytes } from "./bytes.js";

/** The hash functions the fake uses. */
export type HashName = "sha1" | "sha256";

const BLOCK_BYTES = 64;

/** The message padded to whole 64-byte blocks, its bit length at the end (big-endian). */
function padded(message: Uint8Array): DataView {
  const length = Math.ceil((message.byteLength + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  const bytes = new Uint8Array(length);
  bytes.set(message);
  bytes[message.byteLength] = 0x80;
  const view = new DataView(bytes.buffer);
  const bits = message.byteLength * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);
  return view;
}

function wordsOut(state: Uint32Array | number[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(state.length * 4);
  const view = new DataView(out.buffer);
  state.forEach((word, i) => view.setUint32(i * 4, word));
  return out;
}

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));
const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-1 of `message`. */
function sha1(message: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = padded(message);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let block = 0; block < view.byteLength; block += BLOCK_BYTES) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (rotl(a, 5) + f + e + k + w[i]!) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
  return wordsOut(h.map((word) => word >>> 0));
}

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of `message`. */
function sha256(message: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = padded(message);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let block = 0; block < view.byteLength; block += BLOCK_BYTES) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0]! += a;
    h[1]! += b;
    h[2]! += c;
    h[3]! += d;
    h[4]! += e;
    h[5]! += f;
    h[6]! += g;
    h[7]! += hh;
  }
  return wordsOut(h);
}

const HASHES: Record<HashName, (message: Uint8Array) => Uint8Array<ArrayBuffer>> = { sha1, sha256 };

const asBytes = (data: string | Uint8Array): Uint8Array => (typeof data === "string" ? utf8Bytes(data) : data);

/** The digest of `data` (text as UTF-8). */
export function digest(hash: HashName, data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return HASHES[hash](asBytes(data));
}

/** HMAC of `data` keyed with `key` (text as UTF-8), as RFC 2104 defines it. */
export function hmac(hash: HashName, key: string | Uint8Array, data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const fn = HASHES[hash];
  let keyBytes = asBytes(key);
  if (keyBytes.byteLength > BLOCK_BYTES) keyBytes = fn(keyBytes);
  const message = asBytes(data);
  const inner = new Uint8Array(BLOCK_BYTES + message.byteLength);
  const outer = new Uint8Array(BLOCK_BYTES + (hash === "sha1" ? 20 : 32));
  for (let i = 0; i < BLOCK_BYTES; i++) {
    const byte = keyBytes[i] ?? 0;
    inner[i] = byte ^ 0x36;
    outer[i] = byte ^ 0x5c;
  }
  inner.set(message, BLOCK_BYTES);
  outer.set(fn(inner), BLOCK_BYTES);
  return fn(outer);
}
