/**
 * The outbox: every delivery the fake made or recorded, oldest first,
 * bounded by a count and an estimate of the bytes held (the oldest records
 * are dropped first), like the request journal.
 * @module
 */
import type { AlertDirection } from "../model/notify/view.js";

/** An HTTP request a delivery made (one per attempt and per redirect followed), or would make in record-only mode. */
export interface SentRequest {
  /** Upper-case method. */
  method: string;
  /** Absolute URL. */
  url: string;
  /** Headers in sending order (values are Latin-1 text). */
  headers: Array<[name: string, value: string]>;
  /** Body decoded as UTF-8 (invalid bytes as U+FFFD), or `null` when none was sent. */
  body: string | null;
  /** The exact body bytes as base64, or `null`. */
  bodyBase64: string | null;
  /** The receiver's status code; `null` when none came (transport error) or nothing was sent (record-only). */
  status: number | null;
}

/** An alert email a delivery put in the outbox. */
export interface SentEmail {
  /** Recipient address. */
  to: string;
  /** Subject, decoded. */
  subject: string;
  /** The plain-text body. */
  text: string;
}

/**
 * One delivery: a channel notified of one flip of one check.
 * Guide: [testing alerts](../../../../docs/testing-alerts.md).
 */
export interface DeliveryRecord {
  /** The integration. */
  channel: {
    /** Integration UUID. */
    id: string;
    /** Display name. */
    name: string;
    /** Kind. */
    kind: string;
  };
  /** The check's UUID. */
  check: string;
  /** The flip delivered. */
  flip: {
    /** Its new status. */
    status: AlertDirection;
    /** `fail`, `timeout`, or `""` for successes. */
    reason: "" | "fail" | "timeout";
    /** Its time (for a timeout: when the check went down), ISO 8601. */
    time: string;
  };
  /** Clock time when the delivery started, ISO 8601. */
  time: string;
  /** `""` on success, `"Sending"` while under way, otherwise the error text (as the integration's `lastError`). */
  error: string;
  /** HTTP requests made (webhooks and chat kinds), in order; empty for emails and kinds the fake does not deliver. */
  requests: SentRequest[];
  /** The alert email (email kind), otherwise `null`. */
  email: SentEmail | null;
}

/** Limits of an {@link Outbox}. */
export interface OutboxLimits {
  /** Records kept. */
  records: number;
  /** Bytes held at most (URLs, headers, bodies and email texts, estimated). */
  bytes: number;
}

/** A delivery as the engine fills it in; times and bodies are kept raw until listed. */
export interface OutboxEntry extends Omit<DeliveryRecord, "requests" | "flip" | "time"> {
  /** The flip, its time in epoch ms. */
  flip: Omit<DeliveryRecord["flip"], "time"> & { at: number };
  /** When the delivery started, epoch ms. */
  at: number;
  /** Requests with their body bytes. */
  requests: Array<Omit<SentRequest, "body" | "bodyBase64"> & { body: Uint8Array | null }>;
}

const UTF8 = new TextDecoder();

/** The bounded list of delivery records. */
export class Outbox {
  #entries: (OutboxEntry | undefined)[] = [];
  #sizes: number[] = [];
  #head = 0;
  #bytes = 0;
  // Entries removed from the front of the arrays by compaction: positions handed out stay valid.
  #shifted = 0;
  readonly #limits: OutboxLimits;

  /** Creates an empty outbox with these limits. */
  constructor(limits: OutboxLimits) {
    this.#limits = limits;
  }

  /** Number of records kept. */
  get size(): number {
    return this.#entries.length - this.#head;
  }

  /**
   * Adds a delivery under way and returns its position; the engine
   * completes the same entry, then calls {@link Outbox.settle} with the
   * position so its size counts.
   */
  open(entry: OutboxEntry): number {
    const position = this.#shifted + this.#entries.length;
    this.#entries.push(entry);
    this.#sizes.push(0);
    this.#trim();
    return position;
  }

  /** Counts the size of the completed entry at `position` and drops the oldest records beyond the limits. */
  settle(position: number): void {
    const index = position - this.#shifted;
    const entry = this.#entries[index];
    if (index < this.#head || entry === undefined) return;
    const size = sizeOf(entry);
    this.#bytes += size - (this.#sizes[index] as number);
    this.#sizes[index] = size;
    this.#trim();
  }

  /** The records, oldest first, as fresh JSON-ready objects. */
  list(): DeliveryRecord[] {
    const out: DeliveryRecord[] = [];
    for (let i = this.#head; i < this.#entries.length; i++) out.push(present(this.#entries[i] as OutboxEntry));
    return out;
  }

  /** Forgets every record. */
  clear(): void {
    // Positions keep counting, so a delivery still under way cannot settle a later record.
    this.#shifted += this.#entries.length;
    this.#entries = [];
    this.#sizes = [];
    this.#head = 0;
    this.#bytes = 0;
  }

  #trim(): void {
    const { records, bytes } = this.#limits;
    while (this.#entries.length - this.#head > records || (this.#bytes > bytes && this.#head < this.#entries.length)) {
      this.#bytes -= this.#sizes[this.#head] as number;
      this.#entries[this.#head] = undefined;
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#sizes = this.#sizes.slice(this.#head);
      this.#shifted += this.#head;
      this.#head = 0;
    }
  }
}

// A fixed allowance per record covers its small members and object overhead.
const RECORD_OVERHEAD = 256;

function sizeOf(entry: OutboxEntry): number {
  let size = RECORD_OVERHEAD + entry.channel.name.length + entry.error.length;
  for (const request of entry.requests) {
    size += request.url.length + (request.body?.byteLength ?? 0);
    for (const [name, value] of request.headers) size += name.length + value.length;
  }
  if (entry.email) size += entry.email.to.length + entry.email.subject.length + entry.email.text.length;
  return size;
}

function present(entry: OutboxEntry): DeliveryRecord {
  return {
    channel: { ...entry.channel },
    check: entry.check,
    flip: { status: entry.flip.status, reason: entry.flip.reason, time: new Date(entry.flip.at).toISOString() },
    time: new Date(entry.at).toISOString(),
    error: entry.error,
    requests: entry.requests.map((r) => ({
      method: r.method,
      url: r.url,
      headers: r.headers.map(([name, value]) => [name, value] as [string, string]),
      body: r.body === null ? null : UTF8.decode(r.body),
      bodyBase64: r.body === null ? null : Buffer.from(r.body).toString("base64"),
      status: r.status,
    })),
    email: entry.email ? { ...entry.email } : null,
  };
}
