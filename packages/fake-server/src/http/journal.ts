/**
 * The request journal: what the fake received and answered, with secrets
 * masked (API keys, ping keys, the check UUIDs of ping URLs).
 * @module
 */
import type { Operation } from "./router.js";
import type { KeyKind } from "../model/store.js";

/** What replaces a secret in the journal. */
const MASK = "***";

/** One handled request. */
export interface JournalEntry {
  /** Clock time of arrival, ISO 8601. */
  time: string;
  /** HTTP method. */
  method: string;
  /** Path and query, secrets masked. */
  path: string;
  /** The operation, or `null` for requests no operation serves (unmatched paths, `status/`). */
  operation: Operation | null;
  /** Kind of the key that authenticated the request, if any did. */
  keyKind: KeyKind | null;
  /**
   * Management API: the parsed JSON body with `api_key` masked (or its text
   * when it did not parse); pings: the kept body text; otherwise `null`.
   * When that text (for a parsed body, its JSON) is longer than the
   * journal's excerpt size, it is cut there and kept as a string.
   */
  body: unknown;
  /** The request body's full length in bytes (`0` without one), however little of it `body` keeps. */
  bodyLength: number;
  /** Answer status (`0` for a dropped connection). */
  status: number;
  /** The injected fault that shaped the answer, when one did. */
  fault?: string;
}

/**
 * Masks the secret part of a ping URL's path: the check UUID or the ping key
 * right after the ping path (`/ping/***`, `/ping/***` + `/slug`).
 */
function maskPath(path: string, pingPath: string): string {
  if (!path.startsWith(pingPath)) return path;
  const rest = path.slice(pingPath.length);
  const slash = rest.indexOf("/");
  return pingPath + MASK + (slash < 0 ? "" : rest.slice(slash));
}

/** Masks `api_key` of a parsed management body. */
export function maskBody(body: Record<string, unknown>): Record<string, unknown> {
  return Object.hasOwn(body, "api_key") ? { ...body, api_key: MASK } : body;
}

/**
 * A handled request as recorded; it becomes a {@link JournalEntry} when the
 * journal is read, so that requests do not pay for formatting the time and
 * masking the path of entries nobody reads.
 */
export interface JournalRecord extends Omit<JournalEntry, "time" | "path"> {
  /** Clock time of arrival, epoch ms. */
  at: number;
  /** The URL path as received. */
  pathname: string;
  /** The URL query, `?` included (or `""`). */
  search: string;
  /** For a ping URL, the ping path whose next segment is a secret; otherwise `null`. */
  pingPath: string | null;
}

function toEntry(record: JournalRecord): JournalEntry {
  const path = record.pingPath === null ? record.pathname : maskPath(record.pathname, record.pingPath);
  const entry: JournalEntry = {
    time: new Date(record.at).toISOString(),
    method: record.method,
    path: path + record.search,
    operation: record.operation,
    keyKind: record.keyKind,
    body: record.body,
    bodyLength: record.bodyLength,
    status: record.status,
  };
  if (record.fault !== undefined) entry.fault = record.fault;
  return entry;
}

/** How much a {@link Journal} keeps. */
export interface JournalLimits {
  /** Entries kept. */
  entries: number;
  /** Bytes kept: an estimate of the memory each entry holds (body excerpt, path, a fixed overhead). */
  bytes: number;
  /** Characters kept of each body. */
  excerpt: number;
}

// What an entry costs besides its body and path: the record object, its
// fields and the slot in the list, rounded up.
const ENTRY_OVERHEAD = 256;

/** The body as the journal keeps it: `limit` characters at most. */
function excerpt(body: unknown, length: number, limit: number): unknown {
  if (body === null) return null;
  // A parsed body no longer than the limit in bytes serialises to about that.
  if (typeof body !== "string" && length <= limit) return body;
  const text = typeof body === "string" ? body : jsonPrefix(body as Record<string, unknown>, limit);
  if (text.length <= limit) return body;
  const end = limit > 0 && /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  // A slice would keep the whole text alive (V8 slices point into their
  // parent): the excerpt is copied out instead.
  return Buffer.from(text.slice(0, end), "utf16le").toString("utf16le");
}

/**
 * The JSON of `body` as `JSON.stringify` writes it, or at least its first
 * `limit` characters: long strings are cut before they are serialised, and
 * members after the limit are left out.
 */
function jsonPrefix(body: Record<string, unknown>, limit: number): string {
  let text = "{";
  for (const [key, value] of Object.entries(body)) {
    if (text.length > limit) return text;
    const shown = typeof value === "string" && value.length > limit ? value.slice(0, limit) : value;
    const json = JSON.stringify(shown);
    if (json !== undefined) text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${json}`;
  }
  return `${text}}`;
}

// An estimate of the memory an entry holds: text at two bytes a character,
// a parsed body at four times its JSON (objects weigh more than their text).
function sizeOf(record: JournalRecord, limit: number): number {
  const body = record.body;
  const bodySize = body === null ? 0 : typeof body === "string" ? 2 * body.length : 4 * Math.min(record.bodyLength, limit);
  return ENTRY_OVERHEAD + bodySize + 2 * (record.pathname.length + record.search.length);
}

/**
 * A bounded list of entries: the oldest go first when it holds too many or
 * too many bytes. Bodies are cut to an excerpt as they are recorded.
 */
export class Journal {
  #queue: (JournalRecord | undefined)[] = [];
  #sizes: number[] = [];
  #head = 0;
  #bytes = 0;
  readonly #limits: JournalLimits;

  /** A journal keeping at most what `limits` says. */
  constructor(limits: JournalLimits) {
    this.#limits = {
      entries: Math.max(0, Math.floor(limits.entries)),
      bytes: Math.max(0, Math.floor(limits.bytes)),
      excerpt: Math.max(0, Math.floor(limits.excerpt)),
    };
  }

  /** Appends an entry, cutting its body to the excerpt size. */
  record(entry: JournalRecord): void {
    const { entries, bytes, excerpt: limit } = this.#limits;
    if (entries === 0) return;
    entry.body = excerpt(entry.body, entry.bodyLength, limit);
    const size = sizeOf(entry, limit);
    if (size > bytes) return;
    this.#queue.push(entry);
    this.#sizes.push(size);
    this.#bytes += size;
    while (this.#queue.length - this.#head > entries || this.#bytes > bytes) {
      this.#bytes -= this.#sizes[this.#head] as number;
      this.#queue[this.#head] = undefined;
      this.#head++;
    }
    // The list is compacted in batches, so that recording stays O(1) on average.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#sizes = this.#sizes.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The entries, oldest first (fresh objects: changing them changes nothing here). */
  entries(): JournalEntry[] {
    return (this.#queue.slice(this.#head) as JournalRecord[]).map(toEntry);
  }

  /** Forgets every entry. */
  clear(): void {
    this.#queue = [];
    this.#sizes = [];
    this.#head = 0;
    this.#bytes = 0;
  }
}
