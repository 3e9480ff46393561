/**
 * The outbox: every delivery the fake made or recorded, oldest first,
 * bounded by a count and an estimate of the bytes held (the oldest records
 * are dropped first), like the request journal.
 * @module
 */
import type { AlertDirection } from "../model/notify/view.js";
import type { FlipRecord } from "../model/store.js";
import type { FlipView } from "./alert-view.js";
import type { FlipRows } from "./flip-rows.js";
import { KeptViews } from "./kept-views.js";

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

/**
 * A delivery as the engine fills it in; times and bodies are kept raw
 * until listed, and the flip as values (the outbox's slots outlive the
 * flips they showed).
 */
export interface OutboxEntry extends Omit<DeliveryRecord, "channel" | "requests" | "flip" | "time"> {
  /** The integration. */
  channel: ChannelSnapshot;
  /** The flip's new status. */
  flipStatus: AlertDirection;
  /** The flip's reason. */
  flipReason: FlipRecord["reason"];
  /** The flip's time, epoch ms. */
  flipAt: number;
  /** When the delivery started, epoch ms. */
  at: number;
  /** Requests made (or rendered) so far; the shared empty list until the engine sets its own. */
  requests: EntryRequest[];
  /** For a request recorded without sending: the outbox's row of the view it is rendered from when read (see {@link Outbox.keepView}); otherwise -1. */
  view: number;
  /** The record's place in the order of all records ever opened. */
  position: number;
}

/** The flip a delivery is opened for: a notifying flip's new status is `up` or `down`. */
export type OpenedFlip = Pick<FlipRecord, "at" | "to" | "reason">;

/** Renders the request of an entry kept with a view, when the entry is read. */
export type RenderLater = (view: FlipView, channel: ChannelSnapshot) => EntryRequest[];

/** The requests of every entry that has none of its own: frozen, so that adding to it fails loudly. */
export const NO_REQUESTS = Object.freeze([]) as unknown as EntryRequest[];

const UTF8 = new TextDecoder();

/**
 * The bounded list of delivery records: a ring whose slots are reused once
 * their record is dropped, so that recording a delivery allocates nothing
 * once the outbox is full. An entry whose delivery is under way is never
 * reused: dropping it leaves it to the engine, which may still complete it.
 * The views of requests recorded to be rendered later are kept as rows
 * of values, one per flip and moment, rather than as objects.
 */
export class Outbox {
  // Ring storage; a slot is `undefined` until first used, or after its entry was dropped while under way.
  #slots: (OutboxEntry | undefined)[] = [];
  #sizes: number[] = [];
  readonly #views = new KeptViews();
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
  open(channel: ChannelSnapshot, check: string, flip: OpenedFlip, at: number): OutboxEntry {
    const flipStatus: AlertDirection = flip.to === "up" ? "up" : "down";
    if (this.#limits.records === 0) return fresh(channel, check, flipStatus, flip, at, -1);
    if (this.#count === this.#slots.length) {
      if (this.#slots.length < this.#limits.records) this.#grow();
      else this.#dropOldest();
    }
    const index = (this.#start + this.#count) % this.#slots.length;
    const position = this.#next++;
    let entry = this.#slots[index];
    if (entry === undefined) {
      entry = fresh(channel, check, flipStatus, flip, at, position);
      this.#slots[index] = entry;
    } else {
      entry.channel = channel;
      entry.check = check;
      entry.flipStatus = flipStatus;
      entry.flipReason = flip.reason;
      entry.flipAt = flip.at;
      entry.at = at;
      entry.error = "Sending";
      entry.requests = NO_REQUESTS;
      entry.email = null;
      entry.view = -1;
      entry.position = position;
    }
    this.#sizes[index] = 0;
    this.#count++;
    return entry;
  }

  /**
   * Keeps with `entry` the view in `rows`' row `row` so that its request
   * is rendered from it when the record is read; nothing for an entry the
   * outbox no longer keeps. Entries kept with the same `take` (a number
   * the caller changes whenever it takes the row anew) share one copy.
   */
  keepView(entry: OutboxEntry, rows: FlipRows, row: number, take: number): void {
    if (this.#indexOf(entry) < 0) return;
    entry.view = this.#views.use(rows, row, take);
  }

  /** Counts the size of a completed entry and drops the oldest records beyond the byte limit; nothing for an entry already dropped. */
  settle(entry: OutboxEntry): void {
    const index = this.#indexOf(entry);
    if (index < 0) return;
    const size = sizeOf(entry) + (entry.view >= 0 ? this.#views.heldBytes(entry.view) : 0);
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

  // The slot of an entry the outbox keeps, or -1.
  #indexOf(entry: OutboxEntry): number {
    const offset = entry.position - this.#first;
    if (offset < 0 || offset >= this.#count) return -1;
    const index = (this.#start + offset) % this.#slots.length;
    return this.#slots[index] === entry ? index : -1;
  }

  #dropOldest(): void {
    const index = this.#start;
    const entry = this.#slots[index] as OutboxEntry;
    this.#bytes -= this.#sizes[index] as number;
    if (entry.error === "Sending") this.#slots[index] = undefined;
    else {
      // Let go of what the record held; the slot object itself is kept for the next record.
      entry.requests = NO_REQUESTS;
      entry.email = null;
      if (entry.view >= 0) this.#views.drop(entry.view);
      entry.view = -1;
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
    const moved = this.#views.grow(capacity);
    for (const entry of slots) if (entry !== undefined && entry.view >= 0) entry.view = moved(entry.view);
    this.#slots = slots;
    this.#sizes = sizes;
    this.#start = 0;
  }

  #present(entry: OutboxEntry): DeliveryRecord {
    const requests = entry.view >= 0 ? this.#renderLater(this.#views.view(entry.view), entry.channel) : entry.requests;
    return {
      channel: { id: entry.channel.id, name: entry.channel.name, kind: entry.channel.kind },
      check: entry.check,
      flip: { status: entry.flipStatus, reason: entry.flipReason, time: new Date(entry.flipAt).toISOString() },
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

function fresh(channel: ChannelSnapshot, check: string, flipStatus: AlertDirection, flip: OpenedFlip, at: number, position: number): OutboxEntry {
  const { reason: flipReason, at: flipAt } = flip;
  return { channel, check, flipStatus, flipReason, flipAt, at, error: "Sending", requests: NO_REQUESTS, email: null, view: -1, position };
}

// A fixed allowance per record covers its small members and object overhead.
const RECORD_OVERHEAD = 256;

// A record kept with its view also counts the settings it is rendered from (and the caller, the view's own data).
function sizeOf(entry: OutboxEntry): number {
  let size = RECORD_OVERHEAD + entry.channel.name.length + entry.error.length;
  if (entry.view >= 0) size += entry.channel.value.length;
  // Indexed loops: most entries share the frozen empty list, which a for-of walks slowly.
  const { requests } = entry;
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i] as EntryRequest;
    size += request.url.length + (request.body?.byteLength ?? 0);
    for (const [name, value] of request.headers) size += name.length + value.length;
  }
  if (entry.email) size += entry.email.to.length + entry.email.subject.length + entry.email.text.length;
  return size;
}

