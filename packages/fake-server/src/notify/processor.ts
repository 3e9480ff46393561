/**
 * The notification processor. Once the request that recorded a flip has
 * been answered, it takes the flip, picks the check's integrations that
 * want it and renders what each delivery sends, from the store as it is
 * then: one record per delivery in the outbox, dated then. Emails (unless
 * an SMTP relay takes them too), kinds the fake does not deliver, requests
 * to a vendor's own address (unless routed), and every delivery in
 * record-only mode are complete at that point. HTTP requests and relayed
 * emails are sent later, on a pool of workers like the service's alert
 * processor: the deliveries of one flip
 * one after another in the project's order, different flips on different
 * workers, so that a receiver that hangs holds only the later channels of
 * its own flip. The flips of one check are sent in order, so that a
 * receiver never gets a check's `up` before the `down` it ends: a hanging
 * receiver holds its check's later flips too, never another check's.
 * @module
 */
import { RENDER_LIMIT_ERROR, RENDERED_ALERT_MAX_LENGTH } from "../model/notify/limits.js";
import { groupMembers, isGroup } from "../model/kinds/group.js";
import { deliveryRateLimit, isPermanentFailure, notifies, renderAlert, type VendorUrls } from "../model/kinds/registry.js";
import { RATE_LIMIT_EXCEEDED, TokenBuckets } from "../model/notify/rate-limit.js";
import type { EmailAlert, HttpAlert, RenderedAlert } from "../model/notify/view.js";
import type { Core } from "../model/service.js";
import type { PendingFlip, StoredChannel, StoredCheck } from "../model/store.js";
import { cancelTurn, nextTurn, type Turn } from "../model/real-timers.js";
import { routedAlert } from "../model/notify/vendor.js";
import { channelView, flipView, overviewFor, type FlipView } from "./alert-view.js";
import { newRecord, Outbox, sentRequest, textLength, type DeliveryRecord, type OutboxLimits } from "./outbox.js";
import { sendHttpAlert } from "./sender.js";
import type { Mailer } from "./mailer.js";
import { sendingError, TRANSPORT_ERRORS, type Transport, type WireRequest } from "../transport/transport.js";
import { firstRequest } from "../transport/wire-request.js";

/** Longest error text a delivery record and an integration keep, as the service stores them. */
export const ERROR_TEXT_MAX_LENGTH = 200;

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
  /** Flips whose requests are sent at the same time, at most. */
  workers: number;
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

/** The HTTP deliveries of one flip, sent one after another by one worker. */
interface FlipSends {
  /** The check's UUID: its flips are sent in order. */
  check: string;
  deliveries: Array<{ record: DeliveryRecord; channel: StoredChannel; alert: HttpAlert | EmailAlert; group: GroupTally | null }>;
  /** Aborted by `abort()` (the fake's `close()` or `reset()`). */
  signal: AbortSignal;
}

/** Delivers the store's pending flips; one processor per fake. */
export class Notifier {
  /** The delivery records. */
  readonly outbox: Outbox;
  readonly #core: Core;
  readonly #now: () => number;
  readonly #settings: NotifierSettings;
  readonly #waiting: FlipSends[] = [];
  readonly #workers = new Set<Promise<void>>();
  // The checks whose flips a worker is sending.
  readonly #busy = new Set<string>();
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
    if (this.#turn === null && this.#workers.size < this.#settings.workers && this.#waiting.some((sends) => !this.#busy.has(sends.check))) {
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
   * an error saying so); flips recorded afterwards are delivered again.
   */
  abort(): void {
    this.#controller.abort();
    this.#controller = new AbortController();
  }

  #takeFlips(): void {
    const queue = this.#core.store.pendingFlips;
    for (let pending = queue.take(); pending !== undefined; pending = queue.take()) this.#record(pending);
  }

  // Records every delivery of one flip, rendered from the store as it is now.
  #record({ check, flip }: PendingFlip): void {
    flip.processed = true;
    // A check deleted (or a fake reset) before its flip was taken has nobody left to notify.
    if (this.#core.store.checks.get(check.uuid) !== check) return;
    const now = this.#now();
    const shared = flipView(this.#core, check, flip, now);
    const sends: FlipSends = { check: check.uuid, deliveries: [], signal: this.#controller.signal };
    for (const channel of check.project.channels) {
      if (!check.channels.has(channel.id) || channel.disabled || !notifies(channel.kind, channel.value, shared.flip.status)) continue;
      if (isGroup(channel.kind)) this.#recordGroup(channel, check, flip, now, shared, sends);
      else this.#recordDelivery(channel, check.uuid, flip, now, shared, sends, null);
    }
    if (sends.deliveries.length > 0) this.#waiting.push(sends);
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
      record.error = "Sending";
      sends.deliveries.push({ record, channel, alert, group });
    } else if (alert.type === "http") {
      // Record-only mode records what sending would write, and fails where sending would fail before writing.
      const request = unsentRequest(alert);
      if (typeof request === "string") record.error = request;
      else record.requests.push(sentRequest(request, null));
    } else if (alert.type === "email") {
      const { type, ...email } = alert;
      record.email = email;
      if (this.#settings.mailer !== null) {
        record.error = "Sending";
        sends.deliveries.push({ record, channel, alert, group });
      }
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
    tally.record.error = tally.failed === 0 ? "" : `${tally.failed} out of ${tally.members} notifications failed`;
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
    while (this.#workers.size < this.#settings.workers) {
      const sends = this.#next();
      if (sends === undefined) return;
      const worker = this.#work(sends).finally(() => this.#workers.delete(worker));
      this.#workers.add(worker);
    }
  }

  // The first waiting flip of a check no worker is sending, taken off the queue.
  #next(): FlipSends | undefined {
    const index = this.#waiting.findIndex((sends) => !this.#busy.has(sends.check));
    if (index < 0) return undefined;
    const [sends] = this.#waiting.splice(index, 1) as [FlipSends];
    this.#busy.add(sends.check);
    return sends;
  }

  // Sends one flip's requests, then those of the flips still waiting, until none it may take waits.
  async #work(first: FlipSends): Promise<void> {
    for (let sends: FlipSends | undefined = first; sends !== undefined; sends = this.#next()) {
      for (const { record, channel, alert, group } of sends.deliveries) {
        if (alert.type === "email") {
          await this.#mail(alert, sends.signal, record, channel, group);
          continue;
        }
        const outcome = await sendHttpAlert(alert, {
          transport: this.#settings.transport as Transport,
          attemptTimeoutMs: this.#settings.attemptTimeoutMs,
          signal: sends.signal,
          isPermanent: (status, bodyText) => isPermanentFailure(channel.kind, status, bodyText),
          onRequest: (request, status) => record.requests.push(sentRequest(request, status)),
        });
        record.error = outcome.error.slice(0, ERROR_TEXT_MAX_LENGTH);
        if (outcome.permanent) channel.disabled = true;
        this.outbox.resized(record);
        this.#ended(channel, record.error, group);
      }
      this.#busy.delete(sends.check);
    }
  }

  // A message the relay did not take is left as the service leaves one its SMTP server did not:
  // the record stays `Sending` and the integration's last error is kept.
  async #mail(alert: EmailAlert, signal: AbortSignal, record: DeliveryRecord, channel: StoredChannel, group: GroupTally | null): Promise<void> {
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
