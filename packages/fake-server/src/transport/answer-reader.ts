/**
 * Reads a receiver's answer off the socket the way the service's client
 * (libcurl) judges it: the first bytes must be `HTTP/` (anything else is
 * error 1), interim `1xx` answers are skipped, and the delivery's outcome
 * waits for the whole body (by `Content-Length`, in chunks, or to the
 * close), of which only the first {@link ANSWER_EXCERPT_BYTES} are kept.
 * A connection closed before any byte is error 52, one closed before the
 * announced body is complete error 18; a head larger than 300 KiB is
 * refused.
 * @module
 */
import { ANSWER_EXCERPT_BYTES, TRANSPORT_ERRORS, type TransportResponse } from "./transport.js";

/** Largest answer head accepted, bytes (libcurl's limit for all response headers). */
export const ANSWER_HEAD_MAX_BYTES = 300 * 1024;

type Outcome = TransportResponse | { error: string };

const PREFIX = "HTTP/";

/** Takes an answer's bytes as they arrive; each call says whether the answer is complete (or broken). */
export class AnswerReader {
  #head = Buffer.alloc(0);
  // How far the head was searched for its end.
  #scanned = 0;
  #received = 0;
  #status = 0;
  #location: string | null = null;
  // Body framing once the final head is read: bytes still expected, or -1 (to the close), or chunked.
  #remaining = -1;
  #chunked = false;
  #chunkLeft = 0;
  #chunkState: "size" | "data" | "data-end" | "trailer" = "size";
  #line = "";
  #inBody = false;
  #excerpt: Buffer[] = [];
  #excerptBytes = 0;

  /** Whether any byte came. */
  get received(): boolean {
    return this.#received > 0;
  }

  /** Feeds bytes; returns the outcome once the answer is complete or cannot be read, else `null`. */
  push(chunk: Buffer): Outcome | null {
    this.#received += chunk.byteLength;
    if (this.#inBody) return this.#body(chunk);
    this.#head = Buffer.concat([this.#head, chunk]);
    for (;;) {
      const start = this.#head.subarray(0, PREFIX.length);
      if (start.toString("latin1").toUpperCase() !== PREFIX.slice(0, start.length)) {
        return { error: TRANSPORT_ERRORS.unsupported };
      }
      const end = headEnd(this.#head, this.#scanned);
      this.#scanned = Math.max(0, this.#head.byteLength - 2);
      if (end === null) return this.#head.byteLength > ANSWER_HEAD_MAX_BYTES ? { error: TRANSPORT_ERRORS.tooLarge } : null;
      const head = this.#head.subarray(0, end.start).toString("latin1");
      const rest = this.#head.subarray(end.after);
      const problem = this.#readHead(head);
      if (problem !== null) return problem;
      if (this.#status >= 100 && this.#status < 200 && this.#status !== 101) {
        this.#head = rest;
        this.#scanned = 0;
        continue;
      }
      this.#inBody = true;
      this.#head = Buffer.alloc(0);
      if (this.#remaining === 0) return this.#answer();
      return rest.byteLength > 0 ? this.#body(rest) : null;
    }
  }

  /** The connection closed: the outcome of what came. */
  end(): Outcome {
    if (!this.#inBody) return { error: TRANSPORT_ERRORS.empty };
    if (this.#chunked || this.#remaining > 0) return { error: TRANSPORT_ERRORS.partial };
    return this.#answer();
  }

  #readHead(head: string): Outcome | null {
    const lines = head.replace(/\r$/, "").split(/\r?\n/);
    const status = /^HTTP\/(?:1\.[01]|2(?:\.0)?) (\d{3})(?: |$)/i.exec(lines[0] as string);
    if (status === null) return { error: TRANSPORT_ERRORS.weird };
    this.#status = Number(status[1]);
    this.#location = null;
    let length: string | null = null;
    let chunked = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "location" && this.#location === null) this.#location = value;
      else if (name === "content-length") length = value;
      else if (name === "transfer-encoding" && /(^|[\s,])chunked$/i.test(value)) chunked = true;
    }
    this.#chunked = false;
    this.#remaining = -1;
    if (this.#status === 204 || this.#status === 304) this.#remaining = 0;
    else if (chunked) this.#chunked = true;
    else if (length !== null) {
      if (!/^\d+$/.test(length)) return { error: TRANSPORT_ERRORS.weird };
      this.#remaining = Number(length);
    }
    return null;
  }

  #body(chunk: Buffer): Outcome | null {
    if (!this.#chunked) {
      const taken = this.#remaining < 0 ? chunk : chunk.subarray(0, this.#remaining);
      this.#keep(taken);
      if (this.#remaining < 0) return null;
      this.#remaining -= taken.byteLength;
      return this.#remaining === 0 ? this.#answer() : null;
    }
    let i = 0;
    while (i < chunk.byteLength) {
      if (this.#chunkState === "data") {
        const taken = chunk.subarray(i, i + this.#chunkLeft);
        this.#keep(taken);
        this.#chunkLeft -= taken.byteLength;
        i += taken.byteLength;
        if (this.#chunkLeft === 0) this.#chunkState = "data-end";
        continue;
      }
      const byte = chunk[i++] as number;
      if (byte !== 0x0a) {
        if (this.#line.length > 1024) return { error: TRANSPORT_ERRORS.receive };
        this.#line += String.fromCharCode(byte);
        continue;
      }
      const line = this.#line.replace(/\r$/, "");
      this.#line = "";
      if (this.#chunkState === "data-end") {
        if (line !== "") return { error: TRANSPORT_ERRORS.receive };
        this.#chunkState = "size";
      } else if (this.#chunkState === "size") {
        const size = /^([0-9a-fA-F]{1,15})[ \t]*(;.*)?$/.exec(line);
        if (size === null) return { error: TRANSPORT_ERRORS.receive };
        this.#chunkLeft = Number.parseInt(size[1] as string, 16);
        this.#chunkState = this.#chunkLeft === 0 ? "trailer" : "data";
      } else if (line === "") {
        this.#chunked = false;
        return this.#answer();
      }
    }
    return null;
  }

  #keep(bytes: Buffer): void {
    if (this.#excerptBytes >= ANSWER_EXCERPT_BYTES || bytes.byteLength === 0) return;
    const part = bytes.subarray(0, ANSWER_EXCERPT_BYTES - this.#excerptBytes);
    this.#excerpt.push(Buffer.from(part));
    this.#excerptBytes += part.byteLength;
  }

  #answer(): TransportResponse {
    return { status: this.#status, location: this.#location, bodyText: Buffer.concat(this.#excerpt).toString("utf8") };
  }
}

// Where the head ends: the first empty line (CRLF or a bare LF, as libcurl accepts both).
function headEnd(bytes: Buffer, from: number): { start: number; after: number } | null {
  for (let i = from; i < bytes.byteLength; i++) {
    if (bytes[i] !== 0x0a) continue;
    if (bytes[i + 1] === 0x0a) return { start: i, after: i + 2 };
    if (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a) return { start: i, after: i + 3 };
  }
  return null;
}
