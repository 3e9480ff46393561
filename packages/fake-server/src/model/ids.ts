/**
 * Generated identifiers: check and project UUIDs (v4), API keys, ping keys.
 * With a seed every identifier is reproducible from run to run; without one
 * they come from the platform's cryptographic generator.
 * @module
 */
import { READ_ONLY_KEY_PREFIX, READ_WRITE_KEY_PREFIX, API_KEY_LENGTH } from "@checks-api/schema/lite";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const PING_KEY_ALPHABET = `${ALPHANUMERIC}-_`;
/** Length of a generated ping key. */
const PING_KEY_LENGTH = 22;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

// Unseeded draws come from the platform's cryptographic generator in blocks:
// one call per word cost more than the rest of creating a project (a project
// takes about 80 words for its keys). Node pools `crypto.randomUUID` alike.
const POOL_WORDS = 2048;
const pool = new Uint32Array(POOL_WORDS);
let poolAt = POOL_WORDS;

function cryptoWord(): number {
  if (poolAt === POOL_WORDS) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  return pool[poolAt++] as number;
}

/** Four 32-bit words: the whole state of the seeded generator, for export. */
export type RandomState = [number, number, number, number];

// cyrb128: spreads any string over four 32-bit words to seed sfc32.
function hashSeed(text: string): RandomState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * Source of random identifiers. Seeded: the sfc32 generator (small, fast,
 * good statistical quality); unseeded: `crypto.getRandomValues`.
 */
export class IdSource {
  #state: RandomState | undefined;

  /** A seeded source when `seed` is given, a cryptographic one otherwise. */
  constructor(seed?: number | string) {
    if (seed !== undefined) this.#state = hashSeed(String(seed));
  }

  /** The generator state (seeded sources only), for {@link IdSource.restore}. */
  snapshot(): RandomState | null {
    return this.#state ? [...this.#state] : null;
  }

  /** Continues a seeded sequence from a {@link IdSource.snapshot}. */
  restore(state: RandomState | null): void {
    if (state) this.#state = [state[0] >>> 0, state[1] >>> 0, state[2] >>> 0, state[3] >>> 0];
  }

  #next(): number {
    const s = this.#state;
    if (!s) return cryptoWord();
    const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
    s[3] = (s[3] + 1) >>> 0;
    s[0] = (s[1] ^ (s[1] >>> 9)) >>> 0;
    s[1] = (s[2] + (s[2] << 3)) >>> 0;
    s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
    s[2] = (s[2] + t) >>> 0;
    return t;
  }

  #bytes(count: number): Uint8Array {
    if (!this.#state) return crypto.getRandomValues(new Uint8Array(count));
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i += 4) {
      const word = this.#next();
      for (let j = 0; j < 4 && i + j < count; j++) out[i + j] = (word >>> (j * 8)) & 0xff;
    }
    return out;
  }

  /** A random version-4 UUID, lowercase and hyphenated. */
  uuid(): string {
    if (!this.#state) return crypto.randomUUID();
    const b = this.#bytes(16);
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const h = Array.from(b, (x) => HEX[x]).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** `length` characters drawn uniformly from `alphabet`. */
  string(length: number, alphabet: string): string {
    // Character codes joined once: appending characters one by one made a string object per character.
    const codes: number[] = [];
    // Rejection sampling keeps the draw uniform for any alphabet size.
    const limit = Math.floor(0x1_0000_0000 / alphabet.length) * alphabet.length;
    while (codes.length < length) {
      const word = this.#next();
      if (word < limit) codes.push(alphabet.charCodeAt(word % alphabet.length));
    }
    return String.fromCharCode(...codes);
  }

  /** A read-write API key: `hcw_` and 28 alphanumeric characters. */
  readWriteKey(): string {
    return READ_WRITE_KEY_PREFIX + this.string(API_KEY_LENGTH - READ_WRITE_KEY_PREFIX.length, ALPHANUMERIC);
  }

  /** A read-only API key: `hcr_` and 28 alphanumeric characters. */
  readOnlyKey(): string {
    return READ_ONLY_KEY_PREFIX + this.string(API_KEY_LENGTH - READ_ONLY_KEY_PREFIX.length, ALPHANUMERIC);
  }

  /** A project ping key: 22 characters of `[A-Za-z0-9_-]`. */
  pingKey(): string {
    return this.string(PING_KEY_LENGTH, PING_KEY_ALPHABET);
  }
}
