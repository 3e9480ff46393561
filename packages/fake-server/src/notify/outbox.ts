/**
 * The outbox: every delivery the fake made or recorded, oldest first,
 * bounded by a count and an estimate of the bytes held (the oldest records
 * are dropped first), like the request journal.
 * @module
 */
import type { AlertDirection } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import type { FlipRecord, StoredCheck } from "../model/store.js";
import type { FlipView } from "./alert-view.js";
import type { TakenFlip } from "./flip-rows.js";
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
 * A delivery under way, as the engine fills it in: its record shows it
 * until the engine hands it back with {@link Outbox.settle}.
 */
export interface OutboxEntry {
  /** `"Sending"` while under way; then `""` on success, otherwise the error text. */
  error: string;
  /** Requests made (or rendered) so far; the shared empty list until the engine sets its own. */
  requests: EntryRequest[];
  /** The alert email (email kind), otherwise `null`. */
  email: SentEmail | null;
  /** The record's place in the order of all records ever opened (-1: an outbox that keeps none). */
  readonly position: number;
}

/** The flip a delivery is opened for: a notifying flip's new status is `up` or `down`. */
export type OpenedFlip = Pick<FlipRecord, "at" | "to" | "reason">;

/** Renders the request of an entry kept with a view, when the entry is read. */
export type RenderLater = (view: FlipView, channel: ChannelSnapshot) => EntryRequest[];

/** The requests of every entry that has none of its own: frozen, so that adding to it fails loudly. */
export const NO_REQUESTS = Object.freeze([]) as unknown as EntryRequest[];

const UTF8 = new TextDecoder();

/**
 * The bounded list of delivery records: a ring of columns, one entry per
 * record in each (the times two), so that recording a delivery writes a
 * few values next to the previous record's and keeps no object per
 * record. A delivery under way has an entry object the engine completes;
 * dropping its record leaves the entry to the engine, whose completion
 * then changes nothing. The views of requests recorded to be rendered
 * later are rows of values, one per flip and moment ({@link KeptViews}).
 */
export class Outbox {
  #channels: (ChannelSnapshot | null)[] = [];
  #checks: string[] = [];
  #statuses: AlertDirection[] = [];
  #reasons: FlipRecord["reason"][] = [];
  // When the delivery started, then the flip's time, epoch ms.
  #times = new Float64Array(0);
  #errors: string[] = [];
  #requests: EntryRequest[][] = [];
  #emails: (SentEmail | null)[] = [];
  // The kept view a request is rendered from when read, or -1.
  #views = new Int32Array(0);
  #sizes = new Float64Array(0);
  // The entry of a delivery under way, until it is settled.
  #entries: (OutboxEntry | undefined)[] = [];
  readonly #kept = new KeptViews();
  // Slots, the oldest record's slot, how many are kept, the position of the oldest and of the next one.
  #capacity = 0;
  #start = 0;
  #count = 0;
  #first = 0;
  #next = 0;
  #bytes = 0;
  readonly #limits: OutboxLimits;
  readonly #renderLater: RenderLater;

  /** Creates an empty outbox with these limits; `renderLater` renders the requests of records kept with a view. */
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
   * {@link Outbox.settle} so that its size counts.
   */
  open(channel: ChannelSnapshot, check: string, flip: OpenedFlip, at: number): OutboxEntry {
    const index = this.#add(channel, check, flip, at, "Sending");
    const entry: OutboxEntry = { error: "Sending", requests: NO_REQUESTS, email: null, position: index < 0 ? -1 : this.#next - 1 };
    if (index >= 0) this.#entries[index] = entry;
    return entry;
  }

  /** Adds the record of a delivery decided without rendering or sending anything: `error` is `""` or what failed. */
  record(channel: ChannelSnapshot, check: string, flip: OpenedFlip, at: number, error: string): void {
    const index = this.#add(channel, check, flip, at, error);
    if (index >= 0) this.#counted(index);
  }

  /**
   * Adds the record of a request recorded without sending, rendered when
   * read from the view of `flip` of `check` at `at`, taken now. Records
   * kept with the same `take` (a number the caller changes for every flip
   * and moment) share one view.
   */
  recordLater(channel: ChannelSnapshot, core: Core, check: StoredCheck, flip: TakenFlip, at: number, take: number): void {
    const index = this.#add(channel, check.uuid, flip, at, "");
    if (index < 0) return;
    this.#views[index] = this.#kept.use(take, core, check, flip, at);
    this.#counted(index);
  }

  /** Takes a completed entry's outcome and drops the oldest records beyond the byte limit; nothing for an entry already dropped. */
  settle(entry: OutboxEntry): void {
    const offset = entry.position - this.#first;
    if (offset < 0 || offset >= this.#count) return;
    const index = (this.#start + offset) % this.#capacity;
    if (this.#entries[index] !== entry) return;
    this.#entries[index] = undefined;
    this.#errors[index] = entry.error;
    this.#requests[index] = entry.requests;
    this.#emails[index] = entry.email;
    this.#counted(index);
  }

  /** The records, oldest first, as fresh JSON-ready objects. */
  list(): DeliveryRecord[] {
    const out: DeliveryRecord[] = [];
    for (let i = 0; i < this.#count; i++) out.push(this.#present((this.#start + i) % this.#capacity));
    return out;
  }

  /** Forgets every record. */
  clear(): void {
    while (this.#count > 0) this.#dropOldest();
  }

  // The slot of a new record, its other columns emptied; -1 when the outbox keeps no records.
  #add(channel: ChannelSnapshot, check: string, flip: OpenedFlip, at: number, error: string): number {
    if (this.#limits.records === 0) return -1;
    if (this.#count === this.#capacity) {
      if (this.#capacity < this.#limits.records) this.#grow();
      else this.#dropOldest();
    }
    const index = (this.#start + this.#count) % this.#capacity;
    this.#channels[index] = channel;
    this.#checks[index] = check;
    this.#statuses[index] = flip.to === "up" ? "up" : "down";
    this.#reasons[index] = flip.reason;
    this.#times[2 * index] = at;
    this.#times[2 * index + 1] = flip.at;
    this.#errors[index] = error;
    this.#sizes[index] = 0;
    this.#next++;
    this.#count++;
    return index;
  }

  // Counts the size of the completed record in `index`, then drops the oldest records beyond the byte limit.
  #counted(index: number): void {
    const size = this.#sizeOf(index);
    this.#bytes += size - (this.#sizes[index] as number);
    this.#sizes[index] = size;
    while (this.#bytes > this.#limits.bytes && this.#count > 0) this.#dropOldest();
  }

  #dropOldest(): void {
    const index = this.#start;
    this.#bytes -= this.#sizes[index] as number;
    // Let go of what the record held; the slot is reused for the next record.
    this.#entries[index] = undefined;
    this.#requests[index] = NO_REQUESTS;
    this.#emails[index] = null;
    const view = this.#views[index] as number;
    if (view >= 0) this.#kept.drop(view);
    this.#views[index] = -1;
    this.#start = (index + 1) % this.#capacity;
    this.#count--;
    this.#first++;
  }

  // Doubles the ring (up to the record limit), its records moved to the front in order.
  #grow(): void {
    const old = this.#capacity;
    const capacity = Math.min(this.#limits.records, Math.max(16, old * 2));
    const slot = (i: number): number => (this.#start + i) % old;
    const moved = <T>(column: T[], empty: T): T[] => Array.from({ length: capacity }, (_, i) => (i < old ? (column[slot(i)] as T) : empty));
    this.#channels = moved(this.#channels, null);
    this.#checks = moved(this.#checks, "");
    this.#statuses = moved(this.#statuses, "down");
    this.#reasons = moved(this.#reasons, "");
    this.#errors = moved(this.#errors, "");
    this.#requests = moved(this.#requests, NO_REQUESTS);
    this.#emails = moved(this.#emails, null);
    this.#entries = moved(this.#entries, undefined);
    const times = new Float64Array(2 * capacity);
    const sizes = new Float64Array(capacity);
    const views = new Int32Array(capacity).fill(-1);
    const movedView = this.#kept.grow(capacity);
    for (let i = 0; i < old; i++) {
      const from = slot(i);
      times[2 * i] = this.#times[2 * from] as number;
      times[2 * i + 1] = this.#times[2 * from + 1] as number;
      sizes[i] = this.#sizes[from] as number;
      const view = this.#views[from] as number;
      views[i] = view >= 0 ? movedView(view) : -1;
    }
    this.#times = times;
    this.#sizes = sizes;
    this.#views = views;
    this.#capacity = capacity;
    this.#start = 0;
  }

  // A record kept with its view also counts the settings it is rendered from, and the view's own data.
  #sizeOf(index: number): number {
    const channel = this.#channels[index] as ChannelSnapshot;
    let size = RECORD_OVERHEAD + channel.name.length + (this.#errors[index] as string).length;
    const view = this.#views[index] as number;
    if (view >= 0) size += channel.value.length + this.#kept.heldBytes(view);
    // Indexed loops: most records share the frozen empty list, which a for-of walks slowly.
    const requests = this.#requests[index] as EntryRequest[];
    for (let i = 0; i < requests.length; i++) {
      const request = requests[i] as EntryRequest;
      size += request.url.length + (request.body?.byteLength ?? 0);
      for (const [name, value] of request.headers) size += name.length + value.length;
    }
    const email = this.#emails[index];
    if (email) size += email.to.length + email.subject.length + email.text.length;
    return size;
  }

  #present(index: number): DeliveryRecord {
    const channel = this.#channels[index] as ChannelSnapshot;
    const entry = this.#entries[index];
    const view = this.#views[index] as number;
    const requests =
      entry !== undefined ? entry.requests : view >= 0 ? this.#renderLater(this.#kept.view(view), channel) : (this.#requests[index] as EntryRequest[]);
    const email = entry !== undefined ? entry.email : this.#emails[index];
    return {
      channel: { id: channel.id, name: channel.name, kind: channel.kind },
      check: this.#checks[index] as string,
      flip: {
        status: this.#statuses[index] as AlertDirection,
        reason: this.#reasons[index] as FlipRecord["reason"],
        time: new Date(this.#times[2 * index + 1] as number).toISOString(),
      },
      time: new Date(this.#times[2 * index] as number).toISOString(),
      error: entry !== undefined ? entry.error : (this.#errors[index] as string),
      requests: requests.map((r) => ({
        method: r.method,
        url: r.url,
        headers: r.headers.map(([name, value]) => [name, value] as [string, string]),
        body: r.body === null ? null : UTF8.decode(r.body),
        bodyBase64: r.body === null ? null : Buffer.from(r.body).toString("base64"),
        status: r.status,
      })),
      email: email ? { ...email } : null,
    };
  }
}

// A fixed allowance per record covers its small members.
const RECORD_OVERHEAD = 256;
