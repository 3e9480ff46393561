/**
 * The request journal: what the fake received and answered, with secrets
 * masked (`journal-mask.ts`: API keys, ping keys, check UUIDs wherever they
 * appear in the path, the query or the body, and the key or UUID segment of
 * any ping URL).
 * @module
 */
import { IDENTIFIER_MAX_LENGTH, type KeyKind } from "../model/store.js";
import { copyText } from "../text/bytes.js";
import { jsonPrefix, nestsDeeperThan } from "../text/json-prefix.js";
import { MASK, maskPath, maskQuery, maskText, maskValue, type SecretSegment, type SecretTest } from "./journal-mask.js";
import type { AnswerFate } from "./faults.js";
import type { Operation } from "./router.js";

/** One handled request. */
export interface JournalEntry {
  /** Clock time of arrival, ISO 8601. */
  time: string;
  /** HTTP method. */
  method: string;
  /**
   * Path and query, secrets masked as `***`: every path segment, query name
   * or value that is (once percent-decoded) an API key, a ping key (of 16
   * characters or more) or a check UUID of the fake, and the key or UUID
   * segment of a ping URL, whatever it holds.
   */
  path: string;
  /** The operation, or `null` for requests no operation serves (unmatched paths, `status/`). */
  operation: Operation | null;
  /** Kind of the key that authenticated the request, if any did. */
  keyKind: KeyKind | null;
  /**
   * Management API: the parsed JSON body with `api_key` masked (or its text
   * when it did not parse); pings: the kept body text; otherwise `null`.
   * Every API key, check UUID and ping key of the fake (of 16 characters or
   * more) in it shows as `***`, unless glued to other letters, digits, `-`
   * or `_`; so do those it held before (deleted checks' UUIDs, the secrets
   * a reset or a state import replaced), a secret the excerpt's end cuts
   * through, and the piece of a word a ping body's cut at the ping body
   * limit leaves at its end.
   * When that text (for a parsed body, its JSON) is longer than the
   * journal's excerpt size, it is cut there and kept as a string; so is the
   * JSON of a parsed body nested more than 1000 arrays and objects deep.
   */
  body: unknown;
  /** The request body's full length in bytes (`0` without one), however little of it `body` keeps. */
  bodyLength: number;
  /**
   * Answer status as the fake made it, whether or not it reached the client
   * (see `answer`); `0` when none was made: a `drop` fault hung up before
   * the request was applied, or its body was cut off.
   */
  status: number;
  /** The injected fault that shaped the answer, when one did. */
  fault?: string;
  /**
   * What became of the answer, on the entries of requests that met a
   * fault: `sent`, `waiting` (a latency still runs), `client left` (the
   * client went away first, though the request was applied: a timed-out
   * create was made), or `dropped` (a `drop` or `dropAfterApplying` fault).
   * It changes while a latency runs: read the journal again to see the end.
   */
  answer?: AnswerFate;
}

/**
 * A handled request as recorded. {@link Journal.record} masks its secrets
 * (judged against the fake as it is then); it becomes a
 * {@link JournalEntry} when the journal is read, so that requests do not
 * pay for formatting the time of entries nobody reads.
 */
export interface JournalRecord extends Omit<JournalEntry, "time" | "path"> {
  /** Clock time of arrival, epoch ms. */
  at: number;
  /** The URL path. */
  pathname: string;
  /** The URL query, `?` included (or `""`). */
  search: string;
  /** For a ping URL, where its key or UUID is in `pathname`; otherwise `null`. */
  secretSegment: SecretSegment | null;
  /** True when `body` is the text of the body's first part only, cut at a limit before the journal saw it. */
  bodyCut?: boolean;
  /** The UUID of the check the request addressed, if it found one: kept to filter by, never shown. */
  check?: string;
}

/** Which journal entries `FakeServer.journal()` lists: those that match every member given; none given, every entry. */
export interface JournalFilter {
  /** Only requests that addressed this check, by its UUID: by UUID, unique key or slug, to read, change or ping it, and the create or upsert that answered with it. */
  check?: string | undefined;
  /** Only requests of this operation (`null`: those no operation served). */
  operation?: Operation | null | undefined;
  /** Only requests of this HTTP method, in any case. */
  method?: string | undefined;
  /** Only requests answered with this status code. */
  status?: number | undefined;
}

// A record whose answer may still change (it met a fault, and its answer
// is settled after it is journalled): the journal keeps the record itself.
function isUnsettled(record: JournalRecord): boolean {
  return record.answer !== undefined;
}

/** The entry a record reads as (its masked path and query joined, its time in ISO 8601). */
export function toEntry(record: JournalRecord): JournalEntry {
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
  if (record.answer !== undefined) entry.answer = record.answer;
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

// What an entry costs besides its body and path: its slots in the
// journal's columns (and its record, while its answer may change), rounded up.
const ENTRY_OVERHEAD = 256;

/**
 * Parsed bodies nested deeper than this are kept as their JSON text: the
 * recursive `JSON.stringify` (and a test's deep equality) could overflow
 * the stack on them. A body of `n` bytes nests at most `n / 2` levels.
 */
const KEPT_NESTING = 1000;

/**
 * Characters past the excerpt's end that are masked with it, so that a
 * secret the end cuts through is masked whole first: the longest secret
 * (a test's own ping key can be that long) but one.
 */
const MASK_MARGIN = IDENTIFIER_MAX_LENGTH;

/**
 * How many bytes of a body's start are enough to make its excerpt of
 * `limit` characters: each character takes at most three bytes (a pair
 * of surrogates, two characters, four), and the secrets crossing the
 * excerpt's end are read whole.
 */
export function excerptSourceBytes(limit: number): number {
  return 3 * (limit + MASK_MARGIN);
}

/** The body as the journal keeps it: `limit` characters at most, secrets masked. */
function excerpt(body: unknown, length: number, limit: number, isSecret: SecretTest): unknown {
  if (body === null) return null;
  if (typeof body === "string") return maskedCut(body, limit, isSecret);
  const deep = (): boolean => length > 2 * KEPT_NESTING && nestsDeeperThan(body, KEPT_NESTING);
  // A parsed body no longer than the limit in bytes serialises to about that.
  if (length <= limit && !deep()) return maskValue(body, isSecret);
  const text = jsonPrefix(body, limit + MASK_MARGIN);
  if (text.length > limit || deep()) return maskedCut(text, limit, isSecret);
  return maskValue(body, isSecret);
}

// The run of key characters a cut text ends with.
const CUT_WORD = /[-\w]+$/;

/**
 * A text cut before the journal saw it (a ping body past the ping body
 * limit), with the piece of a word the cut split masked: it may be the
 * start of a secret, which no longer matches whole.
 */
function maskCutWord(text: string): string {
  return CUT_WORD.test(text) ? text.replace(CUT_WORD, MASK) : text;
}

/** At most `limit` characters of `text`, secrets masked. */
function maskedCut(text: string, limit: number, isSecret: SecretTest): string {
  const masked = maskText(text.length > limit + MASK_MARGIN ? text.slice(0, limit + MASK_MARGIN) : text, isSecret);
  return masked.length <= limit ? masked : cut(masked, limit);
}

// The first `limit` characters of `text`, without half a surrogate pair. A
// slice would keep the whole text alive (V8 slices point into their
// parent): the excerpt is copied out instead.
function cut(text: string, limit: number): string {
  const end = limit > 0 && /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return copyText(text.slice(0, end));
}

// An estimate of the memory an entry holds: text at two bytes a character,
// a parsed body at four times its JSON (objects weigh more than their text).
function sizeOf(record: JournalRecord, limit: number): number {
  const body = record.body;
  const bodySize = body === null ? 0 : typeof body === "string" ? 2 * body.length : 4 * Math.min(record.bodyLength, limit);
  return ENTRY_OVERHEAD + bodySize + 2 * (record.pathname.length + record.search.length);
}

/**
 * Strings an entry holds that requests repeat (paths, queries): one copy
 * each, so that the journal holds no copy per entry.
 */
const SHARED_TEXTS_KEPT = 256;
const sharedTexts = new Map<string, string>();

function shared(text: string): string {
  if (text === "") return text;
  const known = sharedTexts.get(text);
  if (known !== undefined) return known;
  if (sharedTexts.size === SHARED_TEXTS_KEPT) sharedTexts.clear();
  sharedTexts.set(text, text);
  return text;
}

// Slots of a journal's first columns; they double as entries come, up to the entry limit.
const FIRST_CAPACITY = 64;
// The number columns of a journal without slots, shared: a fake made per test may never record a request.
const NO_NUMBERS: Float64Array<ArrayBuffer> = new Float64Array(0);

/**
 * A bounded list of entries: the oldest go first when it holds too many or
 * too many bytes. Bodies are cut to an excerpt as they are recorded.
 *
 * Entries are kept field by field in columns used as a ring, rather than
 * as one object each: a journal of thousands of entries would otherwise
 * add an object per request that lives through young-generation
 * collections and is promoted, which was the largest cost the journal put
 * on a loaded server. Only records whose answer may still change are kept
 * as objects.
 */
export class Journal {
  #capacity = 0;
  #first = 0;
  #count = 0;
  #bytes = 0;
  #at = NO_NUMBERS;
  #bodyLength = NO_NUMBERS;
  #status = NO_NUMBERS;
  #size = NO_NUMBERS;
  #method: string[] = [];
  #pathname: string[] = [];
  #search: string[] = [];
  #operation: (Operation | null)[] = [];
  #keyKind: (KeyKind | null)[] = [];
  #check: (string | undefined)[] = [];
  #body: unknown[] = [];
  #unsettled: (JournalRecord | undefined)[] = [];
  readonly #limits: JournalLimits;
  readonly #isSecret: SecretTest;

  /**
   * A journal keeping at most what `limits` says.
   * @param limits How much it keeps.
   * @param isSecret What it masks in paths, queries and bodies.
   */
  constructor(limits: JournalLimits, isSecret: SecretTest) {
    this.#isSecret = isSecret;
    this.#limits = {
      entries: Math.max(0, Math.floor(limits.entries)),
      bytes: Math.max(0, Math.floor(limits.bytes)),
      excerpt: Math.max(0, Math.floor(limits.excerpt)),
    };
  }

  /**
   * Appends an entry, masking its secrets and cutting its body to the
   * excerpt size. A record with an `answer` may still change it (a latency
   * runs): the journal keeps that record, and reads it when asked.
   */
  record(entry: JournalRecord): void {
    const { entries, bytes, excerpt: limit } = this.#limits;
    if (entries === 0) return;
    const isSecret = this.#isSecret;
    entry.pathname = shared(maskPath(entry.pathname, entry.secretSegment, isSecret));
    entry.search = shared(maskQuery(entry.search, isSecret));
    const body = entry.bodyCut && typeof entry.body === "string" ? maskCutWord(entry.body) : entry.body;
    entry.body = excerpt(body, entry.bodyLength, limit, isSecret);
    const size = sizeOf(entry, limit);
    if (size > bytes) return;
    if (this.#count === this.#capacity) {
      if (this.#capacity < entries) this.#grow(Math.min(entries, Math.max(FIRST_CAPACITY, 2 * this.#capacity)));
      else this.#dropOldest();
    }
    const slot = (this.#first + this.#count) % this.#capacity;
    this.#at[slot] = entry.at;
    this.#bodyLength[slot] = entry.bodyLength;
    this.#status[slot] = entry.status;
    this.#size[slot] = size;
    this.#method[slot] = entry.method;
    this.#pathname[slot] = entry.pathname;
    this.#search[slot] = entry.search;
    this.#operation[slot] = entry.operation;
    this.#keyKind[slot] = entry.keyKind;
    this.#check[slot] = entry.check;
    this.#body[slot] = entry.body;
    this.#unsettled[slot] = isUnsettled(entry) ? entry : undefined;
    this.#count++;
    this.#bytes += size;
    while (this.#count > entries || this.#bytes > bytes) this.#dropOldest();
  }

  /** The entries, oldest first, that `filter` lets through (fresh objects: changing them changes nothing here). */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const list: JournalEntry[] = [];
    const method = filter.method?.toUpperCase();
    for (let i = 0; i < this.#count; i++) {
      const slot = (this.#first + i) % this.#capacity;
      if (filter.check !== undefined && this.#check[slot] !== filter.check) continue;
      if (filter.operation !== undefined && this.#operation[slot] !== filter.operation) continue;
      if (method !== undefined && this.#method[slot]!.toUpperCase() !== method) continue;
      const entry = this.#entryAt(slot);
      // A faulted request's status can still change: it is read from the entry.
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      list.push(entry);
    }
    return list;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#grow(0);
    this.#bytes = 0;
  }

  #entryAt(slot: number): JournalEntry {
    return toEntry(
      this.#unsettled[slot] ?? {
        at: this.#at[slot] as number,
        method: this.#method[slot] as string,
        pathname: this.#pathname[slot] as string,
        search: this.#search[slot] as string,
        secretSegment: null,
        operation: this.#operation[slot] as Operation | null,
        keyKind: this.#keyKind[slot] as KeyKind | null,
        body: this.#body[slot],
        bodyLength: this.#bodyLength[slot] as number,
        status: this.#status[slot] as number,
      },
    );
  }

  #dropOldest(): void {
    const slot = this.#first;
    this.#bytes -= this.#size[slot] as number;
    // The texts and bodies of dropped entries are let go at once.
    this.#body[slot] = null;
    this.#unsettled[slot] = undefined;
    this.#pathname[slot] = "";
    this.#search[slot] = "";
    this.#check[slot] = undefined;
    this.#first = (slot + 1) % this.#capacity;
    this.#count--;
  }

  // New columns of `capacity` slots, holding the entries in order from slot 0 (as many as fit).
  #grow(capacity: number): void {
    const kept = Math.min(this.#count, capacity);
    const order = (i: number): number => (this.#first + i) % this.#capacity;
    const numbers = (column: Float64Array): Float64Array<ArrayBuffer> => {
      const next = new Float64Array(capacity);
      for (let i = 0; i < kept; i++) next[i] = column[order(i)] as number;
      return next;
    };
    const values = <T>(column: T[], empty: T): T[] => {
      const next = new Array<T>(capacity).fill(empty);
      for (let i = 0; i < kept; i++) next[i] = column[order(i)] as T;
      return next;
    };
    this.#at = numbers(this.#at);
    this.#bodyLength = numbers(this.#bodyLength);
    this.#status = numbers(this.#status);
    this.#size = numbers(this.#size);
    this.#method = values(this.#method, "");
    this.#pathname = values(this.#pathname, "");
    this.#search = values(this.#search, "");
    this.#operation = values<Operation | null>(this.#operation, null);
    this.#keyKind = values<KeyKind | null>(this.#keyKind, null);
    this.#check = values<string | undefined>(this.#check, undefined);
    this.#body = values<unknown>(this.#body, null);
    this.#unsettled = values<JournalRecord | undefined>(this.#unsettled, undefined);
    this.#capacity = capacity;
    this.#first = 0;
    this.#count = kept;
  }
}
