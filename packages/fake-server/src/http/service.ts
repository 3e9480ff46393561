/**
 * The service's request pipeline behind every adapter: route, apply an
 * injected fault, answer, and journal the exchange. The caller runs the
 * timeout detector first (the fake's door for changes).
 * @module
 */
import type { Core } from "../model/service.js";
import { BodyAbortedError } from "./body.js";
import { csrfRefusal, isUnsafeMethod } from "./csrf.js";
import { Exchange } from "./exchange.js";
import { describeFault, waitUnlessGone, type AnswerFate, type Faults, type FaultSpec } from "./faults.js";
import type { Incoming } from "./incoming.js";
import type { Journal, JournalRecord } from "./journal.js";
import { segmentCount, type SecretSegment } from "./journal-mask.js";
import { handleApi } from "./management.js";
import { DROP_CONNECTION, type Outcome, type Reply } from "./reply.js";
import { notFoundPage, redirectReply, textReply, withFrameworkHeaders } from "./responses.js";
import { decodePath, matchRoute, operationOf, type Operation, type Route, type RouterConfig, type StatusRoute } from "./router.js";
import { handleBadge, handleCheckBadge } from "./routes/badges.js";
import { handlePing } from "./routes/ping.js";

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

// The fakes of a test suite tend to share their URLs: each is parsed once
// (a URL parse was a tenth of creating a fake).
const PATH_CACHE_SIZE = 64;
const pathCache = new Map<string, string>();

function pathOf(url: string): string {
  let path = pathCache.get(url);
  if (path === undefined) {
    path = new URL(url).pathname.replace(/\/+$/, "");
    if (pathCache.size === PATH_CACHE_SIZE) pathCache.clear();
    pathCache.set(url, path);
  }
  return path;
}

/**
 * A path as the router read it: relative to the site root, decoded, its
 * route, and where a ping URL's secret is for the journal. It depends on
 * the path alone, so each handler keeps those of the last paths it saw:
 * routing (a decode, a split, a UUID test) was a fifth of a get-check.
 */
interface RoutedPath {
  readonly rawPath: string;
  readonly path: string;
  readonly route: Route | undefined;
  readonly secretSegment: SecretSegment | null;
}

// Paths whose routing a handler keeps; past it, it starts afresh (a client sending ever new paths holds no more).
const ROUTED_PATHS_KEPT = 256;

const STATUS_OK = textReply(200, "OK");
// The fake has no metrics key, which the service then answers with an empty 403.
const METRICS_REFUSED = textReply(403, "");

// `status/` answers `OK` to safe methods, `metrics/` refuses them; the CSRF
// guard refuses the other methods on both.
function statusPage(core: Core, ex: Exchange, route: StatusRoute): Reply {
  if (isUnsafeMethod(ex.method)) return csrfRefusal(ex.incoming, core.options.baseUrl);
  return route.kind === "status" ? STATUS_OK : METRICS_REFUSED;
}

/**
 * Answers the service's requests (everything but the control API).
 * Synchronous unless a body must be read or a fault delays the answer.
 */
export class ServiceHandler {
  readonly #core: Core;
  readonly #now: () => number;
  readonly #journal: Journal;
  readonly #faults: Faults;
  readonly #router: RouterConfig;
  readonly #basePath: string;
  /** Index of a ping URL's secret segment (key or UUID) among the segments of the URL path. */
  readonly #pingSecretSegment: number;
  /** Segments of the site root's path (the empty one before its first `/` included). */
  readonly #baseSegments: number;
  readonly #routed = new Map<string, RoutedPath>();

  /**
   * @param core The service.
   * @param now The clock's reading, epoch ms.
   * @param journal Where every exchange is recorded.
   * @param faults The injected faults, taken per operation.
   */
  constructor(core: Core, now: () => number, journal: Journal, faults: Faults) {
    this.#core = core;
    this.#now = now;
    this.#journal = journal;
    this.#faults = faults;
    this.#basePath = pathOf(core.options.baseUrl);
    const pingPath = `${pathOf(core.options.pingEndpoint)}/`;
    this.#router = {
      pingPath: pingPath.startsWith(`${this.#basePath}/`) ? pingPath.slice(this.#basePath.length) : pingPath,
    };
    this.#pingSecretSegment = segmentCount(this.#basePath + this.#router.pingPath) - 1;
    this.#baseSegments = segmentCount(this.#basePath);
  }

  /** Answers one request; never throws (a defect answers 500). */
  serve(incoming: Incoming): Outcome | Promise<Outcome> {
    const now = this.#now();
    const pathname = incoming.pathname;
    const method = incoming.method;
    const ex = new Exchange(incoming, pathname, incoming.search, now);
    const { rawPath, path, route, secretSegment } = this.#routeOf(pathname);
    const operation = route ? operationOf(route, method) : null;
    const entry: JournalRecord = {
      at: now,
      method,
      pathname,
      search: ex.search,
      secretSegment,
      operation,
      keyKind: null,
      body: null,
      bodyLength: 0,
      status: 0,
    };
    const fault = this.#faults.take(operation);
    // A faulted request's answer is settled once it is journalled (`#deliver`); the journal keeps such an entry as it changes.
    if (fault) entry.answer = "waiting";
    let answer: Outcome | Promise<Outcome>;
    try {
      answer = fault ? this.#answerFault(fault, ex, route, path, rawPath, entry) : this.#framed(this.#route(ex, route, operation, path, rawPath));
    } catch {
      answer = SERVER_ERROR;
    }
    if (answer instanceof Promise) {
      const recorded = answer.then(
        (outcome) => this.#record(entry, ex, outcome),
        // A body that ended early leaves no one to answer.
        (error: unknown) => this.#record(entry, ex, error instanceof BodyAbortedError ? DROP_CONNECTION : SERVER_ERROR),
      );
      return fault ? recorded.then((outcome) => this.#deliver(fault, ex, entry, outcome)) : recorded;
    }
    const outcome = this.#record(entry, ex, answer);
    return fault ? this.#deliver(fault, ex, entry, outcome) : outcome;
  }

  // How `pathname` routes, worked out once for the paths a test keeps asking.
  #routeOf(pathname: string): RoutedPath {
    let routed = this.#routed.get(pathname);
    if (routed === undefined) {
      let rawPath = pathname;
      if (this.#basePath !== "" && rawPath.startsWith(this.#basePath)) rawPath = rawPath.slice(this.#basePath.length);
      const path = decodePath(rawPath);
      const route = matchRoute(path, rawPath, this.#router);
      const secretSegment = route?.kind === "ping" ? { index: this.#pingSecretSegment, decodedSegments: this.#baseSegments + segmentCount(path) - 1 } : null;
      routed = Object.freeze({ rawPath, path, route, secretSegment });
      if (this.#routed.size === ROUTED_PATHS_KEPT) this.#routed.clear();
      this.#routed.set(pathname, routed);
    }
    return routed;
  }

  #record(entry: JournalRecord, ex: Exchange, outcome: Outcome): Outcome {
    entry.keyKind = ex.keyKind;
    entry.body = ex.body;
    entry.bodyLength = ex.bodyLength;
    if (ex.bodyCut) entry.bodyCut = true;
    if (ex.check !== null) entry.check = ex.check;
    entry.status = outcome === DROP_CONNECTION ? 0 : outcome.status;
    this.#journal.record(entry);
    return outcome;
  }

  // What a fault makes of the request before its answer leaves: an answer
  // instead of applying it, or the request applied as usual.
  #answerFault(
    fault: FaultSpec,
    ex: Exchange,
    route: Route | undefined,
    path: string,
    rawPath: string,
    entry: JournalRecord,
  ): Outcome | Promise<Outcome> {
    const description = describeFault(fault);
    if (description) entry.fault = description;
    if (fault.drop) return DROP_CONNECTION;
    if (fault.status !== undefined) return faultReply(fault, fault.status);
    return this.#framed(this.#route(ex, route, entry.operation, path, rawPath));
  }

  // The answer of a request that met a fault, once it is journalled: it is
  // dropped, or delayed (the client may leave meanwhile: it then gets
  // nothing), and the journal entry tells which.
  #deliver(fault: FaultSpec, ex: Exchange, entry: JournalRecord, outcome: Outcome): Outcome | Promise<Outcome> {
    const final = fault.dropAfterApplying ? DROP_CONNECTION : outcome;
    const fate = (): AnswerFate => (final !== DROP_CONNECTION ? "sent" : fault.drop || fault.dropAfterApplying ? "dropped" : "client left");
    // A body cut off leaves no one to wait for; a `drop` hangs up once the latency is over.
    if (!fault.latencyMs || (outcome === DROP_CONNECTION && !fault.drop)) {
      entry.answer = fate();
      return final;
    }
    entry.answer = "waiting";
    const incoming = ex.incoming;
    // Only an in-process caller (no socket peer) awaits the answer with nothing else keeping the process alive.
    return waitUnlessGone(fault.latencyMs, incoming.gone(), incoming.peer === undefined).then((left) => {
      entry.answer = left ? "client left" : fate();
      return left ? DROP_CONNECTION : final;
    });
  }

  // Live mode adds the framework's headers to the service's own answers (not to injected ones).
  #framed(answer: Reply | Promise<Reply>): Reply | Promise<Reply> {
    if (this.#core.options.compat !== "live") return answer;
    return answer instanceof Promise ? answer.then(withFrameworkHeaders) : withFrameworkHeaders(answer);
  }

  #route(ex: Exchange, route: Route | undefined, operation: Operation | null, path: string, rawPath: string): Reply | Promise<Reply> {
    if (!route) {
      if (!path.endsWith("/") && matchRoute(`${path}/`, `${rawPath}/`, this.#router)) {
        return redirectReply(`${ex.path}/${ex.search}`);
      }
      return notFoundPage();
    }
    switch (route.kind) {
      case "api":
        return handleApi(this.#core, ex, route, operation);
      case "ping":
        return handlePing(this.#core, ex, route);
      case "badge":
        return handleBadge(this.#core, ex, route);
      case "checkBadge":
        return handleCheckBadge(this.#core, ex, route);
      case "status":
      case "metrics":
        return statusPage(this.#core, ex, route);
    }
  }
}
