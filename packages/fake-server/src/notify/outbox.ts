/**
 * The outbox: one plain record per delivery, oldest first, bounded by a
 * count and an estimate of the bytes held (the oldest records are dropped
 * first), like the request journal.
 * @module
 */
import type { AlertDirection, EmailAlert } from "../model/notify/view.js";
import type { FlipRecord } from "../model/store.js";
import { toBase64 } from "../text/bytes.js";
import { curlHref } from "../text/curl-url.js";
import type { WireRequest } from "../transport/transport.js";

/** An HTTP request a delivery made (one per attempt and per redirect followed), or would make in record-only mode. */
export interface SentRequest {
  /** Upper-case method. */
  method: string;
  /** Absolute URL. */
  url: string;
  /** Headers in sending order, names as written (values are Latin-1 text). */
  headers: Array<[name: string, value: string]>;
  /** Body decoded as UTF-8 (invalid bytes as U+FFFD), or `null` when none was sent. */
  body: string | null;
  /** The exact body bytes as base64, or `null`. */
  bodyBase64: string | null;
  /** The receiver's status code; `null` when none came (transport error) or nothing was sent (record-only). */
  status: number | null;
}

/** An alert email a delivery put in the outbox: what the renderer made of it, as plain data. */
export type SentEmail = Omit<EmailAlert, "type">;

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
  /** Clock time when the flip's request was answered (what the delivery renders is fixed then), ISO 8601. */
  time: string;
  /** `""` on success, `"Sending"` while under way, otherwise the error text (as the integration's `lastError`). */
  error: string;
  /** HTTP requests made (webhooks and chat kinds), in order; empty for emails and kinds the fake does not deliver. */
  requests: SentRequest[];
  /** The alert email (email kind), otherwise `null`. */
  email: SentEmail | null;
  /** What a phone kind's message says (the SMS, the words of a call; for WhatsApp, whose text is the service's template at Twilio, the SMS text it stands for), otherwise `null`. */
  text: string | null;
}

/** Limits of an {@link Outbox}. */
export interface OutboxLimits {
  /** Records kept. */
  records: number;
  /** Bytes held at most (the texts of the records, estimated); the newest record is kept whatever its size. */
  bytes: number;
}

/** The channel, check and flip a record is about, and when its delivery was rendered (epoch ms). */
export function newRecord(channel: DeliveryRecord["channel"], check: string, flip: Pick<FlipRecord, "at" | "to" | "reason">, at: number): DeliveryRecord {
  return {
    channel: { id: channel.id, name: channel.name, kind: channel.kind },
    check,
    flip: { status: flip.to === "up" ? "up" : "down", reason: flip.reason, time: new Date(flip.at).toISOString() },
    time: new Date(at).toISOString(),
    error: "",
    requests: [],
    email: null,
    text: null,
  };
}

const UTF8 = new TextDecoder();

/** A request as a record shows it: the URL as text (without the user part, which went out as `Authorization`), the headers as name/value pairs, the body bytes (not chunk-framed) as UTF-8 text and as base64. */
export function sentRequest(request: WireRequest, status: number | null): SentRequest {
  const { body } = request;
  return {
    method: request.method,
    url: curlHref(request.url),
    headers: request.headers.map(({ name, value }): [string, string] => [name, value]),
    body: body === null ? null : UTF8.decode(body),
    bodyBase64: body === null ? null : toBase64(body),
    status,
  };
}

// A fixed allowance per record covers its small members.
const RECORD_OVERHEAD = 256;

/** The characters of the texts in `value` and the bytes of its byte arrays, whatever members it has: an estimate of what it holds. */
export function textLength(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value !== "object" || value === null) return 8;
  let size = 0;
  for (const member of Object.values(value)) size += textLength(member);
  return size;
}

/**
 * The bounded list of delivery records. A delivery under way changes its
 * record (its error, the requests made) and then hands it back with
 * {@link Outbox.resized}; a record dropped meanwhile stays dropped.
 */
export class Outbox {
  #records: DeliveryRecord[] = [];
  readonly #sizes = new WeakMap<DeliveryRecord, number>();
  #bytes = 0;
  readonly #limits: OutboxLimits;

  /** Creates an empty outbox with these limits. */
  constructor(limits: OutboxLimits) {
    this.#limits = limits;
  }

  /** Number of records kept. */
  get size(): number {
    return this.#records.length;
  }

  /** Adds a record, dropping the oldest beyond the limits. */
  add(record: DeliveryRecord): void {
    if (this.#limits.records === 0) return;
    if (this.#records.length === this.#limits.records) this.#dropOldest();
    this.#records.push(record);
    this.#sizes.set(record, 0);
    this.resized(record);
  }

  /** Counts a record's size anew after its delivery changed it; nothing for a record already dropped. */
  resized(record: DeliveryRecord): void {
    const before = this.#sizes.get(record);
    if (before === undefined) return;
    const size = RECORD_OVERHEAD + textLength(record);
    this.#sizes.set(record, size);
    this.#bytes += size - before;
    // The newest record stays, however large: a delivery's size is bounded by the render limit, and a delivered alert is never left unrecorded.
    while (this.#bytes > this.#limits.bytes && this.#records.length > 1) this.#dropOldest();
  }

  /** The records, oldest first, as fresh JSON-ready objects. */
  list(): DeliveryRecord[] {
    return structuredClone(this.#records);
  }

  /** Forgets every record. */
  clear(): void {
    for (const record of this.#records) this.#sizes.delete(record);
    this.#records = [];
    this.#bytes = 0;
  }

  #dropOldest(): void {
    const record = this.#records.shift() as DeliveryRecord;
    this.#bytes -= this.#sizes.get(record) ?? 0;
    this.#sizes.delete(record);
  }
}
