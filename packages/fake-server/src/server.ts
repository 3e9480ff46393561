/**
 * `FakeServer`: the whole Checks Management API v3 in memory, with a
 * virtual clock, behind one `handle(Request)` and a control API for tests.
 * @module
 */
import {
  API_KEY_LENGTH,
  DEFAULT_CHECK_LIMIT,
  DEFAULT_PING_BODY_LIMIT,
  DEFAULT_PING_LOG_LIMIT,
  ERROR_MESSAGES,
  type Check,
  type Compat,
  type CreateCheckInput,
} from "@checks-api/schema";
import type { RequestHandler } from "msw";
import type { Dispatcher } from "undici";
import { mswHandlers } from "./adapters/msw.js";
import { listen, type ListenOptions, type RunningServer } from "./adapters/node-http.js";
import { createDispatcher } from "./adapters/undici-dispatcher.js";
import { FakeClock, type ClockInput } from "./clock.js";
import { DEFAULT_CONTROL_PREFIX, handleControl } from "./control/routes.js";
import { Exchange, representContext, type Core, type ResolvedOptions } from "./core.js";
import { describeFault, Faults, sleep, type FaultSpec } from "./faults.js";
import { IdSource } from "./ids.js";
import { registerIncomingHandler, RequestIncoming, type Incoming } from "./incoming.js";
import { deliverEmail, type EmailOutcome, type InboundEmail } from "./inbound-email.js";
import { Journal, type JournalEntry, type JournalRecord } from "./journal.js";
import { handleApi } from "./management.js";
import { representCheck } from "./represent.js";
import { DROP_CONNECTION, toResponse, type Outcome, type Reply } from "./reply.js";
import { notFoundPage, redirectReply, textReply } from "./responses.js";
import { decodePath, matchRoute, operationOf, type Operation, type Route, type RouterConfig } from "./router.js";
import { handleBadge, handleCheckBadge } from "./routes/badges.js";
import { saveNewCheck } from "./routes/checks.js";
import { handlePing } from "./routes/ping.js";
import { exportStore, importStore, type FakeState } from "./state.js";
import { runDetector } from "./status.js";
import { Store, type Account, type Project } from "./store.js";

/** Options of {@link FakeServer}. */
export interface FakeServerOptions {
  /** Which side of the seed/live differences to follow (spec README). Default `seed`. */
  compat?: Compat | undefined;
  /** Site root used in the URLs the fake prints (and whose path it serves under). Default `http://localhost:8000`. */
  baseUrl?: string | undefined;
  /** Ping endpoint printed in `ping_url` and routed for pings. Default `${baseUrl}/ping/`. */
  pingEndpoint?: string | undefined;
  /** Label of the `*` badge. Default `Mychecks`. */
  siteName?: string | undefined;
  /** Bytes kept of an HTTP ping body, announced in `Ping-Body-Limit`; `null` = unlimited. Default 10000. */
  pingBodyLimit?: number | null | undefined;
  /** Secret the badge signatures are derived from. Default `fake-badge-secret`. */
  badgeSecret?: string | undefined;
  /** Domain of inbound email addresses. Default `hc.localhost`. */
  pingEmailDomain?: string | undefined;
  /** The clock: virtual (default, starting now or at `start`) or real. */
  clock?: { start?: ClockInput; mode?: "virtual" | "real" } | undefined;
  /** Makes every generated UUID and key the same from run to run. */
  seed?: number | string | undefined;
  /** Remote control over HTTP under a prefix; default on at `/__fake`. */
  control?: boolean | { prefix?: string } | undefined;
  /**
   * Largest management request body in bytes (default 2621440, the
   * framework's upload limit). A larger body is refused before
   * authentication with `400`: live mode sends the framework's HTML "Bad
   * Request (400)" page, seed mode `{"error": "could not parse request body"}`.
   */
  apiBodyLimit?: number | undefined;
  /** Journal entries kept; older ones are dropped. Default 10000. */
  journalLimit?: number | undefined;
}

/** What {@link FakeServer.createProject} accepts. Keys: `undefined` = generate, `null` = none. */
export interface ProjectInit {
  /** Project name. */
  name?: string;
  /** Owning account; default: a new account for this project alone. */
  account?: string;
  /** Check limit of the account (default 20). Setting it changes it for the whole account. */
  checkLimit?: number;
  /** Ping log limit of the account (default 100). */
  pingLogLimit?: number;
  /** Read-write API key (32 characters). */
  readWriteKey?: string | null;
  /** Read-only API key (32 characters). */
  readOnlyKey?: string | null;
  /** Ping key of the slug URLs. */
  pingKey?: string;
  /** Badge key. */
  badgeKey?: string;
}

/** A project as the control API describes it. */
export interface ProjectInfo {
  /** Project UUID. */
  id: string;
  /** Project name. */
  name: string;
  /** Owning account. */
  account: string;
  /** Read-write key, or `null`. */
  readWriteKey: string | null;
  /** Read-only key, or `null`. */
  readOnlyKey: string | null;
  /** Ping key. */
  pingKey: string;
  /** Badge key. */
  badgeKey: string;
  /** The account's check limit. */
  checkLimit: number;
  /** The account's ping log limit. */
  pingLogLimit: number;
}

/** What {@link FakeServer.addChannel} accepts. */
export interface ChannelInit {
  /** Integration kind (`email`, `slack`, …). */
  kind: string;
  /** Display name; default empty. */
  name?: string;
}

/** An integration as {@link FakeServer.addChannel} returns it. */
export interface ChannelInfo {
  /** Integration UUID. */
  id: string;
  /** Name. */
  name: string;
  /** Kind. */
  kind: string;
}

/** The fake's clock as tests see it. */
export interface FakeServerClock {
  /** The current fake time. */
  now(): Date;
  /** Moves the clock forward; the timeout detector runs as if time had passed. */
  advance(ms: number): void;
  /** Sets the clock. */
  set(date: ClockInput): void;
}

export type { FaultSpec, JournalEntry, Operation, FakeState, EmailOutcome, InboundEmail, ResolvedOptions, ListenOptions };

function resolveOptions(options: FakeServerOptions): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? "http://localhost:8000").replace(/\/+$/, "");
  let pingEndpoint = options.pingEndpoint ?? `${baseUrl}/ping/`;
  if (!pingEndpoint.endsWith("/")) pingEndpoint += "/";
  const control = options.control ?? true;
  return {
    compat: options.compat ?? "seed",
    baseUrl,
    pingEndpoint,
    siteName: options.siteName ?? "Mychecks",
    pingBodyLimit: options.pingBodyLimit === undefined ? DEFAULT_PING_BODY_LIMIT : options.pingBodyLimit,
    badgeSecret: options.badgeSecret ?? "fake-badge-secret",
    pingEmailDomain: options.pingEmailDomain ?? "hc.localhost",
    apiBodyLimit: options.apiBodyLimit ?? 2_621_440,
    journalLimit: options.journalLimit ?? 10_000,
    controlPrefix: control === false ? null : ((control === true ? undefined : control.prefix) ?? DEFAULT_CONTROL_PREFIX),
  };
}

// An injected fault's answer. It goes through a `Response` so that the
// fetch rules keep applying to what the test supplied: headers checked and
// combined, a text body typed `text/plain;charset=UTF-8` when untyped, and
// statuses that cannot have a body refused (the fake then answers 500).
function faultReply(fault: FaultSpec, status: number): Reply {
  const body = status === 204 || status === 304 ? null : (fault.body ?? "");
  const response = new Response(body, { status, headers: fault.headers ?? {} });
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(name, value));
  return { status, headers, body };
}

// A defect of the fake: answered like the service's own server error.
const SERVER_ERROR = textReply(500, "");

function pathOf(url: string): string {
  return new URL(url).pathname.replace(/\/+$/, "");
}

/**
 * The fake service behind {@link FakeServer.handle} and every adapter
 * (node:http, msw, undici dispatcher, CLI); tests drive it with the control
 * methods. The adapters reach the same core without building WHATWG
 * `Request`/`Response` objects, so they answer exactly as `handle()` does.
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
  readonly #router: RouterConfig;
  readonly #basePath: string;
  /** Path of the ping endpoint from the URL root, as the journal masks it. */
  readonly #pingPrefix: string;
  #projectCount = 0;

  /** Creates an empty fake; see {@link FakeServerOptions}. */
  constructor(options: FakeServerOptions = {}) {
    this.options = resolveOptions(options);
    this.#clock = new FakeClock(options.clock);
    this.#clock.onMove((now) => runDetector(this.#store, now));
    this.clock = this.#clock;
    this.#ids = new IdSource(options.seed);
    this.#core = { store: this.#store, ids: this.#ids, options: this.options };
    this.#journal = new Journal(this.options.journalLimit);
    this.#basePath = pathOf(this.options.baseUrl);
    const pingPath = `${pathOf(this.options.pingEndpoint)}/`;
    this.#router = {
      pingPath: pingPath.startsWith(`${this.#basePath}/`) ? pingPath.slice(this.#basePath.length) : pingPath,
    };
    this.#pingPrefix = this.#basePath + this.#router.pingPath;
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

  // The core behind every adapter: `handle()` and the adapters that skip
  // WHATWG objects (node:http, undici, msw) all come here. Synchronous unless
  // a body must be read or a fault delays the answer.
  #serve(incoming: Incoming): Outcome | Promise<Outcome> {
    const pathname = incoming.pathname;
    const prefix = this.options.controlPrefix;
    if (prefix !== null && pathname.startsWith(prefix)) return this.#serveControl(incoming);
    return this.#serveService(incoming);
  }

  async #serveControl(incoming: Incoming): Promise<Outcome> {
    return (await handleControl(this, incoming)) ?? this.#serveService(incoming);
  }

  #serveService(incoming: Incoming): Outcome | Promise<Outcome> {
    const now = this.#clock.nowMs();
    runDetector(this.#store, now);
    const pathname = incoming.pathname;
    const method = incoming.method;
    const ex = new Exchange(incoming, pathname, incoming.search, now);
    let rawPath = pathname;
    if (this.#basePath !== "" && rawPath.startsWith(this.#basePath)) rawPath = rawPath.slice(this.#basePath.length);
    const path = decodePath(rawPath);
    const route = matchRoute(path, rawPath, this.#router);
    const operation = route ? operationOf(route, method) : null;
    const entry: JournalRecord = {
      at: now,
      method,
      pathname,
      search: ex.search,
      pingPath: route?.kind === "ping" ? this.#pingPrefix : null,
      operation,
      keyKind: null,
      body: null,
      status: 0,
    };
    let answer: Outcome | Promise<Outcome>;
    try {
      answer = this.#answer(ex, route, path, rawPath, operation, entry);
    } catch {
      answer = SERVER_ERROR;
    }
    if (answer instanceof Promise) {
      return answer.then(
        (outcome) => this.#record(entry, ex, outcome),
        () => this.#record(entry, ex, SERVER_ERROR),
      );
    }
    return this.#record(entry, ex, answer);
  }

  #record(entry: JournalRecord, ex: Exchange, outcome: Outcome): Outcome {
    entry.keyKind = ex.keyKind;
    entry.body = ex.body;
    entry.status = outcome === DROP_CONNECTION ? 0 : outcome.status;
    this.#journal.record(entry);
    return outcome;
  }

  #answer(
    ex: Exchange,
    route: Route | undefined,
    path: string,
    rawPath: string,
    operation: Operation | null,
    entry: JournalRecord,
  ): Outcome | Promise<Outcome> {
    const fault = this.#faults.take(operation);
    if (fault) {
      const description = describeFault(fault);
      if (description) entry.fault = description;
      if (fault.latencyMs) return sleep(fault.latencyMs).then(() => this.#answerFault(fault, ex, route, path, rawPath));
      return this.#answerFault(fault, ex, route, path, rawPath);
    }
    return this.#route(ex, route, path, rawPath);
  }

  #answerFault(
    fault: FaultSpec,
    ex: Exchange,
    route: Route | undefined,
    path: string,
    rawPath: string,
  ): Outcome | Promise<Outcome> {
    if (fault.drop) return DROP_CONNECTION;
    if (fault.status !== undefined) return faultReply(fault, fault.status);
    return this.#route(ex, route, path, rawPath);
  }

  #route(ex: Exchange, route: Route | undefined, path: string, rawPath: string): Reply | Promise<Reply> {
    if (!route) {
      if (!path.endsWith("/") && matchRoute(`${path}/`, `${rawPath}/`, this.#router)) {
        return redirectReply(`${ex.path}/${ex.search}`);
      }
      return notFoundPage();
    }
    switch (route.kind) {
      case "api":
        return handleApi(this.#core, ex, route);
      case "ping":
        return handlePing(this.#core, ex, route);
      case "badge":
        return handleBadge(this.#core, ex, route);
      case "checkBadge":
        return handleCheckBadge(this.#core, ex, route);
      case "status":
        return statusPage(ex.method);
    }
  }

  /** Creates a project (and its account unless `account` names an existing one). */
  createProject(init: ProjectInit = {}): ProjectInfo {
    const store = this.#store;
    const id = this.#ids.uuid();
    const readWriteKey = init.readWriteKey === undefined ? this.#ids.readWriteKey() : init.readWriteKey;
    const readOnlyKey = init.readOnlyKey === undefined ? this.#ids.readOnlyKey() : init.readOnlyKey;
    const pingKey = init.pingKey ?? this.#ids.pingKey();
    const badgeKey = init.badgeKey ?? this.#ids.uuid();
    for (const key of [readWriteKey, readOnlyKey]) {
      if (key === null) continue;
      if (key.length !== API_KEY_LENGTH) throw new RangeError(`API keys are ${API_KEY_LENGTH} characters long: ${key}`);
      if (store.keys.has(key)) throw new RangeError(`API key already in use: ${key}`);
    }
    if (readWriteKey !== null && readWriteKey === readOnlyKey) throw new RangeError("the two API keys must differ");
    if (store.pingKeys.has(pingKey)) throw new RangeError(`ping key already in use: ${pingKey}`);
    if (store.badgeKeys.has(badgeKey)) throw new RangeError(`badge key already in use: ${badgeKey}`);

    const accountName = init.account ?? id;
    let account = store.accounts.get(accountName);
    if (!account) {
      account = { name: accountName, checkLimit: DEFAULT_CHECK_LIMIT, pingLogLimit: DEFAULT_PING_LOG_LIMIT, projects: new Set() };
      store.accounts.set(accountName, account);
    }
    if (init.checkLimit !== undefined) account.checkLimit = init.checkLimit;
    if (init.pingLogLimit !== undefined) account.pingLogLimit = init.pingLogLimit;
    this.#projectCount += 1;
    const project: Project = {
      id,
      name: init.name ?? `Project ${this.#projectCount}`,
      account,
      readWriteKey,
      readOnlyKey,
      pingKey,
      badgeKey,
      checks: new Map(),
      channels: [],
    };
    account.projects.add(project);
    store.projects.set(id, project);
    if (readWriteKey !== null) store.keys.set(readWriteKey, { project, kind: "read-write" });
    if (readOnlyKey !== null) store.keys.set(readOnlyKey, { project, kind: "read-only" });
    store.pingKeys.set(pingKey, project);
    store.badgeKeys.set(badgeKey, project);
    return projectInfo(project, account);
  }

  #project(projectId: string): Project {
    const project = this.#store.projects.get(projectId);
    if (!project) throw new RangeError(`unknown project: ${projectId}`);
    return project;
  }

  /** Adds an integration to a project. */
  addChannel(projectId: string, init: ChannelInit): ChannelInfo {
    const project = this.#project(projectId);
    const channel = { id: this.#ids.uuid(), name: init.name ?? "", kind: init.kind };
    project.channels.push(channel);
    return { ...channel };
  }

  /**
   * Seeds a check as `POST /api/v3/checks/` would (validation, upsert, check
   * limit, channels) and returns its live read-write representation.
   * @throws Error with the service's message when the request would fail.
   */
  createCheck(projectId: string, body: CreateCheckInput = {}): Check {
    const project = this.#project(projectId);
    const now = this.#clock.nowMs();
    runDetector(this.#store, now);
    const outcome = saveNewCheck(this.#core, project, body as Record<string, unknown>, 3, now);
    if (!outcome.ok) throw new Error(outcome.status === 403 ? ERROR_MESSAGES.checkLimitReached : outcome.error);
    const ctx = { ...representContext(this.#core, now, 3), compat: "live" as const };
    return representCheck(outcome.check, ctx, { readOnly: false }) as Check;
  }

  /** Delivers an inbound email (email.md §6); runs the timeout detector first. */
  deliverEmail(message: InboundEmail): EmailOutcome {
    const now = this.#clock.nowMs();
    runDetector(this.#store, now);
    return deliverEmail(this.#core, message, now);
  }

  /** The request journal, oldest first. */
  journal(): JournalEntry[] {
    return this.#journal.entries();
  }

  /** Empties the journal. */
  clearJournal(): void {
    this.#journal.clear();
  }

  /** Injects a fault (see {@link FaultSpec}). */
  inject(fault: FaultSpec): void {
    this.#faults.inject(fault);
  }

  /** Removes every pending fault. */
  clearFaults(): void {
    this.#faults.clear();
  }

  /** Empties everything (projects, checks, journal, faults); the clock is kept. */
  reset(): void {
    this.#store.clear();
    this.#journal.clear();
    this.#faults.clear();
    this.#projectCount = 0;
  }

  /** The whole state as a JSON-serialisable, versioned document. */
  exportState(): FakeState {
    return exportStore(this.#store, this.#clock.nowMs(), this.#ids.snapshot());
  }

  /** Replaces the state with an exported document; a virtual clock is set to the document's time. */
  importState(state: FakeState): void {
    importStore(this.#store, state);
    this.#ids.restore(state.random);
    this.#projectCount = this.#store.projects.size;
    if (this.#clock.mode === "virtual" && Number.isFinite(state.clock)) this.#clock.set(state.clock);
    else runDetector(this.#store, this.#clock.nowMs());
  }

  /** Serves the fake over HTTP (node:http). */
  listen(options: ListenOptions = {}): Promise<RunningServer> {
    return listen(this, options);
  }

  /** msw 2 request handlers answering with this fake. */
  handlers(options: { baseUrl?: string } = {}): RequestHandler[] {
    return mswHandlers(this, options);
  }

  /** An undici dispatcher answering in-process, without sockets. */
  dispatcher(): Dispatcher {
    return createDispatcher(this);
  }
}

function projectInfo(project: Project, account: Account): ProjectInfo {
  return {
    id: project.id,
    name: project.name,
    account: account.name,
    readWriteKey: project.readWriteKey,
    readOnlyKey: project.readOnlyKey,
    pingKey: project.pingKey,
    badgeKey: project.badgeKey,
    checkLimit: account.checkLimit,
    pingLogLimit: account.pingLogLimit,
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

// `status/` answers `OK` to safe methods; the CSRF guard refuses the others.
function statusPage(method: string): Reply {
  return SAFE_METHODS.has(method) ? textReply(200, "OK") : textReply(403, "");
}
