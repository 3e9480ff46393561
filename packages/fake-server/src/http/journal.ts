/**
 * The request journal: what the fake received and answered, with secrets
 * masked (API keys, ping keys, check UUIDs: wherever they appear in the
 * path or the query, and the key or UUID segment of any ping URL).
 * @module
 */
import { decodePath, type Operation } from "./router.js";
import type { KeyKind } from "../model/store.js";

/** What replaces a secret in the journal. */
const MASK = "***";

/** One handled request. */
export interface JournalEntry {
  /** Clock time of arrival, ISO 8601. */
  time: string;
  /** HTTP method. */
  method: string;
  /**
   * Path and query, secrets masked as `***`: every path segment, query name
   * or value that is (once percent-decoded) an API key, a ping key or a
   * check UUID of the fake, and the key or UUID segment of a ping URL.
   */
  path: string;
  /** The operation, or `null` for requests no operation serves (unmatched paths, `status/`). */
  operation: Operation | null;
  /** Kind of the key that authenticated the request, if any did. */
  keyKind: KeyKind | null;
  /**
   * Management API: the parsed JSON body with `api_key` masked (or its text
   * when it did not parse); pings: the kept body text; otherwise `null`.
   * When that text (for a parsed body, its JSON) is longer than the
   * journal's excerpt size, it is cut there and kept as a string; so is the
   * JSON of a parsed body nested more than 1000 arrays and objects deep.
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
 * Tells whether a piece of a request target (a path segment, a query name
 * or value, percent-decoded) is a secret the fake holds: an API key, a ping
 * key, or a check UUID (in any case).
 */
export type SecretTest = (text: string) => boolean;

// Characters of generated keys and UUIDs; a piece with others may hold a secret among them.
const SECRET_RUN = /[^-A-Za-z0-9_]+/;

/**
 * Whether a piece of the target holds a secret: decoded as the service
 * would read it (`+` is a space in a query), as a whole (a key may hold
 * any character) or any run of key characters in it.
 */
function holdsSecret(piece: string, query: boolean, isSecret: SecretTest): boolean {
  const plain = query && piece.includes("+") ? piece.replaceAll("+", " ") : piece;
  const text = plain.includes("%") ? decodePath(plain) : plain;
  if (isSecret(text)) return true;
  return SECRET_RUN.test(text) && text.split(SECRET_RUN).some((run) => run !== "" && isSecret(run));
}

/** Where a ping URL's secret (its key or UUID) is among the segments of a URL path. */
export interface SecretSegment {
  /** Its index among the path's `/`-separated segments (the empty one before the first `/` is 0). */
  index: number;
  /** How many segments the decoded path, which the router read, has. */
  decodedSegments: number;
}

/**
 * The URL path with its secrets masked: every segment that is a secret of
 * the fake, and the `secret` segment of a ping URL, whether or not it names
 * anything. When encoded slashes make the decoded path split differently,
 * every segment from the first encoded one on is masked, since the secret
 * cannot be told apart.
 */
export function maskPath(pathname: string, secret: SecretSegment | null, isSecret: SecretTest): string {
  const segments = pathname.split("/");
  let from = Number.POSITIVE_INFINITY;
  if (secret !== null && segments.length !== secret.decodedSegments) from = segments.findIndex((segment) => segment.includes("%"));
  let masked = false;
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (i >= from || i === secret?.index || (segment !== "" && holdsSecret(segment, false, isSecret))) {
      segments[i] = MASK;
      masked = true;
    }
  }
  return masked ? segments.join("/") : pathname;
}

/** The URL query (with its `?`) with every name or value that is a secret of the fake masked. */
export function maskQuery(search: string, isSecret: SecretTest): string {
  if (search === "") return search;
  const pieces = search.slice(1).split(/([&=])/);
  let masked = false;
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = pieces[i] as string;
    if (piece !== "" && holdsSecret(piece, true, isSecret)) {
      pieces[i] = MASK;
      masked = true;
    }
  }
  return masked ? `?${pieces.join("")}` : search;
}

/** Masks `api_key` of a parsed management body. */
export function maskBody(body: Record<string, unknown>): Record<string, unknown> {
  return Object.hasOwn(body, "api_key") ? { ...body, api_key: MASK } : body;
}

/**
 * A handled request as recorded, its target already masked (a secret is
 * judged against the fake as it was then); it becomes a
 * {@link JournalEntry} when the journal is read, so that requests do not
 * pay for formatting the time of entries nobody reads.
 */
export interface JournalRecord extends Omit<JournalEntry, "time" | "path"> {
  /** Clock time of arrival, epoch ms. */
  at: number;
  /** The URL path, secrets masked ({@link maskPath}). */
  pathname: string;
  /** The URL query, `?` included (or `""`), secrets masked ({@link maskQuery}). */
  search: string;
}

function toEntry(record: JournalRecord): JournalEntry {
  const entry: JournalEntry = {
    time: new Date(record.at).toISOString(),
    method: record.method,
    path: record.pathname + record.search,
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

/**
 * Parsed bodies nested deeper than this are kept as their JSON text: the
 * recursive `JSON.stringify` (and a test's deep equality) could overflow
 * the stack on them. A body of `n` bytes nests at most `n / 2` levels.
 */
const KEPT_NESTING = 1000;

/** The body as the journal keeps it: `limit` characters at most. */
function excerpt(body: unknown, length: number, limit: number): unknown {
  if (body === null) return null;
  if (typeof body === "string") return body.length <= limit ? body : cut(body, limit);
  const deep = (): boolean => length > 2 * KEPT_NESTING && nestsDeeperThan(body, KEPT_NESTING);
  // A parsed body no longer than the limit in bytes serialises to about that.
  if (length <= limit && !deep()) return body;
  const text = jsonPrefix(body, limit);
  if (text.length > limit) return cut(text, limit);
  return deep() ? text : body;
}

// The first `limit` characters of `text`, without half a surrogate pair. A
// slice would keep the whole text alive (V8 slices point into their
// parent): the excerpt is copied out instead.
function cut(text: string, limit: number): string {
  const end = limit > 0 && /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return Buffer.from(text.slice(0, end), "utf16le").toString("utf16le");
}

/** Whether a parsed JSON value nests more than `max` arrays and objects deep (without recursing). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** An array or object being written by {@link jsonPrefix}. */
interface OpenValue {
  /** The array's items or the object's member values. */
  values: readonly unknown[];
  /** The object's member names; `null` for an array. */
  keys: readonly string[] | null;
  /** Index of the next item to write. */
  at: number;
}

// A scalar of a parsed body as `JSON.stringify` writes it; a string longer
// than the limit is cut first, since only the limit's worth is kept.
function scalarJson(value: unknown, limit: number): string {
  if (typeof value === "string") return JSON.stringify(value.length > limit ? value.slice(0, limit) : value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  return value === true ? "true" : value === false ? "false" : "null";
}

/**
 * The JSON of a parsed body as `JSON.stringify` writes it, or at least its
 * first `limit` characters: writing stops past the limit, long strings are
 * cut before they are serialised, and nesting uses a list instead of the
 * call stack, so that no depth overflows it.
 */
function jsonPrefix(body: unknown, limit: number): string {
  let text = "";
  const open: OpenValue[] = [];
  let value: unknown = body;
  let hasValue = true;
  while (text.length <= limit) {
    if (hasValue) {
      hasValue = false;
      if (Array.isArray(value)) {
        text += "[";
        open.push({ values: value, keys: null, at: 0 });
      } else if (typeof value === "object" && value !== null) {
        text += "{";
        open.push({ values: Object.values(value), keys: Object.keys(value), at: 0 });
      } else {
        text += scalarJson(value, limit);
      }
      continue;
    }
    const current = open.at(-1);
    if (current === undefined) break;
    if (current.at === current.values.length) {
      text += current.keys === null ? "]" : "}";
      open.pop();
      continue;
    }
    if (current.at > 0) text += ",";
    if (current.keys !== null) text += `${scalarJson(current.keys[current.at], limit)}:`;
    value = current.values[current.at];
    current.at++;
    hasValue = true;
  }
  return text;
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
