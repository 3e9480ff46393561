/**
 * The notification processor. Once the request that recorded a flip has
 * been answered, it takes the flip, picks the check's integrations that
 * want it and renders what each delivery sends, from the store as it is
 * then: one record per delivery in the outbox, dated then. Emails (unless
 * an SMTP relay takes them too), kinds the fake does not deliver, requests
 * to a vendor's own address (unless routed), and every delivery in
 * record-only mode are complete at that point. HTTP requests and relayed
 * emails are sent later, on a pool of workers like the service's alert
 * processor: the deliveries of one flip one after another in the
 * project's order, the flips of one check in order (so that a receiver
 * never gets a check's `up` before the `down` it ends), different checks
 * on different workers. A check that has waited {@link WORKER_WAIT_MS} for
 * a free worker gets one of its own, outside the pool, so that receivers
 * that hang hold only their own checks' alerts, never another check's
 * for longer than that.
 *
 * What waits to be sent and is under way is bounded
 * ({@link NotifierSettings.queue}): a delivery past the bound is recorded
 * with {@link QUEUE_FULL_ERROR} and sends nothing. A flip is marked
 * processed once all its deliveries have ended, so that a state saved
 * meanwhile (and a crash after it) leaves it to be delivered again.
 * @module
 */
import { RENDER_LIMIT_ERROR, RENDERED_ALERT_MAX_LENGTH } from "../model/notify/limits.js";
import { groupError, groupMembers, isGroup } from "../model/kinds/group.js";
import { deliveryRateLimit, isPermanentFailure, notifies, renderAlert, type VendorUrls } from "../model/kinds/registry.js";
import { RATE_LIMIT_EXCEEDED, TokenBuckets } from "../model/notify/rate-limit.js";
import type { EmailAlert, HttpAlert, RenderedAlert } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import type { FlipRecord, PendingFlip, StoredChannel, StoredCheck } from "../model/store.js";
import { cancelTurn, nextTurn, startTimer, stopTimer, unrefTimer, type TimerHandle, type Turn } from "../model/real-timers.js";
import { routedAlert } from "../model/notify/vendor.js";
import { channelView, flipView, overviewFor, type FlipView } from "./alert-view.js";
import { newRecord, Outbox, sentRequest, textLength, type DeliveryRecord, type OutboxLimits } from "./outbox.js";
import { DELIVERY_ATTEMPTS, sendHttpAlert } from "./sender.js";
import type { Mailer } from "./mailer.js";
import { sendingError, TRANSPORT_ERRORS, type Transport, type WireRequest } from "../transport/transport.js";
import { firstRequest } from "../transport/wire-request.js";

/** Longest error text a delivery record and an integration keep, as the service stores them. */
export const ERROR_TEXT_MAX_LENGTH = 200;

/** The error of a delivery refused because the deliveries held for sending are at their bound. */
export const QUEUE_FULL_ERROR = "Not sent: the fake's delivery queue is full (notifications.queueLimit or queueByteLimit)";

/**
 * How long a check's alerts wait for a free worker of the pool before
 * they get one of their own, ms: the longest they wait for receivers that
 * hang on other checks.
 */
export const WORKER_WAIT_MS = 100;

// What a delivery held for sending may come to hold, in copies of its rendered text: the alert itself and, for
// each attempt, the request as framed for the socket and as its record keeps it (as text and as base64).
const HELD_COPIES = 1 + 3 * DELIVERY_ATTEMPTS;
// A fixed allowance per delivery covers its record's small members.
const DELIVERY_OVERHEAD = 256;

// What a group counts for a member whose email the relay refused. The
// service's processor stops at such a failure, leaving the group's record
// `Sending` too; the fake goes on to the other members and
// counts this one as failed (docs/testing-alerts.md). The text is never
// shown: the member's own record stays `Sending`.
const RELAY_REFUSED = "relay refused the message";

/** What the processor works with. */
export interface NotifierSettings {
  /** Sends HTTP deliveries; `null` records them without sending. */
  transport: Transport | null;
  /** Also hands alert emails to an SMTP relay; `null`: they are only recorded. */
  mailer: Mailer | null;
  /** Time limit of one HTTP attempt, ms. */
  attemptTimeoutMs: number;
  /** Checks whose deliveries the pool sends at the same time (checks that waited {@link WORKER_WAIT_MS} for it are sent besides). */
  workers: number;
  /** Bound of the deliveries held for sending (waiting or under way): how many, and the bytes they hold, estimated. */
  queue: { deliveries: number; bytes: number };
  /** Limits of the outbox the delivery records go to. */
  outbox: OutboxLimits;
  /** Where vendor kinds' requests are sent; without one they are only recorded. */
  vendorUrls: VendorUrls;
  /** Called whenever a delivery changed the state (an integration's last error or disabled flag). */
  onChange(): void;
}

/**
 * A group's delivery while its members' are under way: its record says
 * how many of them failed once the last has ended.
 */
interface GroupTally {
  record: DeliveryRecord;
  channel: StoredChannel;
  /** Its members, those skipped for this direction included (the service counts them). */
  members: number;
  /** Member deliveries not ended yet, plus one while they are still being recorded. */
  pending: number;
  failed: number;
}

/** One delivery to send, and what it counts for in the queue's bound. */
interface HeldDelivery {
  record: DeliveryRecord;
  channel: StoredChannel;
  alert: HttpAlert | EmailAlert;
  group: GroupTally | null;
  /** Bytes it may hold, estimated. */
  size: number;
}

/** The deliveries of one flip, sent one after another by one worker. */
interface FlipSends {
  /** The check's UUID: its flips are sent in order. */
  check: string;
  /** Marked processed once every delivery has ended (not when aborted: a restart delivers it again). */
  flip: FlipRecord;
  deliveries: HeldDelivery[];
  /** Aborted by `abort()` (the fake's `close()` or `reset()`). */
  signal: AbortSignal;
}

/** A check whose flips wait for a worker, and the timer that gives it one of its own. */
interface ReadyCheck {
  check: string;
  timer: TimerHandle;
}

/** Delivers the store's pending flips; one processor per fake. */
export class Notifier {
  /** The delivery records. */
  readonly outbox: Outbox;
  readonly #core: Core;
  readonly #now: () => number;
  readonly #settings: NotifierSettings;
  // Each check's flips waiting or being sent, in order; a check is here while a worker sends its flips or it waits in #ready.
  readonly #lanes = new Map<string, FlipSends[]>();
  // The checks with flips waiting and no worker, in the order they began to wait.
  readonly #ready: ReadyCheck[] = [];
  readonly #workers = new Set<Promise<void>>();
  // Workers of the pool (not those a check that waited too long got).
  #slots = 0;
  // Deliveries held for sending and the bytes they may hold.
  #heldCount = 0;
  #heldBytes = 0;
  // The turn of the event loop that starts workers, while one is scheduled.
  #turn: Turn = null;
  #controller = new AbortController();
  readonly #buckets = new TokenBuckets();

  /**
   * @param core The service.
   * @param now The clock's reading, epoch ms.
   * @param settings Transport, workers, limits of the outbox.
   */
  constructor(core: Core, now: () => number, settings: NotifierSettings) {
    this.#core = core;
    this.#now = now;
    this.#settings = settings;
    this.outbox = new Outbox(settings.outbox);
  }

  /**
   * Takes the flips recorded so far and records their deliveries, rendered
   * now; requests to send start on a later turn of the event loop, after
   * the answer. Cheap when no flip waits, so it follows every request.
   */
  kick(): void {
    this.#takeFlips();
    if (this.#turn === null && this.#slots < this.#settings.workers && this.#ready.length > 0) {
      this.#turn = nextTurn(() => {
        this.#turn = null;
        this.#startWorkers();
      });
    }
  }

  /**
   * Resolves once no flip waits and no delivery is under way (flips
   * recorded meanwhile included), leaving no turn of the event loop
   * scheduled. Sending starts at once: the caller is waiting for it, and
   * the flips' requests were answered before their deliveries were
   * rendered.
   */
  async settled(): Promise<void> {
    for (;;) {
      this.#takeFlips();
      if (this.#turn !== null) cancelTurn(this.#turn);
      this.#turn = null;
      this.#startWorkers();
      if (this.#workers.size === 0) return;
      await Promise.all(this.#workers);
    }
  }

  /**
   * Aborts the requests under way and those waiting (each is recorded with
   * an error saying so, and their flips stay unprocessed); flips recorded
   * afterwards are delivered again.
   */
  abort(): void {
    this.#controller.abort();
    this.#controller = new AbortController();
  }

  #takeFlips(): void {
    const queue = this.#core.store.pendingFlips;
    for (let pending = queue.take(); pending !== undefined; pending = queue.take()) this.#record(pending);
  }

  // Queues the deliveries of one flip left to send; one that has none is processed.
  #record({ check, flip }: PendingFlip): void {
    const sends = this.#recordAll(check, flip);
    if (sends === null || sends.deliveries.length === 0) {
      flip.processed = true;
      return;
    }
    let lane = this.#lanes.get(sends.check);
    if (lane === undefined) {
      lane = [];
      this.#lanes.set(sends.check, lane);
      // Waiting deliveries must not keep a process alive that is otherwise done.
      const ready: ReadyCheck = { check: sends.check, timer: unrefTimer(startTimer(() => this.#waitedTooLong(ready), WORKER_WAIT_MS)) };
      this.#ready.push(ready);
    }
    lane.push(sends);
  }

  // Records every delivery of one flip, rendered from the store as it is now; returns those left to send.
  #recordAll(check: StoredCheck, flip: FlipRecord): FlipSends | null {
    // A check deleted (or a fake reset) before its flip was taken has nobody left to notify.
    if (this.#core.store.checks.get(check.uuid) !== check) return null;
    const now = this.#now();
    const shared = flipView(this.#core, check, flip, now);
    const sends: FlipSends = { check: check.uuid, flip, deliveries: [], signal: this.#controller.signal };
    for (const channel of check.project.channels) {
      if (!check.channels.has(channel.id) || channel.disabled || !notifies(channel.kind, channel.value, shared.flip.status)) continue;
      if (isGroup(channel.kind)) this.#recordGroup(channel, check, flip, now, shared, sends);
      else this.#recordDelivery(channel, check.uuid, flip, now, shared, sends, null);
    }
    return sends;
  }

  // Holds a delivery for sending, or records why it cannot be.
  #hold(sends: FlipSends, delivery: Omit<HeldDelivery, "size">): void {
    const size = DELIVERY_OVERHEAD + textLength(delivery.alert) * HELD_COPIES;
    const { queue } = this.#settings;
    if (this.#heldCount + 1 > queue.deliveries || this.#heldBytes + size > queue.bytes) {
      delivery.record.error = QUEUE_FULL_ERROR;
      return;
    }
    delivery.record.error = "Sending";
    this.#heldCount++;
    this.#heldBytes += size;
    sends.deliveries.push({ ...delivery, size });
  }

  #recordDelivery(
    channel: StoredChannel,
    check: string,
    flip: PendingFlip["flip"],
    now: number,
    shared: FlipView,
    sends: FlipSends,
    group: GroupTally | null,
  ): void {
    const { transport } = this.#settings;
    const record = newRecord(channel, check, flip, now);
    let alert: RenderedAlert = { type: "none" };
    const limit = deliveryRateLimit(channel.kind, channel.value);
    if (limit !== null && !this.#buckets.take(limit, now)) {
      record.error = RATE_LIMIT_EXCEEDED;
    } else {
      try {
        alert = this.#render(channel, shared);
      } catch (problem) {
        // A renderer's refusal (a webhook without a URL for this direction: `Empty webhook URL`) fails this delivery alone, as a sender error would.
        record.error = (problem instanceof Error ? problem.message : String(problem)).slice(0, ERROR_TEXT_MAX_LENGTH);
      }
    }
    if (alert.type === "http") record.text = alert.text ?? null;
    // A request to a vendor's own address is only recorded (`vendorUrls` moves the ones a test wants to receive).
    if (alert.type === "http" && transport !== null && alert.vendor === undefined) {
      this.#hold(sends, { record, channel, alert, group });
    } else if (alert.type === "http") {
      // Record-only mode records what sending would write, and fails where sending would fail before writing.
      const request = unsentRequest(alert);
      if (typeof request === "string") record.error = request;
      else record.requests.push(sentRequest(request, null));
    } else if (alert.type === "email") {
      const { type, ...email } = alert;
      record.email = email;
      if (this.#settings.mailer !== null) this.#hold(sends, { record, channel, alert, group });
    }
    this.outbox.add(record);
    if (record.error !== "Sending") this.#ended(channel, record.error, group);
  }

  // A group delivers to each of its members as their own delivery (disabled ones too, as the service does); its
  // record, opened first, fails when any of theirs does.
  #recordGroup(group: StoredChannel, check: StoredCheck, flip: PendingFlip["flip"], now: number, shared: FlipView, sends: FlipSends): void {
    const record = newRecord(group, check.uuid, flip, now);
    record.error = "Sending";
    this.outbox.add(record);
    const members = groupMembers(group, check.project.channels);
    const tally: GroupTally = { record, channel: group, members: members.length, pending: 1, failed: 0 };
    for (const member of members) {
      if (!notifies(member.kind, member.value, shared.flip.status)) continue;
      tally.pending++;
      this.#recordDelivery(member, check.uuid, flip, now, shared, sends, tally);
    }
    this.#memberEnded(tally, "");
  }

  #memberEnded(tally: GroupTally, error: string): void {
    if (error !== "") tally.failed++;
    if (--tally.pending > 0) return;
    tally.record.error = groupError(tally.failed, tally.members);
    this.outbox.resized(tally.record);
    this.#ended(tally.channel, tally.record.error, null);
  }

  // An email to a user of the account carries the overview of that user's projects.
  #render(channel: StoredChannel, shared: FlipView): RenderedAlert {
    const view = channelView(this.#core, shared, channel);
    let alert = routedAlert(renderAlert(view), this.#settings.vendorUrls);
    if (alert.type === "email") {
      view.overview = overviewFor(this.#core, alert.to, shared.now);
      if (view.overview !== null) alert = renderAlert(view);
    }
    if (textLength(alert) > RENDERED_ALERT_MAX_LENGTH) throw new RangeError(RENDER_LIMIT_ERROR);
    return alert;
  }

  #startWorkers(): void {
    while (this.#slots < this.#settings.workers) {
      const check = this.#nextReady();
      if (check === undefined) return;
      this.#slots++;
      this.#run(check, true);
    }
  }

  #waitedTooLong(ready: ReadyCheck): void {
    const index = this.#ready.indexOf(ready);
    if (index < 0) return;
    this.#ready.splice(index, 1);
    this.#run(ready.check, false);
  }

  #run(check: string, pooled: boolean): void {
    const running = this.#work(check, pooled).finally(() => {
      if (pooled) this.#slots--;
      this.#workers.delete(running);
    });
    this.#workers.add(running);
  }

  // Sends a check's flips in order; a worker of the pool goes on with the next checks waiting.
  async #work(first: string, pooled: boolean): Promise<void> {
    for (let check: string | undefined = first; check !== undefined; check = pooled ? this.#nextReady() : undefined) {
      const lane = this.#lanes.get(check) as FlipSends[];
      for (let sends = lane.shift(); sends !== undefined; sends = lane.shift()) await this.#sendFlip(sends);
      this.#lanes.delete(check);
    }
  }

  #nextReady(): string | undefined {
    const ready = this.#ready.shift();
    if (ready === undefined) return undefined;
    stopTimer(ready.timer);
    return ready.check;
  }

  async #sendFlip(sends: FlipSends): Promise<void> {
    for (const delivery of sends.deliveries) {
      try {
        await this.#deliver(delivery, sends.signal);
      } finally {
        this.#heldCount--;
        this.#heldBytes -= delivery.size;
      }
    }
    if (sends.signal.aborted) return;
    sends.flip.processed = true;
    this.#settings.onChange();
  }

  async #deliver({ record, channel, alert, group }: HeldDelivery, signal: AbortSignal): Promise<void> {
    if (alert.type === "email") {
      await this.#mail(alert, signal, record, channel, group);
      return;
    }
    const outcome = await sendHttpAlert(alert, {
      transport: this.#settings.transport as Transport,
      attemptTimeoutMs: this.#settings.attemptTimeoutMs,
      signal,
      isPermanent: (status, bodyText) => isPermanentFailure(channel.kind, status, bodyText),
      onRequest: (request, status) => {
        markSent(record, group);
        record.requests.push(sentRequest(request, status));
      },
    });
    record.error = outcome.error.slice(0, ERROR_TEXT_MAX_LENGTH);
    if (outcome.permanent) channel.disabled = true;
    this.outbox.resized(record);
    this.#ended(channel, record.error, group);
  }

  // A message the relay did not take is left as the service leaves one its SMTP server did not:
  // the record stays `Sending` and the integration's last error is kept.
  async #mail(alert: EmailAlert, signal: AbortSignal, record: DeliveryRecord, channel: StoredChannel, group: GroupTally | null): Promise<void> {
    markSent(record, group);
    try {
      await (this.#settings.mailer as Mailer)(alert, signal);
    } catch {
      if (signal.aborted) this.#ended(channel, (record.error = TRANSPORT_ERRORS.closed), group);
      // The member's record stays `Sending`, but its group must still count it as failed.
      else if (group !== null) this.#memberEnded(group, RELAY_REFUSED);
      return;
    }
    this.#ended(channel, (record.error = ""), group);
  }

  #ended(channel: StoredChannel, error: string, group: GroupTally | null): void {
    channel.lastError = error;
    this.#settings.onChange();
    if (group !== null) this.#memberEnded(group, error);
  }
}

// A delivery under way has sent something; so has its group.
function markSent(record: DeliveryRecord, group: GroupTally | null): void {
  record.sent = true;
  if (group !== null) group.record.sent = true;
}

// The request an alert would send first, as it would go on the wire, or the error text sending would fail with.
function unsentRequest(alert: HttpAlert): WireRequest | string {
  try {
    return firstRequest(alert);
  } catch (problem) {
    const error = sendingError(problem);
    if (error === null) throw problem;
    return error;
  }
}
