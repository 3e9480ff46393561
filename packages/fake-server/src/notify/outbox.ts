/**
 * The outbox: every delivery the fake made or recorded, oldest first,
 * bounded by a count and an estimate of the bytes held (the oldest records
 * are dropped first), like the request journal.
 * @module
 */
import type { AlertDirection } from "../model/notify/view.js";
import type { FlipRecord } from "../model/store.js";
import type { FlipView } from "./alert-view.js";

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

/** An integration as a delivery saw it: what its record shows, and the settings its request is rendered from. */
export interface ChannelSnapshot {
  /** Integration UUID. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Kind. */
  readonly kind: string;
  /** Stored settings text. */
  readonly value: string;
}

/** A request as an entry keeps it, with its body bytes. */
export type EntryRequest = Omit<SentRequest, "body" | "bodyBase64"> & { body: Uint8Array | null };

/** A delivery as the engine fills it in; times and bodies are kept raw until listed. */
export interface OutboxEntry extends Omit<DeliveryRecord, "channel" | "requests" | "flip" | "time"> {
  /** The integration. */
  channel: ChannelSnapshot;
  /** The flip as stored (a notifying flip's new status is `up` or `down`); never changed but for its `processed` flag. */
  flip: Readonly<FlipRecord>;
  /** When the delivery started, epoch ms. */
  at: number;
  /** Requests made (or rendered) so far; the shared empty list until the engine sets its own. */
  requests: EntryRequest[];
  /** For a request recorded without sending: the view it is rendered from when the record is read; otherwise `null`. */
  later: FlipView | null;
  /** The record's place in the order of all records ever opened. */
  position: number;
}

/** Renders the request of an entry kept with a view (`later`), when the entry is read. */
export type RenderLater = (view: FlipView, channel: ChannelSnapshot) => EntryRequest[];

/** The requests of every entry that has none of its own: frozen, so that adding to it fails loudly. */
export const NO_REQUESTS = Object.freeze([]) as unknown as EntryRequest[];

const UTF8 = new TextDecoder();
const NO_FLIP: OutboxEntry["flip"] = Object.freeze({ at: 0, from: "up", to: "down", reason: "", processed: true });

/**
 * The bounded list of delivery records: a ring whose slots are reused once
 * their record is dropped, so that recording a delivery allocates nothing
 * once the outbox is full. An entry whose delivery is under way is never
 * reused: dropping it leaves it to the engine, which may still complete it.
 */
export class Outbox {
  // Ring storage; a slot is `undefined` until first used, or after its entry was dropped while under way.
  #slots: (OutboxEntry | undefined)[] = [];
  #sizes: number[] = [];
  // Index of the oldest record, how many are kept, the position of the oldest and of the next one.
  #start = 0;
  #count = 0;
  #first = 0;
  #next = 0;
  #bytes = 0;
  readonly #limits: OutboxLimits;
  readonly #renderLater: RenderLater;

  /** Creates an empty outbox with these limits; `renderLater` renders the requests of entries kept with their view. */
  constructor(limits: OutboxLimits, renderLater: RenderLater) {
    this.#limits = limits;
    this.#renderLater = renderLater;
  }

  /** Number of records kept. */
  get size(): number {
    return this.#count;
  }

  /**
   * Adds a delivery under way (error `Sending`, nothing sent yet) and
   * returns its entry for the engine to complete; the engine then calls
   * {@link Outbox.settle} so that its size counts. The entry may be one a
   * dropped record used before: every member is set anew.
   */
  open(channel: ChannelSnapshot, check: string, flip: OutboxEntry["flip"], at: number): OutboxEntry {
    if (this.#limits.records === 0) return fresh(channel, check, flip, at, -1);
    if (this.#count === this.#slots.length) {
      if (this.#slots.length < this.#limits.records) this.#grow();
      else this.#dropOldest();
    }
    const index = (this.#start + this.#count) % this.#slots.length;
    const position = this.#next++;
    let entry = this.#slots[index];
    if (entry === undefined) {
      entry = fresh(channel, check, flip, at, position);
      this.#slots[index] = entry;
    } else {
      entry.channel = channel;
      entry.check = check;
      entry.flip = flip;
      entry.at = at;
      entry.error = "Sending";
      entry.requests = NO_REQUESTS;
      entry.email = null;
      entry.later = null;
      entry.position = position;
    }
    this.#sizes[index] = 0;
    this.#count++;
    return entry;
  }

  /** Counts the size of a completed entry and drops the oldest records beyond the byte limit; nothing for an entry already dropped. */
  settle(entry: OutboxEntry): void {
    const offset = entry.position - this.#first;
    if (offset < 0 || offset >= this.#count) return;
    const index = (this.#start + offset) % this.#slots.length;
    if (this.#slots[index] !== entry) return;
    const size = sizeOf(entry);
    this.#bytes += size - (this.#sizes[index] as number);
    this.#sizes[index] = size;
    while (this.#bytes > this.#limits.bytes && this.#count > 0) this.#dropOldest();
  }

  /** The records, oldest first, as fresh JSON-ready objects. */
  list(): DeliveryRecord[] {
    const out: DeliveryRecord[] = [];
    for (let i = 0; i < this.#count; i++) out.push(this.#present(this.#slots[(this.#start + i) % this.#slots.length] as OutboxEntry));
    return out;
  }

  /** Forgets every record. */
  clear(): void {
    while (this.#count > 0) this.#dropOldest();
  }

  #dropOldest(): void {
    const index = this.#start;
    const entry = this.#slots[index] as OutboxEntry;
    this.#bytes -= this.#sizes[index] as number;
    if (entry.error === "Sending") this.#slots[index] = undefined;
    else {
      // Let go of what the record held; the slot object itself is kept for the next record.
      entry.flip = NO_FLIP;
      entry.requests = NO_REQUESTS;
      entry.email = null;
      entry.later = null;
    }
    this.#start = (index + 1) % this.#slots.length;
    this.#count--;
    this.#first++;
  }

  // Doubles the ring (up to the record limit), its records moved to the front in order.
  #grow(): void {
    const { length } = this.#slots;
    const slots = [...this.#slots.slice(this.#start), ...this.#slots.slice(0, this.#start)];
    const sizes = [...this.#sizes.slice(this.#start), ...this.#sizes.slice(0, this.#start)];
    const capacity = Math.min(this.#limits.records, Math.max(16, length * 2));
    for (let i = length; i < capacity; i++) {
      slots.push(undefined);
      sizes.push(0);
    }
    this.#slots = slots;
    this.#sizes = sizes;
    this.#start = 0;
  }

  #present(entry: OutboxEntry): DeliveryRecord {
    const requests = entry.later === null ? entry.requests : this.#renderLater(entry.later, entry.channel);
    return {
      channel: { id: entry.channel.id, name: entry.channel.name, kind: entry.channel.kind },
      check: entry.check,
      flip: { status: entry.flip.to === "up" ? "up" : "down", reason: entry.flip.reason, time: new Date(entry.flip.at).toISOString() },
      time: new Date(entry.at).toISOString(),
      error: entry.error,
      requests: requests.map((r) => ({
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
}

function fresh(channel: ChannelSnapshot, check: string, flip: OutboxEntry["flip"], at: number, position: number): OutboxEntry {
  return { channel, check, flip, at, error: "Sending", requests: NO_REQUESTS, email: null, later: null, position };
}

// A fixed allowance per record covers its small members and object overhead.
const RECORD_OVERHEAD = 256;

// A record kept with its view counts what it keeps alive: the view's data and the settings it is rendered from.
function sizeOf(entry: OutboxEntry): number {
  let size = RECORD_OVERHEAD + entry.channel.name.length + entry.error.length;
  if (entry.later !== null) size += entry.later.heldBytes + entry.channel.value.length;
  for (const request of entry.requests) {
    size += request.url.length + (request.body?.byteLength ?? 0);
    for (const [name, value] of request.headers) size += name.length + value.length;
  }
  if (entry.email) size += entry.email.to.length + entry.email.subject.length + entry.email.text.length;
  return size;
}

