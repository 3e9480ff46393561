/**
 * The log of a monitored run, kept as its last bytes only: the end of a log
 * is what explains a failure, and memory stays bounded however much a job
 * prints.
 * @module
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The tail of a run's output, at most `limit()` bytes (read at each append, as the limit may be announced later). */
export class LogTail {
  readonly #limit: () => number;
  readonly #chunks: Uint8Array[] = [];
  #size = 0;

  /** @param limit the most bytes worth keeping */
  constructor(limit: () => number) {
    this.#limit = limit;
  }

  /** True when nothing was appended. */
  get empty(): boolean {
    return this.#size === 0;
  }

  /** True when the log is empty or its last line is complete. */
  get atLineStart(): boolean {
    const last = this.#chunks[this.#chunks.length - 1];
    return last === undefined || last[last.length - 1] === 0x0a;
  }

  /** Appends text (UTF-8) or bytes, dropping from the front what no longer fits. */
  append(chunk: string | Uint8Array): void {
    const limit = this.#limit();
    let bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    // A copy, so that a huge chunk's buffer is not kept alive by its tail.
    if (bytes.length > limit) bytes = bytes.slice(bytes.length - limit);
    if (bytes.length === 0) return;
    this.#chunks.push(bytes);
    this.#size += bytes.length;
    while (this.#chunks.length > 1 && this.#size - (this.#chunks[0]?.length ?? 0) >= limit) {
      this.#size -= this.#chunks.shift()?.length ?? 0;
    }
    const first = this.#chunks[0];
    if (first && this.#size > limit) {
      this.#chunks[0] = first.subarray(this.#size - limit);
      this.#size = limit;
    }
  }

  /** The kept tail as text, starting on a character boundary (invalid UTF-8 replaced). */
  text(): string {
    const all = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      all.set(chunk, offset);
      offset += chunk.length;
    }
    let start = 0;
    // Skip UTF-8 continuation bytes (10xxxxxx) left by dropping the front.
    while (start < all.length && start < 3 && ((all[start] ?? 0) & 0xc0) === 0x80) start++;
    return decoder.decode(all.subarray(start));
  }
}
