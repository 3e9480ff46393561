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
  /** Management API: the parsed JSON body with `api_key` masked (or its text when it did not parse); pings: the kept body text; otherwise `null`. */
  body: unknown;
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
    status: record.status,
  };
  if (record.fault !== undefined) entry.fault = record.fault;
  return entry;
}

/** A bounded list of entries: the oldest go first when full (a ring, so recording stays O(1)). */
export class Journal {
  #ring: JournalRecord[] = [];
  #start = 0;
  readonly #limit: number;

  /** A journal keeping at most `limit` entries. */
  constructor(limit: number) {
    this.#limit = Math.max(0, Math.floor(limit));
  }

  /** Appends an entry. */
  record(entry: JournalRecord): void {
    if (this.#limit === 0) return;
    if (this.#ring.length < this.#limit) {
      this.#ring.push(entry);
      return;
    }
    this.#ring[this.#start] = entry;
    this.#start = (this.#start + 1) % this.#limit;
  }

  /** The entries, oldest first (fresh objects: changing them changes nothing here). */
  entries(): JournalEntry[] {
    const ordered = [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
    return ordered.map(toEntry);
  }

  /** Forgets every entry. */
  clear(): void {
    this.#ring = [];
    this.#start = 0;
  }
}
