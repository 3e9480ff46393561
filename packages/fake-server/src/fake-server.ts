/**
 * `FakeServer`: the whole Checks Management API v3 in memory, with a
 * virtual clock, behind one `handle(Request)` and a control API for tests.
 * @module
 */
import { ERROR_MESSAGES, type Check, type CreateCheckInput } from "@checks-api/schema/lite";
import type { RequestHandler } from "msw";
import type { Dispatcher } from "undici";
import { mswHandlers } from "./adapters/msw.js";
import { listen, type ListenOptions, type RunningServer } from "./adapters/node-http.js";
import { createDispatcher } from "./adapters/undici-dispatcher.js";
import { handleControl, isControlPath } from "./control/routes.js";
import { representContext } from "./http/exchange.js";
import { Faults, type AnswerFate, type FaultSpec } from "./http/faults.js";
import { registerIncomingHandler, RequestIncoming, type Incoming } from "./http/incoming.js";
import { Journal, type JournalEntry, type JournalFilter } from "./http/journal.js";
import { storeSecrets } from "./http/journal-mask.js";
import { representCheck } from "./http/represent.js";
import { toResponse, type Outcome } from "./http/reply.js";
import { notFoundPage } from "./http/responses.js";
import type { Operation } from "./http/router.js";
import { saveNewCheck } from "./http/routes/checks.js";
import { ServiceHandler } from "./http/service.js";
import { Alarm } from "./model/alarm.js";
import { FakeClock, type FakeServerClock } from "./model/clock.js";
import { deliverEmail, deliverSmtpMail, type EmailOutcome, type InboundEmail, type SmtpDelivery } from "./model/email/deliver.js";
import { IdSource } from "./model/ids.js";
import {
  addChannel,
  channelInfo,
  createProject,
  findProject,
  projectInfos,
  setAccountLimits,
  type ChannelInfo,
  type ChannelInit,
  type ProjectInfo,
  type ProjectInit,
} from "./model/projects.js";
import { checkedLimits, LIMIT_NAMES, type AccountLimits, type ServiceLimits } from "./model/limits.js";
import type { Core, ResolvedOptions } from "./model/service.js";
import { exportStore, importStore, pingStates, type FakeState, type PingState } from "./model/state.js";
import { validateState } from "./model/state-validation.js";
import { nextDetection, nextStatusChange, runDetector, type StatusChange } from "./model/status.js";
import { Store, type StoredCheck } from "./model/store.js";
import { matchesDelivery, type NotificationFilter } from "./notify/delivery-filter.js";
import { fetchTransport } from "./transport/fetch-transport.js";
import { nodeTransport } from "./transport/node-transport.js";
import type { DeliveryRecord, SentEmail, SentRequest } from "./notify/outbox.js";
import { Notifier } from "./notify/processor.js";
import { validateChannelValue } from "./model/notify/settings.js";
import type { Transport } from "./transport/transport.js";
import { hasNode, nodeOnlyError } from "./text/node-only.js";
import { resolveOptions, type FakeServerOptions, type NotificationOptions } from "./options.js";
import type { RunningSmtpServer, SmtpListenOptions } from "./smtp/listener.js";
import { smtpRelay } from "./smtp/relay.js";

export type {
  AccountLimits,
  AnswerFate,
  ChannelInfo,
  ChannelInit,
  DeliveryRecord,
  EmailOutcome,
  FakeServerClock,
  FakeServerOptions,
  FakeState,
  FaultSpec,
  PingState,
  InboundEmail,
  JournalEntry,
  JournalFilter,
  ListenOptions,
  NotificationOptions,
  NotificationFilter,
  Operation,
  ProjectInfo,
  ProjectInit,
  ResolvedOptions,
  RunningSmtpServer,
  ServiceLimits,
  SmtpListenOptions,
  SentEmail,
  SentRequest,
  StatusChange,
};

/** Whose next status change {@link FakeServer.advanceToNextChange} moves the clock to: one check's, or the earliest of a project's checks. */
export type ChangeTarget = { check: string } | { project: string };

// The change a move of the clock or the alarm makes: time passed, and the detector sees to the rest.
const timePassed = (): void => undefined;

/**
 * The fake service behind {@link FakeServer.handle} and every adapter
 * (node:http, msw, undici dispatcher, CLI); tests drive it with the control
 * methods. The adapters reach the same core without building WHATWG
 * `Request`/`Response` objects, so they answer exactly as `handle()` does.
 *
 * Guides: [testing with the fake server](../../../docs/testing.md),
 * [the virtual clock](../../../docs/virtual-clock.md),
 * [fault injection](../../../docs/fault-injection.md).
 *
 * @example
 * ```ts
 * const fake = new FakeServer({ compat: "live", seed: 1 });
 * const project = fake.createProject();
 * const res = await fake.handle(new Request("http://localhost:8000/api/v3/checks/", {
 *   headers: { "X-Api-Key": project.readWriteKey! },
 * }));
 * ```
 */
export class FakeServer {
  /** The options with their defaults applied. */
  readonly options: Readonly<ResolvedOptions>;
  /** The clock; moving it runs the timeout detector. */
  readonly clock: FakeServerClock;
  readonly #clock: FakeClock;
  readonly #store = new Store();
  readonly #ids: IdSource;
  readonly #core: Core;
  readonly #journal: Journal;
  readonly #faults = new Faults();
  readonly #service: ServiceHandler;
  readonly #notifier: Notifier;
  // Set for the next moment a check goes down, on a real clock only: a virtual clock's time moves only through the door.
  readonly #alarm: Alarm | null;
  #revision = 0;

  /**
   * Creates an empty fake; see {@link FakeServerOptions}.
   * @throws RangeError naming an option the fake cannot run with (a limit that is not a non-negative integer, a URL with a query, an empty control prefix…).
   */
  constructor(options: FakeServerOptions = {}) {
    this.options = resolveOptions(options);
    this.#clock = new FakeClock(options.clock);
    this.#clock.onMove(() => this.#change(timePassed));
    this.#alarm = this.#clock.mode === "real" ? new Alarm(() => this.#change(timePassed)) : null;
    this.clock = this.#clock;
    this.#ids = new IdSource(options.seed);
    this.#core = { store: this.#store, ids: this.#ids, options: this.options };
    this.#journal = new Journal(
      { entries: this.options.journalLimit, bytes: this.options.journalByteLimit, excerpt: this.options.journalExcerpt },
      storeSecrets(this.#store),
      (uuid) => this.#store.checks.get(uuid)?.name,
    );
    this.#service = new ServiceHandler(this.#core, () => this.#clock.nowMs(), this.#journal, this.#faults);
    const notifications = this.options.notifications;
    this.#notifier = new Notifier(this.#core, () => this.#clock.nowMs(), {
      transport: transportFor(notifications.delivery, options.notifications?.fetch),
      mailer: notifications.smtpRelay === null ? null : smtpRelay(relayAddress(notifications.smtpRelay)),
      attemptTimeoutMs: notifications.attemptTimeoutMs,
      workers: notifications.workers,
      queue: { deliveries: notifications.queueLimit, bytes: notifications.queueByteLimit },
      outbox: { records: notifications.outboxLimit, bytes: notifications.outboxByteLimit },
      vendorUrls: notifications.vendorUrls,
      // A delivery's outcome (an integration's last error, its disabled flag) is saved state, but nothing
      // the detector, the processor or the alarm reads: it is counted, not passed through the door,
      // which would start the processor again from inside its own recording.
      onChange: () => this.#revision++,
    });
    registerIncomingHandler(this, (incoming) => this.#serve(incoming));
  }

  /**
   * Answers one request like the service would. Never throws: bad input gets
   * the service's answer; an injected `drop` fault gives `Response.error()`.
   */
  async handle(request: Request): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return toResponse(notFoundPage());
    }
    return toResponse(await this.#serve(new RequestIncoming(request, url)));
  }

  /**
   * A count that grows whenever the state may have changed: with every
   * request served (a ping can be a GET, and any request can record a
   * timeout) but the control API's reads (a dashboard polls them), every
   * control method that changes something, every move of the clock, every
   * flip time alone brings and every delivery that ends. Equal values mean
   * an equal state, so a saver can skip exporting it; the CLI's `--state`
   * file is kept up to date this way.
   */
  get revision(): number {
    return this.#revision;
  }

  // The one door every change of state goes through: requests (but the
  // control API's reads), the control methods, the clock's moves and the
  // real clock's alarm. The timeout detector runs first, at the time of the
  // change, so that what time did before it is recorded before it (a ping
  // after the grace time records the check down, then up); then the change;
  // then `#changed()`, once the change is whole (a request whose body is
  // still arriving changes the state once it has read it). A refused change
  // still goes through `#changed()`: the detector may have recorded flips.
  #change<T>(apply: (now: number) => T): T {
    const now = this.#clock.nowMs();
    runDetector(this.#store, now);
    let result: T | undefined;
    try {
      result = apply(now);
    } finally {
      if (result instanceof Promise) result = result.finally(() => this.#changed()) as T;
      else this.#changed();
    }
    return result;
  }

  // What a read shows is the state now: flips time brought since the last
  // change make a change of their own, and one only when there are some.
  #catchUp(): number {
    const now = this.#clock.nowMs();
    if (runDetector(this.#store, now)) this.#changed();
    return now;
  }

  // After every change: count it (the CLI's `--state` saver writes the
  // file when the count moved), start the deliveries of the flips recorded
  // (on a later turn: after the answer, never before it), and set a real
  // clock's alarm for the next moment a check goes down.
  #changed(): void {
    this.#revision++;
    this.#notifier.kick();
    if (this.#alarm === null) return;
    const next = nextDetection(this.#store);
    this.#alarm.set(next === null ? null : this.#clock.wallTimeOf(next));
  }

  // The core behind every adapter: `handle()` and the adapters that skip
  // WHATWG objects (node:http, undici, msw) all come here.
  #serve(incoming: Incoming): Outcome | Promise<Outcome> {
    const prefix = this.options.control?.prefix;
    const isControl = prefix !== undefined && isControlPath(prefix, incoming.pathname);
    // The control API's reads change nothing by themselves (a dashboard
    // polling them leaves a state file alone); those that show the state
    // now catch up with time, as their methods do.
    if (isControl && incoming.method === "GET") return this.#serveControl(incoming);
    return this.#change(() => (isControl ? this.#serveControl(incoming) : this.#service.serve(incoming)));
  }

  async #serveControl(incoming: Incoming): Promise<Outcome> {
    return (await handleControl(this, incoming, this.#notifier.outbox)) ?? (await this.#service.serve(incoming));
  }

  /**
   * Creates a project (and its account unless `account` names an existing one).
   * @throws RangeError for a key that is malformed or already in use, or a key or name that is empty or longer than 1000 characters.
   */
  createProject(init: ProjectInit = {}): ProjectInfo {
    return this.#change(() => createProject(this.#store, this.#ids, init, this.options));
  }

  /** Every project, in creation order, with its keys and its account's limits. */
  projects(): ProjectInfo[] {
    return projectInfos(this.#store);
  }

  /**
   * The checks of a project now (the timeout detector runs first, and the
   * deliveries of the flips it records start), in their
   * live read-write representation as {@link FakeServer.createCheck} returns
   * it (with `uuid` and `badge_url` whatever the compat mode), without a
   * request in the journal.
   * @throws RangeError for an unknown project.
   */
  checks(projectId: string): Check[] {
    const project = findProject(this.#store, projectId);
    const now = this.#catchUp();
    return [...project.checks.values()].map((check) => this.#liveCheck(check, now));
  }

  // What the control methods show of a check: the live read-write representation, whatever the compat mode.
  #liveCheck(check: StoredCheck, now: number): Check {
    return representCheck(check, { ...representContext(this.#core, now, 3), compat: "live" }, { readOnly: false }) as Check;
  }

  /**
   * A check's ping log, oldest first, as {@link FakeServer.exportState}
   * writes it (bodies in base64): the newest pings, as many as its
   * account's `pingLogLimit` keeps. Reading one check this way spares
   * exporting every check's.
   * @throws RangeError when no check has that UUID (the message does not repeat it: a check's UUID is the secret of its ping URL).
   */
  pings(uuid: string): PingState[] {
    const check = this.#store.checks.get(uuid);
    if (!check) throw new RangeError("unknown check: no check has that UUID");
    return pingStates(check);
  }

  /** The service's limits the fake runs with (see {@link FakeServer.setLimits}). */
  limits(): ServiceLimits {
    const { pingBodyLimit, apiBodyLimit, checkLimit, pingLogLimit } = this.options;
    return { pingBodyLimit, apiBodyLimit, checkLimit, pingLogLimit };
  }

  /**
   * Changes the service's limits from the next request on, as the options
   * of the same names set them: the body limits, and the check and ping
   * log limits of accounts created from now on (see
   * {@link FakeServer.setProjectLimits} for an existing one).
   * @throws RangeError naming a limit that breaks its rule; then none is changed.
   */
  setLimits(limits: Partial<ServiceLimits>): ServiceLimits {
    const checked = checkedLimits(limits);
    const options = this.options as ResolvedOptions;
    this.#change(() => {
      for (const name of LIMIT_NAMES) if (checked[name] !== undefined) (options[name] as unknown) = checked[name];
    });
    return this.limits();
  }

  /**
   * Changes the check and ping log limits of a project's account (shared by
   * its projects), as `createProject()` naming the account does.
   * @throws RangeError for an unknown project or a limit that breaks its rule.
   */
  setProjectLimits(projectId: string, limits: Partial<AccountLimits>): ProjectInfo {
    return this.#change(() => setAccountLimits(this.#store, projectId, limits));
  }

  /**
   * Adds an integration to a project, with its settings (`value`, in the
   * service's stored text form) and `disabled` flag.
   * @throws RangeError for an unknown project, a member missing, unknown or of the wrong type, a kind the service does not have, a name longer than 1000 characters, or settings that are not valid for the kind (the message says what is wrong).
   */
  addChannel(projectId: string, init: ChannelInit): ChannelInfo {
    return this.#change(() => addChannel(findProject(this.#store, projectId), this.#ids, init, validateChannelValue));
  }

  /**
   * The integrations of a project, in creation order, with their settings,
   * `disabled` flag (a permanent delivery failure sets it) and the error of
   * their last delivery.
   * @throws RangeError for an unknown project.
   */
  channels(projectId: string): ChannelInfo[] {
    return findProject(this.#store, projectId).channels.map(channelInfo);
  }

  /**
   * Seeds a check as `POST /api/v3/checks/` would (validation, upsert, check
   * limit, channels) and returns its live read-write representation.
   * @throws Error with the service's message when the request would fail.
   */
  createCheck(projectId: string, body: CreateCheckInput = {}): Check {
    const project = findProject(this.#store, projectId);
    const { outcome, now } = this.#change((now) => ({ outcome: saveNewCheck(this.#core, project, body as Record<string, unknown>, 3, now), now }));
    if (!outcome.ok) throw new Error(outcome.status === 403 ? ERROR_MESSAGES.checkLimitReached : outcome.error);
    // Shown at the time it was saved: a real clock has moved on since.
    return this.#liveCheck(outcome.check, now);
  }

  /** Delivers an inbound email (`docs/reference.md#inbound-email`); runs the timeout detector first. */
  deliverEmail(message: InboundEmail): EmailOutcome {
    return this.#deliverEmail(message);
  }

  #deliverEmail(message: InboundEmail): EmailOutcome {
    return this.#change((now) => deliverEmail(this.#core, message, now));
  }

  #deliverSmtpMail(mail: SmtpDelivery): void {
    this.#change((now) => deliverSmtpMail(this.#core, mail, now));
  }

  /**
   * The request journal, oldest first; with a filter, only the entries
   * that match each member given: of one check (`{ check: uuid }`, though
   * entries show its UUID masked), one operation, method or status.
   * @example
   * ```ts
   * fake.journal({ operation: "createCheck", status: 400 }); // the creates the fake refused
   * fake.journal({ check: uuid, method: "POST" }); // what was POSTed about one check, pings included
   * ```
   */
  journal(filter: JournalFilter = {}): JournalEntry[] {
    return this.#journal.entries(filter);
  }

  /** Empties the journal. */
  clearJournal(): void {
    this.#change(() => this.#journal.clear());
  }

  /** Injects a fault (see {@link FaultSpec}). */
  inject(fault: FaultSpec): void {
    this.#faults.inject(fault);
  }

  /** Removes every pending fault. */
  clearFaults(): void {
    this.#faults.clear();
  }

  /**
   * The delivery records of outgoing notifications, oldest first: which
   * integration was notified of which flip of which check, the error text
   * (`""` on success), and what was sent (each HTTP request, or the email).
   * Bounded by `notifications.outboxLimit` and `outboxByteLimit` (the oldest
   * records are dropped). A record whose delivery is under way shows the
   * error `"Sending"`; `await settled()` first to see final outcomes.
   * With a filter, only the records that match each member given.
   * @example
   * ```ts
   * await fake.settled();
   * const [alert] = fake.notifications({ check: uuid, kind: "webhook", status: "down" });
   * ```
   */
  notifications(filter?: NotificationFilter): DeliveryRecord[] {
    return this.#notifier.outbox.list(filter && ((record) => matchesDelivery(record, filter)));
  }

  /** Empties the outbox (deliveries under way are still made, but not recorded). */
  clearNotifications(): void {
    this.#change(() => this.#notifier.outbox.clear());
  }

  /**
   * Resolves once every flip recorded so far (and any recorded meanwhile)
   * has been delivered: no delivery waits or is under way. A receiver that
   * hangs holds it up to the attempt time limit, three times.
   */
  settled(): Promise<void> {
    return this.#notifier.settled();
  }

  /**
   * Aborts the notification deliveries under way and those still waiting
   * (each is recorded with the error `Delivery aborted: the fake server was
   * closed`) and resolves when they have stopped; a hanging receiver is not
   * waited for. Their flips stay unprocessed, so a state exported now
   * delivers them again once imported (the CLI's state file does so after
   * a restart). A real clock's timer for the next check to go down is
   * cleared: nothing of the fake is left scheduled. Flips recorded later
   * are delivered again (and a later change sets that timer again). Does
   * not stop servers started with {@link FakeServer.listen} or
   * {@link FakeServer.listenSmtp}: close those with their own `close()`,
   * or they keep the process alive.
   */
  async close(): Promise<void> {
    this.#alarm?.clear();
    this.#notifier.abort();
    await this.#notifier.settled();
  }

  /**
   * Moves the clock to the next moment a check's displayed status changes by
   * time alone (to `grace`, or to `down`: the timeout detector then records
   * the flip, dated at that moment, and its notifications follow), and says
   * what changed. With `{ project }`, the earliest such change among the
   * project's checks. Returns `null`, leaving the clock alone, when time
   * alone changes nothing.
   * @throws RangeError for an unknown check or project.
   */
  advanceToNextChange(target: ChangeTarget): StatusChange | null {
    const now = this.#catchUp();
    let next: StatusChange | null = null;
    for (const check of this.#changeCandidates(target)) {
      const change = nextStatusChange(check, now);
      if (change !== null && (next === null || change.at < next.at)) next = change;
    }
    if (next !== null) this.#clock.set(next.at);
    return next;
  }

  #changeCandidates(target: ChangeTarget): Iterable<StoredCheck> {
    if ("check" in target) {
      const check = this.#store.checks.get(target.check);
      if (!check) throw new RangeError(`unknown check: ${target.check}`);
      return [check];
    }
    return findProject(this.#store, target.project).checks.values();
  }

  /** Empties everything (projects, checks, journal, faults, outbox) and aborts deliveries under way; the clock is kept. */
  reset(): void {
    this.#change(() => {
      this.#notifier.abort();
      this.#store.clear();
      this.#journal.clear();
      this.#faults.clear();
      this.#notifier.outbox.clear();
    });
  }

  /** The whole state as a JSON-serialisable, versioned document. */
  exportState(): FakeState {
    return exportStore(this.#store, this.#clock.nowMs(), this.#ids.snapshot());
  }

  /**
   * Replaces the state with an exported document; a virtual clock is set to
   * the document's time. The document is checked first as `createProject`
   * and check creation would check its parts.
   * @throws StateDocumentError listing what is wrong; the state is then left as it was.
   */
  importState(state: FakeState): void {
    const valid = validateState(state);
    this.#change(() => {
      importStore(this.#store, valid);
      this.#ids.restore(valid.random);
    });
    // A virtual clock takes the document's time (a move: the detector runs then); a real one keeps its own.
    if (this.#clock.mode === "virtual") this.#clock.set(valid.clock);
    else this.#catchUp();
  }

  /**
   * Serves the fake over HTTP (node:http, loaded on the first call) until
   * the returned server's `close()` ({@link FakeServer.close} does not stop it).
   * @throws Error (the promise rejects) outside Node, naming node:http.
   */
  listen(options: ListenOptions = {}): Promise<RunningServer> {
    return listen(this, options);
  }

  /**
   * Takes email pings over SMTP, as the service's own SMTP listener does:
   * mail to `{uuid}@{pingEmailDomain}` or `{ping key}+{slug}@{pingEmailDomain}`
   * becomes a ping of that check, classified by its keyword filters, exactly
   * as {@link FakeServer.deliverEmail} would record it. Binds `127.0.0.1` on
   * a free port unless told otherwise. Every reply is the service's listener's
   * (aiosmtpd). Messages up to 32 MiB and 1,000 recipients (each `RCPT TO`
   * naming a check pings it, repeats included), 16 connections at once, each
   * closed after `timeoutMs` (default 5 minutes) without a complete command
   * or message; it listens until the returned server's `close()`
   * ({@link FakeServer.close} does not stop it). The testing guide's "Email pings over SMTP" shows it from
   * Node and Python. Node only (node:net, loaded on the first call;
   * elsewhere the promise rejects naming it).
   */
  async listenSmtp(options: SmtpListenOptions = {}): Promise<RunningSmtpServer> {
    // Loaded on first use: a fake that takes no mail does not load the listener.
    // The listener's modules need Node from their first line: say so before loading them.
    if (!hasNode()) throw nodeOnlyError("listenSmtp()", "node:net");
    const { listenSmtp } = await import("./smtp/listener.js");
    return listenSmtp({ domain: () => this.options.pingEmailDomain, deliver: (mail) => this.#deliverSmtpMail(mail) }, options);
  }

  /**
   * msw 2 request handlers answering with this fake: for `setupServer` in
   * Node (msw loads on the first call) and `setupWorker` in a browser (the
   * package's browser entry brings msw).
   */
  handlers(options: { baseUrl?: string } = {}): RequestHandler[] {
    return mswHandlers(this, options);
  }

  /**
   * An undici dispatcher answering in-process, without sockets. Node only
   * (undici loads on the first call).
   * @throws Error outside Node, naming undici.
   */
  dispatcher(): Dispatcher {
    return createDispatcher(this);
  }
}

function transportFor(delivery: "send" | "fetch" | "record", fetch: NotificationOptions["fetch"]): Transport | null {
  if (delivery === "record") return null;
  return delivery === "fetch" && fetch !== undefined ? fetchTransport(fetch) : nodeTransport;
}

function relayAddress(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(port) };
}
