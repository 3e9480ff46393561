/**
 * The notification processor: takes the store's unprocessed flips in
 * recording order, picks the check's integrations that want the flip, and
 * delivers to each in turn (a failing one never stops the others), keeping
 * a record per delivery in the outbox and each integration's last error.
 * It runs after the request that recorded the flip has been answered, so
 * a delivery never delays that answer.
 *
 * Recording a delivery costs no turn of the event loop: the processor only
 * waits when a request goes out. In record-only mode an HTTP delivery keeps
 * its view of the check (a row of values, taken once per flip and moment
 * and kept once in the outbox for all the deliveries that saw it) and its
 * request is rendered when the record is read, so a ping that flips a
 * check costs little more than one that does not.
 * @module
 */
import { ChannelValueError } from "../model/notify/settings.js";
import type { Core } from "../model/service.js";
import type { AlertDirection, RenderedAlert } from "../model/notify/view.js";
import type { PendingFlip, StoredChannel, StoredCheck } from "../model/store.js";
import { channelView, overviewFor, type FlipView } from "./alert-view.js";
import { FlipRows, takenFlip, type TakenFlip } from "./flip-rows.js";
import { Outbox, type ChannelSnapshot, type EntryRequest, type OutboxEntry, type OutboxLimits } from "./outbox.js";
import type { NotifyRules } from "./rules.js";
import { sendHttpAlert, type SendOutcome } from "./sender.js";
import type { Transport } from "./transport.js";

/** Longest error text a delivery record and an integration keep, as the service stores them. */
export const ERROR_TEXT_MAX_LENGTH = 200;

/** What the processor works with. */
export interface NotifierSettings {
  /** The per-kind rules and renderers. */
  rules: NotifyRules;
  /** Sends HTTP deliveries; `null` records them without sending. */
  transport: Transport | null;
  /** Time limit of one HTTP attempt, ms. */
  attemptTimeoutMs: number;
  /** Limits of the outbox the delivery records go to. */
  outbox: OutboxLimits;
  /** Called whenever a delivery changed the state (an integration's last error or disabled flag). */
  onChange(): void;
}

const SUCCESS: SendOutcome = { error: "", permanent: false };

// Taken when the module loads, so that a test's fake timers (which replace
// the globals) cannot hold deliveries back. Called as plain functions: a
// browser's timer functions refuse another `this`.
const { setImmediate: startImmediate, setTimeout: startTimeout } = globalThis;
const nextTurn: (callback: () => void) => unknown =
  startImmediate !== undefined ? (callback) => startImmediate(callback) : (callback) => startTimeout(callback, 0);

/** What the first render of a delivery in one direction gave: the settings alone decide it, so it holds for every later one. */
interface Learnt {
  /** The renderer's refusal (`""`: none). */
  error: string;
  /** What rendering gives. */
  type: RenderedAlert["type"];
}

/** An integration as deliveries use it, kept while its kind, name and settings stay the same. */
interface ChannelPlan {
  /** What delivery records show, and the settings rendering reads. */
  snapshot: ChannelSnapshot;
  /** Whether it is notified of each direction. */
  wants: Record<AlertDirection, boolean>;
  /** What the first render in each direction gave. */
  learnt: Partial<Record<AlertDirection, Learnt>>;
}

/** The delivery of one flip, channel after channel. */
interface FlipDelivery {
  check: StoredCheck;
  /** The flip's values: its stored record may be reused for a later flip once the history drops it. */
  flip: TakenFlip;
  direction: AlertDirection;
  /** A number for the flip at the moment it is being delivered: kept views of the same take are shared. */
  take: number;
  /** The clock reading of that take (NaN: none yet): the check is taken anew only when the clock moved. */
  takenAt: number;
  /** The view of that take, for rendering now; `null` until one is needed. */
  view: FlipView | null;
  signal: AbortSignal;
}

/** Delivers the store's pending flips; one processor per fake. */
export class Notifier {
  /** The delivery records. */
  readonly outbox: Outbox;
  readonly #core: Core;
  readonly #now: () => number;
  readonly #settings: NotifierSettings;
  // The run that waits for a delivery's answer; `null` when none does.
  #running: Promise<void> | null = null;
  // Whether a turn of the event loop is scheduled, and the abort signal the run it starts will use (`null`: no
  // flip waits for it). A turn whose flips settled() delivered stays scheduled, spent: the next kick uses it
  // rather than scheduling another, so that a test settling after each flip does not cost each one a timer.
  #turn = false;
  #turnSignal: AbortSignal | null = null;
  #controller = new AbortController();
  // Reading an integration's settings is costly and they rarely change.
  readonly #plans = new WeakMap<StoredChannel, ChannelPlan>();
  // How many takes there were.
  #takes = 0;

  /**
   * @param core The service.
   * @param now The clock's reading, epoch ms.
   * @param settings Rules, transport, limits of the outbox.
   */
  constructor(core: Core, now: () => number, settings: NotifierSettings) {
    this.#core = core;
    this.#now = now;
    this.#settings = settings;
    this.outbox = new Outbox(settings.outbox, (view, channel) => this.#requestsOf(view, channel));
  }

  /**
   * Starts delivering on a later turn of the event loop when flips wait and
   * no run is under way or due. Cheap when nothing waits, so it can follow
   * every request.
   */
  kick(): void {
    if (this.#turnSignal !== null || this.#running !== null || this.#core.store.pendingFlips.size === 0) return;
    this.#turnSignal = this.#controller.signal;
    if (this.#turn) return;
    this.#turn = true;
    nextTurn(this.#onTurn);
  }

  /**
   * Resolves once no flip waits and no delivery is under way (flips
   * recorded meanwhile included). A run still waiting for its turn of the
   * event loop starts at once: the caller is waiting for the deliveries,
   * and the flips' requests were answered before they were handed over.
   */
  settled(): Promise<void> {
    this.#run();
    return this.#running === null ? Promise.resolve() : this.#idle();
  }

  /**
   * Aborts the deliveries under way and those waiting in the current run
   * (each is recorded with an error saying so); flips recorded afterwards
   * are delivered again.
   */
  abort(): void {
    this.#controller.abort();
    this.#controller = new AbortController();
  }

  readonly #onTurn = (): void => {
    this.#turn = false;
    this.#run();
  };

  async #idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  // Delivers what waits, synchronously until a delivery has to wait for an answer; the rest then follows in `#running`.
  #run(): void {
    let signal = this.#controller.signal;
    if (this.#turnSignal !== null) {
      signal = this.#turnSignal;
      this.#turnSignal = null;
    }
    if (this.#running !== null) return;
    const queue = this.#core.store.pendingFlips;
    for (let pending = queue.take(); pending !== undefined; pending = queue.take()) {
      const waiting = this.#deliverFlip(pending, signal);
      if (waiting !== undefined) {
        this.#running = this.#runOn(waiting, signal);
        return;
      }
    }
  }

  async #runOn(waiting: Promise<void>, signal: AbortSignal): Promise<void> {
    try {
      await waiting;
      const queue = this.#core.store.pendingFlips;
      for (let pending = queue.take(); pending !== undefined; pending = queue.take()) await this.#deliverFlip(pending, signal);
    } finally {
      this.#running = null;
    }
  }

  #deliverFlip({ check, flip }: PendingFlip, signal: AbortSignal): Promise<void> | undefined {
    flip.processed = true;
    const taken = takenFlip(check, flip);
    return this.#deliverFrom({ check, flip: taken, direction: taken.to, take: 0, takenAt: Number.NaN, view: null, signal }, 0);
  }

  // Delivers to the project's integrations from `index` on; a promise when one of them has to wait for an answer.
  #deliverFrom(delivery: FlipDelivery, index: number): Promise<void> | undefined {
    const { check, direction } = delivery;
    // A check deleted (or a fake reset) while a delivery waited has nobody left to notify; nothing else runs between the others.
    if (this.#core.store.checks.get(check.uuid) !== check) return undefined;
    const channels = check.project.channels;
    for (let i = index; i < channels.length; i++) {
      const channel = channels[i] as StoredChannel;
      if (!check.channels.has(channel.id) || channel.disabled) continue;
      const plan = this.#planOf(channel);
      if (!plan.wants[direction]) continue;
      const sending = this.#deliver(delivery, channel, plan);
      if (sending !== undefined) return sending.then(() => this.#deliverFrom(delivery, i + 1));
    }
    return undefined;
  }

  #planOf(channel: StoredChannel): ChannelPlan {
    const known = this.#plans.get(channel);
    const { id, kind, name, value } = channel;
    if (known !== undefined) {
      const { snapshot } = known;
      if (snapshot.id === id && snapshot.kind === kind && snapshot.name === name && snapshot.value === value) return known;
    }
    const { rules } = this.#settings;
    const plan: ChannelPlan = {
      snapshot: { id, kind, name, value },
      wants: { up: rules.notifies(kind, value, "up"), down: rules.notifies(kind, value, "down") },
      learnt: {},
    };
    this.#plans.set(channel, plan);
    return plan;
  }

  // Synchronous unless an HTTP request goes out: recording a delivery costs no turn of the event loop.
  #deliver(delivery: FlipDelivery, channel: StoredChannel, plan: ChannelPlan): Promise<void> | undefined {
    const { check, direction } = delivery;
    const now = this.#now();
    const learnt = plan.learnt[direction];
    if (learnt !== undefined && (learnt.error !== "" || learnt.type === "none")) {
      this.outbox.record(plan.snapshot, check.uuid, delivery.flip, now, learnt.error);
      this.#ended(channel, learnt.error);
      return undefined;
    }
    if (delivery.takenAt !== now) {
      delivery.take = ++this.#takes;
      delivery.takenAt = now;
      delivery.view = null;
    }
    const { transport } = this.#settings;
    if (learnt?.type === "http" && transport === null) {
      this.outbox.recordLater(plan.snapshot, this.#core, check, delivery.flip, now, delivery.take);
      this.#ended(channel, "");
      return undefined;
    }
    const entry = this.outbox.open(plan.snapshot, check.uuid, delivery.flip, now);
    entry.requests = [];
    let outcome: SendOutcome;
    try {
      const alert = this.#render(plan.snapshot, (delivery.view ??= FlipRows.viewOf(this.#core, check, delivery.flip, now)));
      plan.learnt[direction] ??= { error: "", type: alert.type };
      if (alert.type === "email") {
        entry.email = { to: alert.to, subject: alert.subject, text: alert.text };
        outcome = SUCCESS;
      } else if (alert.type === "http" && transport !== null) {
        const { rules } = this.#settings;
        return sendHttpAlert(alert, {
          transport,
          attemptTimeoutMs: this.#settings.attemptTimeoutMs,
          signal: delivery.signal,
          isPermanent: (status, bodyText) => rules.isPermanentFailure(channel.kind, status, bodyText),
          onRequest: (request, status) => {
            entry.requests.push({ method: request.method, url: request.url, headers: request.headers as Array<[string, string]>, body: request.body, status });
          },
        }).then((sent) => this.#finish(entry, channel, sent));
      } else {
        if (alert.type === "http") entry.requests.push(recordedRequest(alert));
        outcome = SUCCESS;
      }
    } catch (problem) {
      // A renderer's refusal (a webhook without a URL for this direction: `Empty webhook URL`) fails this delivery alone, as a sender error would.
      const error = problem instanceof Error ? problem.message : String(problem);
      if (problem instanceof ChannelValueError) plan.learnt[direction] = { error, type: "none" };
      outcome = { error, permanent: false };
    }
    this.#finish(entry, channel, outcome);
    return undefined;
  }

  // A delivery decided without rendering or sending anything, already in the outbox.
  #ended(channel: StoredChannel, error: string): void {
    channel.lastError = error;
    this.#settings.onChange();
  }

  #finish(entry: OutboxEntry, channel: StoredChannel, outcome: SendOutcome): void {
    const error = outcome.error.slice(0, ERROR_TEXT_MAX_LENGTH);
    entry.error = error;
    channel.lastError = error;
    if (outcome.permanent) channel.disabled = true;
    this.outbox.settle(entry);
    this.#settings.onChange();
  }

  // An email to a user of the account carries the overview of that user's projects.
  #render(channel: ChannelSnapshot, shared: FlipView): RenderedAlert {
    const { rules } = this.#settings;
    const view = channelView(this.#core, shared, channel);
    const alert = rules.renderAlert(view);
    if (alert.type !== "email") return alert;
    const overview = overviewFor(this.#core, alert.to, shared.now);
    if (overview === null) return alert;
    view.overview = overview;
    return rules.renderAlert(view);
  }

  // The request of a record-only delivery, rendered when its record is read from the view it kept.
  #requestsOf(view: FlipView, channel: ChannelSnapshot): EntryRequest[] {
    const alert = this.#render(channel, view);
    return alert.type === "http" ? [recordedRequest(alert)] : [];
  }
}

function recordedRequest(alert: Extract<RenderedAlert, { type: "http" }>): EntryRequest {
  return { method: alert.method, url: alert.url, headers: alert.headers, body: alert.body, status: null };
}
