/**
 * The notification processor: takes the store's unprocessed flips in
 * recording order, picks the check's integrations that want the flip, and
 * delivers to each in turn (a failing one never stops the others), keeping
 * a record per delivery in the outbox and each integration's last error.
 * It runs after the request that recorded the flip has been answered, so
 * a delivery never delays that answer.
 * @module
 */
import type { Core } from "../model/service.js";
import type { AlertDirection, RenderedAlert } from "../model/notify/view.js";
import type { FlipRecord, PendingFlip, StoredChannel, StoredCheck } from "../model/store.js";
import { buildFlipView, channelView, overviewFor, type FlipView } from "./alert-view.js";
import type { Outbox, OutboxEntry } from "./outbox.js";
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
  /** Where delivery records go. */
  outbox: Outbox;
  /** Called whenever a delivery changed the state (an integration's last error or disabled flag). */
  onChange(): void;
}

const SUCCESS: SendOutcome = { error: "", permanent: false };

// Taken when the module loads, so that a test's fake timers (which replace
// the global) cannot hold deliveries back.
const nextTurn: (callback: () => void) => unknown = globalThis.setImmediate ?? ((callback) => setTimeout(callback, 0));

/** Delivers the store's pending flips; one processor per fake. */
export class Notifier {
  readonly #core: Core;
  readonly #now: () => number;
  readonly #settings: NotifierSettings;
  #running: Promise<void> | null = null;
  // Starts a run that still waits for its turn of the event loop; `null` when none waits.
  #hurry: (() => void) | null = null;
  #controller = new AbortController();
  // Which directions each integration wants, by its settings: reading them is costly and they rarely change.
  readonly #switches = new WeakMap<StoredChannel, { kind: string; value: string; up: boolean; down: boolean }>();

  /**
   * @param core The service.
   * @param now The clock's reading, epoch ms.
   * @param settings Rules, transport, limits and the outbox.
   */
  constructor(core: Core, now: () => number, settings: NotifierSettings) {
    this.#core = core;
    this.#now = now;
    this.#settings = settings;
  }

  /**
   * Starts delivering when flips wait and no run is under way. Cheap when
   * nothing waits, so it can follow every request.
   */
  kick(): void {
    if (this.#running === null && this.#core.store.pendingFlips.size > 0) this.#running = this.#drain(this.#controller.signal);
  }

  /**
   * Resolves once no flip waits and no delivery is under way (flips
   * recorded meanwhile included). A run still waiting for its turn of the
   * event loop starts at once: the caller is waiting for the deliveries,
   * and the flips' requests were answered before they were handed over.
   */
  async settled(): Promise<void> {
    this.kick();
    this.#hurry?.();
    while (this.#running !== null) await this.#running;
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

  async #drain(signal: AbortSignal): Promise<void> {
    try {
      // Whoever recorded the flip answers first: the run starts on a later turn of the event loop.
      await new Promise<void>((resolve) => {
        this.#hurry = resolve;
        nextTurn(resolve);
      });
      this.#hurry = null;
      for (;;) {
        const pending = this.#core.store.pendingFlips.take();
        if (pending === undefined) return;
        await this.#deliverFlip(pending, signal);
      }
    } finally {
      this.#running = null;
    }
  }

  async #deliverFlip({ check, flip }: PendingFlip, signal: AbortSignal): Promise<void> {
    flip.processed = true;
    const direction: AlertDirection = flip.to === "up" ? "up" : "down";
    // The check as it is when each delivery runs: the shared part is rebuilt only when the clock moved.
    let shared: FlipView | null = null;
    for (const channel of check.project.channels) {
      // A check deleted (or a fake reset) meanwhile has nobody left to notify.
      if (this.#core.store.checks.get(check.uuid) !== check) return;
      if (!check.channels.has(channel.id) || channel.disabled || !this.#wants(channel, direction)) continue;
      const now = this.#now();
      if (shared === null || shared.now !== now) shared = buildFlipView(this.#core, check, flip, now);
      const sending = this.#deliver(check, flip, channel, shared, signal);
      if (sending !== undefined) await sending;
    }
  }

  #wants(channel: StoredChannel, direction: AlertDirection): boolean {
    let switches = this.#switches.get(channel);
    if (switches === undefined || switches.kind !== channel.kind || switches.value !== channel.value) {
      const { kind, value } = channel;
      const { rules } = this.#settings;
      switches = { kind, value, up: rules.notifies(kind, value, "up"), down: rules.notifies(kind, value, "down") };
      this.#switches.set(channel, switches);
    }
    return switches[direction];
  }

  // Synchronous unless an HTTP request goes out: recording a delivery costs no turn of the event loop.
  #deliver(check: StoredCheck, flip: FlipRecord, channel: StoredChannel, shared: FlipView, signal: AbortSignal): Promise<void> | undefined {
    const { rules, outbox, transport } = this.#settings;
    const now = shared.now;
    const entry: OutboxEntry = {
      channel: { id: channel.id, name: channel.name, kind: channel.kind },
      check: check.uuid,
      flip: { status: shared.flip.status, reason: flip.reason, at: flip.at },
      at: now,
      error: "Sending",
      requests: [],
      email: null,
    };
    const position = outbox.open(entry);
    let outcome: SendOutcome;
    try {
      const alert = this.#render(channel, shared);
      if (alert.type === "email") {
        entry.email = { to: alert.to, subject: alert.subject, text: alert.text };
        outcome = SUCCESS;
      } else if (alert.type === "http" && transport !== null) {
        return sendHttpAlert(alert, {
          transport,
          attemptTimeoutMs: this.#settings.attemptTimeoutMs,
          signal,
          isPermanent: (status, bodyText) => rules.isPermanentFailure(channel.kind, status, bodyText),
          onRequest: (request, status) => {
            entry.requests.push({ method: request.method, url: request.url, headers: request.headers as Array<[string, string]>, body: request.body, status });
          },
        }).then((sent) => this.#finish(entry, position, channel, sent));
      } else {
        if (alert.type === "http") entry.requests.push({ method: alert.method, url: alert.url, headers: alert.headers, body: alert.body, status: null });
        outcome = SUCCESS;
      }
    } catch (problem) {
      // A renderer's refusal (a webhook without a URL for this direction: `Empty webhook URL`) fails this delivery alone, as a sender error would.
      outcome = { error: problem instanceof Error ? problem.message : String(problem), permanent: false };
    }
    this.#finish(entry, position, channel, outcome);
    return undefined;
  }

  #finish(entry: OutboxEntry, position: number, channel: StoredChannel, outcome: SendOutcome): void {
    const { outbox } = this.#settings;
    const error = outcome.error.slice(0, ERROR_TEXT_MAX_LENGTH);
    entry.error = error;
    channel.lastError = error;
    if (outcome.permanent) channel.disabled = true;
    outbox.settle(position);
    this.#settings.onChange();
  }

  // An email to a user of the account carries the overview of that user's projects.
  #render(channel: StoredChannel, shared: FlipView): RenderedAlert {
    const { rules } = this.#settings;
    const view = channelView(this.#core, shared, channel);
    const alert = rules.renderAlert(view);
    if (alert.type !== "email") return alert;
    const overview = overviewFor(this.#core, alert.to, shared.now);
    if (overview === null) return alert;
    view.overview = overview;
    return rules.renderAlert(view);
  }
}
