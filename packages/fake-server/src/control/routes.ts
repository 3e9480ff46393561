/**
 * The fake's control operations over HTTP, under a reserved prefix
 * (`/__fake` by default), so that tests in another process or language can
 * drive a standalone fake. JSON in and out; no API key.
 *
 * | method and path | operation | answer |
 * |---|---|---|
 * | `GET {prefix}` | — | 200 `{"endpoints": [{"method", "path", "description"}, …]}`, this table |
 * | `POST` / `GET {prefix}/projects` | `createProject(body)` / `projects()` | 201 project info / 200 projects |
 * | `PATCH {prefix}/projects/{id}` | `setProjectLimits(id, body)` | 200 project info |
 * | `GET` / `PATCH {prefix}/limits` | `limits()` / `setLimits(body)` | 200 limits |
 * | `POST {prefix}/projects/{id}/channels` | `addChannel(id, body)` | 201 channel |
 * | `GET {prefix}/projects/{id}/channels` | `channels(id)` | 200 channels |
 * | `POST` / `GET {prefix}/projects/{id}/checks` | `createCheck(id, body)` / `checks(id)` | 201 check / 200 checks |
 * | `GET {prefix}/checks/{uuid}/pings` | `pings(uuid)` (`bodies=shared`: a body several pings hold written once; `limit`: the newest so many) | 200 pings, or `{"pings", "bodies"}` |
 * | `GET {prefix}/clock` | `clock.now()` | 200 `{"now": iso}` |
 * | `GET {prefix}/revision` | `revision`, `clock.now()` | 200 `{"revision": n, "now": iso}` |
 * | `POST {prefix}/clock/advance` | `clock.advance(body.ms)` | 200 `{"now": iso}` |
 * | `POST {prefix}/clock/set` | `clock.set(body.time)` | 200 `{"now": iso}` |
 * | `POST {prefix}/clock/next-change` | `advanceToNextChange(body)` | 200 `{"now": iso, "change": change or null}` |
 * | `GET` / `DELETE {prefix}/notifications` | `notifications(query)` (`limit`: the newest so many) / `clearNotifications()` | 200 records / 204 |
 * | `POST {prefix}/notifications/settled` | `await settled()` | 204 once every due delivery finished |
 * | `POST {prefix}/emails` | `deliverEmail(body)` | 200 outcome |
 * | `GET` / `DELETE {prefix}/journal` | `journal({ check, operation, method, status })` (query parameters; `limit`: the newest so many) / `clearJournal()` | 200 entries / 204 |
 * | `POST` / `DELETE {prefix}/faults` | `inject(body)` / `clearFaults()` | 204 |
 * | `POST {prefix}/reset` | `reset()` | 204 |
 * | `GET` / `PUT {prefix}/state` | `exportState()` / `importState(body)` | 200 state / 204 |
 * | `GET {prefix}/ui` | — | the dashboard (`ui.ts`) |
 *
 * Every `GET` answer but the state export carries an `ETag` (a digest of
 * its body); a request whose `If-None-Match` names it gets `304` without a
 * body. A dashboard polls `{prefix}/revision`, which changes whenever the
 * state or the clock does, and reads the rest only when it changed.
 *
 * Bad input answers `400 {"error": "..."}`, an unknown path under the prefix
 * `404` (its long segments masked), a known path with another method `405`
 * with `Allow` (naming the route, not the path), a body over the
 * limit `413`, a ping log or a state export longer than
 * {@link CONTROL_ANSWER_MAX_CHARS} `409` (never a 5xx). Before any of that, `guard.ts` refuses requests from other
 * hosts or origins, or from other machines when no token is set (403),
 * without the token when one is set (401), or with a body that is not JSON (415).
 * @module
 */
import type { Check, CreateCheckInput } from "@checks-api/schema/lite";
import { toBase64Url, utf8Bytes } from "../text/bytes.js";
import { digest } from "../text/digest.js";
import { LONGEST_STRING_CHARS } from "../text/longest-string.js";
import type { FaultSpec } from "../http/faults.js";
import type { Incoming } from "../http/incoming.js";
import type { JournalEntry, JournalFilter } from "../http/journal.js";
import { fixedHeaderList, headerList, type Reply } from "../http/reply.js";
import type { FakeServerClock } from "../model/clock.js";
import type { StatusChange } from "../model/status.js";
import type { NotificationFilter } from "../notify/delivery-filter.js";
import type { DeliveryRecord, Outbox } from "../notify/outbox.js";
import type { EmailOutcome, InboundEmail } from "../model/email/deliver.js";
import type { ChannelInfo, ChannelInit, ProjectInfo, ProjectInit } from "../model/projects.js";
import type { AccountLimits, ServiceLimits } from "../model/limits.js";
import type { ControlSettings } from "../model/service.js";
import { SharedBodies, type FakeState, type PingDocumentState, type PingState } from "../model/state.js";
import { OPERATIONS } from "../http/router.js";
import { refusal } from "./guard.js";
import { emailKey, isUiPath, serveUi } from "./ui.js";

/**
 * What the control API drives: the control methods of a `FakeServer`, which
 * hands itself to {@link handleControl}.
 */
export interface ControlTarget {
  /** Only `control` (its settings, `null` when it is off) and `baseUrl` (the address it serves) are read. */
  readonly options: { readonly control: ControlSettings | null; readonly baseUrl: string };
  /** The clock to read and move. */
  readonly clock: FakeServerClock;
  /** A count that grows whenever the state may have changed (`FakeServer.revision`). */
  readonly revision: number;
  /** Creates a project. */
  createProject(init: ProjectInit): ProjectInfo;
  /** Every project. */
  projects(): ProjectInfo[];
  /** A project's checks as the API lists them. */
  checks(projectId: string): Check[];
  /** Adds an integration to a project. */
  addChannel(projectId: string, init: ChannelInit): ChannelInfo;
  /** A project's integrations. */
  channels(projectId: string): ChannelInfo[];
  /** Moves the clock to the next status change of a check or a project. */
  advanceToNextChange(target: { check: string } | { project: string }): StatusChange | null;
  /** The outbox of delivery records, or those that match a query. */
  notifications(query?: NotificationFilter): DeliveryRecord[];
  /** Empties the outbox. */
  clearNotifications(): void;
  /** Resolves once every due delivery finished. */
  settled(): Promise<void>;
  /** Seeds a check as the management API would create it. */
  createCheck(projectId: string, body: CreateCheckInput): Check;
  /** Delivers an inbound email. */
  deliverEmail(message: InboundEmail): EmailOutcome;
  /** The request journal, or the entries that match a filter. */
  journal(filter?: JournalFilter): JournalEntry[];
  /** Empties the journal. */
  clearJournal(): void;
  /** The service's limits the fake runs with. */
  limits(): ServiceLimits;
  /** Changes the service's limits. */
  setLimits(limits: Partial<ServiceLimits>): ServiceLimits;
  /** Changes the limits of a project's account. */
  setProjectLimits(projectId: string, limits: Partial<AccountLimits>): ProjectInfo;
  /** Injects a fault. */
  inject(fault: FaultSpec): void;
  /** Removes every pending fault. */
  clearFaults(): void;
  /** Empties everything but the clock. */
  reset(): void;
  /** A check's ping log. */
  pings(uuid: string): PingState[];
  /** The whole state as a document. */
  exportState(): FakeState;
  /** Replaces the state with a document. */
  importState(state: FakeState): void;
}

/** The control prefix used when the options do not name one. */
export const DEFAULT_CONTROL_PREFIX = "/__fake";
/** The largest control request body when the options do not say: 1 MiB, far above any control operation's needs. */
export const DEFAULT_CONTROL_BODY_LIMIT = 1_048_576;
/** The largest state import body when the options do not say: 64 MiB, room for a few full projects with ping bodies. */
export const DEFAULT_STATE_BODY_LIMIT = 67_108_864;
/**
 * The longest JSON text the control API answers with, in characters: the
 * longest string JavaScript holds (536,870,888, the CLI's largest state
 * file too), which a client's `response.json()` needs as well. Only a ping log or a state
 * export can reach it (an email ping keeps up to 32 MiB); past it they
 * answer `409` and say what to ask for instead.
 */
export const CONTROL_ANSWER_MAX_CHARS: number = LONGEST_STRING_CHARS;

/**
 * A check's ping log as `GET {prefix}/checks/{uuid}/pings?bodies=shared`
 * answers it: as the state document writes pings, a body that several
 * pings hold (one email naming the check several times) is in `bodies`
 * once, and each of those pings names it by index (`sharedBody`, `body`
 * being `null`).
 */
export interface SharedPingLog {
  /** The pings, oldest first. */
  pings: PingDocumentState[];
  /** Bodies that several pings hold, base64. */
  bodies: string[];
}

type JsonObject = Record<string, unknown>;
type Operation = (fake: ControlTarget, body: JsonObject, params: string[], query: URLSearchParams) => Reply | Promise<Reply>;
interface Endpoint {
  body: "none" | "optional" | "required";
  /** What it does, as `GET {prefix}` lists it. */
  description: string;
  /** Which limit applies to its body: state documents may be much larger than the rest. */
  limit?: "state";
  /** `false` for an answer too large to digest on every read (the state export): no `ETag`. */
  etag?: false;
  run: Operation;
}
interface Route {
  pattern: RegExp;
  methods: Partial<Record<string, Endpoint>>;
}

/** Bad input to a control operation: answered with 400. */
class ControlInputError extends Error {}

/** An answer longer than {@link CONTROL_ANSWER_MAX_CHARS}: answered with 409. */
class AnswerTooLongError extends Error {}

// The control API's own formatting, as `Response.json()` and
// `new Response(null)` would give it: `application/json` with
// `JSON.stringify` text; no headers on a 204.
const JSON_HEADERS = fixedHeaderList({ "content-type": "application/json" });
const NO_HEADERS = fixedHeaderList({});
const json = (status: number, value: unknown): Reply => ({ status, headers: JSON_HEADERS, body: JSON.stringify(value) });
const error = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  headers: headers ? headerList({ ...headers, "content-type": "application/json" }) : JSON_HEADERS,
  body: JSON.stringify({ error: message }),
});
const noContent = (): Reply => ({ status: 204, headers: NO_HEADERS, body: null });
const clockAnswer = (fake: ControlTarget): Reply => json(200, { now: fake.clock.now().toISOString() });

const ROUTES: Route[] = [
  {
    // The prefix itself, the URL the CLI prints: an index rather than a 404.
    pattern: /^\/?$/,
    methods: { GET: { body: "none", description: "lists the control endpoints, each with what it does", run: (fake) => json(200, { endpoints: endpointIndex(fake.options.control?.prefix ?? "") }) } },
  },
  {
    pattern: /^\/projects$/,
    methods: {
      POST: { body: "optional", description: "creates a project (body: optional name, keys, account and limits); answers it with its keys", run: (fake, body) => json(201, fake.createProject(projectInit(body))) },
      GET: { body: "none", description: "every project, with its keys", run: (fake) => json(200, fake.projects()) },
    },
  },
  {
    pattern: /^\/projects\/(?<id>[^/]+)$/,
    methods: {
      PATCH: {
        body: "required",
        description: "changes checkLimit and pingLogLimit of the project's account",
        run: (fake, body, [id]) => json(200, fake.setProjectLimits(id!, pick(body, { checkLimit: "a limit", pingLogLimit: "a limit" }))),
      },
    },
  },
  {
    pattern: /^\/limits$/,
    methods: {
      GET: { body: "none", description: "the service's limits in force", run: (fake) => json(200, fake.limits()) },
      PATCH: {
        body: "required",
        description: "changes the service's limits: pingBodyLimit, apiBodyLimit, and checkLimit and pingLogLimit of accounts made from then on",
        run: (fake, body) =>
          json(
            200,
            fake.setLimits(
              pick(body, { pingBodyLimit: "a limit", apiBodyLimit: "a limit", checkLimit: "a limit", pingLogLimit: "a limit" }),
            ),
          ),
      },
    },
  },
  {
    pattern: /^\/projects\/(?<id>[^/]+)\/channels$/,
    methods: {
      POST: {
        body: "required",
        description: "adds an integration to the project (body: kind, optional name, value, disabled)",
        // addChannel() checks the body member by member, as it does in-process.
        run: (fake, body, [id]) => json(201, fake.addChannel(id!, body as unknown as ChannelInit)),
      },
      GET: { body: "none", description: "the project's integrations, with their settings, disabled flag and last error", run: (fake, _body, [id]) => json(200, fake.channels(id!)) },
    },
  },
  {
    pattern: /^\/projects\/(?<id>[^/]+)\/checks$/,
    methods: {
      POST: {
        body: "optional",
        description: "creates a check in the project as POST /api/v3/checks/ would",
        run: (fake, body, [id]) => json(201, fake.createCheck(id!, body as CreateCheckInput)),
      },
      GET: { body: "none", description: "the project's checks now, in their read-write representation", run: (fake, _body, [id]) => json(200, fake.checks(id!)) },
    },
  },
  {
    pattern: /^\/checks\/(?<uuid>[^/]+)\/pings$/,
    methods: {
      GET: {
        body: "none",
        description:
          "the ping log of the check, oldest first, bodies in base64; bodies=shared answers {pings, bodies}, a body several pings hold written once in bodies and named by index (sharedBody); limit keeps the newest so many",
        run: (fake, _body, [uuid], query) => pingLog(fake, uuid!, query),
      },
    },
  },
  {
    pattern: /^\/clock$/,
    methods: { GET: { body: "none", description: "the clock's time", run: clockAnswer } },
  },
  {
    pattern: /^\/revision$/,
    methods: {
      GET: {
        body: "none",
        description: "a count that grows whenever the state may have changed, and the clock's time: poll it with If-None-Match, read the rest when it changed",
        run: (fake) => json(200, { revision: fake.revision, now: fake.clock.now().toISOString() }),
      },
    },
  },
  {
    pattern: /^\/clock\/advance$/,
    methods: {
      POST: {
        body: "required",
        description: "moves the clock forward by body.ms milliseconds",
        run: (fake, body) => {
          const ms = body.ms;
          if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
            throw new ControlInputError("ms must be a non-negative number of milliseconds");
          }
          fake.clock.advance(ms);
          return clockAnswer(fake);
        },
      },
    },
  },
  {
    pattern: /^\/clock\/set$/,
    methods: {
      POST: {
        body: "required",
        description: "sets the clock to body.time (ISO 8601 or epoch milliseconds)",
        run: (fake, body) => {
          const time = body.time;
          if ((typeof time !== "string" && typeof time !== "number") || !Number.isFinite(new Date(time).getTime())) {
            throw new ControlInputError("time must be an ISO 8601 date or epoch milliseconds");
          }
          fake.clock.set(time);
          return clockAnswer(fake);
        },
      },
    },
  },
  {
    pattern: /^\/clock\/next-change$/,
    methods: {
      POST: {
        body: "required",
        description: "moves the clock to the next status change of {check: uuid} or {project: id}; answers the change, its at in ISO 8601",
        run: (fake, body) => {
          const change = fake.advanceToNextChange(changeTarget(body));
          return json(200, { now: fake.clock.now().toISOString(), change: change && { ...change, at: new Date(change.at).toISOString() } });
        },
      },
    },
  },
  {
    pattern: /^\/notifications$/,
    methods: {
      GET: {
        body: "none",
        description: "the outbox: a record of every notification delivery, oldest first; the query parameters check, channel, kind and status select some, limit keeps the newest so many",
        run: (fake, _body, _params, query) => {
          const { limit, ...filter } = notificationFilter(query);
          return json(200, newest(fake.notifications(filter), limit));
        },
      },
      DELETE: { body: "none", description: "empties the outbox", run: (fake) => (fake.clearNotifications(), noContent()) },
    },
  },
  {
    pattern: /^\/notifications\/settled$/,
    methods: { POST: { body: "none", description: "answers once every due notification delivery has finished", run: async (fake) => (await fake.settled(), noContent()) } },
  },
  {
    pattern: /^\/emails$/,
    methods: { POST: { body: "required", description: "delivers an inbound email to the check it is addressed to", run: (fake, body) => json(200, fake.deliverEmail(emailMessage(body))) } },
  },
  {
    pattern: /^\/journal$/,
    methods: {
      GET: {
        body: "none",
        description: "the journal of the requests served, oldest first, secrets masked; the query parameters check, operation, method and status select some, limit keeps the newest so many",
        run: (fake, _body, _params, query) => {
          const { limit, ...filter } = journalFilter(query);
          return json(200, newest(fake.journal(filter), limit));
        },
      },
      DELETE: { body: "none", description: "empties the journal", run: (fake) => (fake.clearJournal(), noContent()) },
    },
  },
  {
    pattern: /^\/faults$/,
    methods: {
      POST: { body: "optional", description: "injects a fault into the next requests of an operation", run: (fake, body) => (fake.inject(fault(body)), noContent()) },
      DELETE: { body: "none", description: "removes every pending fault", run: (fake) => (fake.clearFaults(), noContent()) },
    },
  },
  {
    pattern: /^\/reset$/,
    methods: { POST: { body: "none", description: "empties the fake (projects, checks, journal, faults, outbox); the clock is kept", run: (fake) => (fake.reset(), noContent()) } },
  },
  {
    pattern: /^\/state$/,
    methods: {
      GET: { body: "none", description: "exports the whole state as a document", etag: false, run: (fake) => stateAnswer(fake.exportState()) },
      PUT: {
        body: "required",
        description: "replaces the state with an exported document",
        limit: "state",
        run: (fake, body) => (fake.importState(body as unknown as FakeState), noContent()),
      },
    },
  },
];

/** Every control endpoint as method, path (`{id}` for a project id, `{uuid}` for a check's) and what it does. */
function endpointIndex(prefix: string): { method: string; path: string; description: string }[] {
  return ROUTES.filter((route) => !route.pattern.test("")).flatMap((route) => {
    const path = prefix + templateOf(route);
    return Object.entries(route.methods).map(([method, endpoint]) => ({ method, path, description: endpoint!.description }));
  });
}

/**
 * The control prefix of `fake`, or `undefined` when remote control is off
 * (`control: false`).
 */
export function controlPrefix(fake: Pick<ControlTarget, "options">): string | undefined {
  return fake.options.control?.prefix;
}

/** Whether `path` is the control prefix or a path below it (`/p` does not take `/ping/…`). */
export function isControlPath(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Answers a control request, or returns `undefined` when `request` is not
 * under the control prefix (or control is off) so the caller routes it as an
 * API request. Never throws: bad input is a 400.
 */
export async function handleControl(fake: ControlTarget, request: Incoming, outbox: Pick<Outbox, "newest">): Promise<Reply | undefined> {
  const control = fake.options.control;
  if (control === null) return undefined;
  const prefix = control.prefix;
  const path = request.pathname;
  if (!isControlPath(prefix, path)) return undefined;
  const rest = path.slice(prefix.length);
  if (isUiPath(rest)) return serveUi(request, rest, { control, baseUrl: fake.options.baseUrl }, (key) => emailHtml(outbox, key));
  const refused = refusal(request, { control, baseUrl: fake.options.baseUrl });
  if (refused) {
    return error(refused.status, refused.message, refused.status === 401 ? { "WWW-Authenticate": 'Bearer realm="control"' } : undefined);
  }

  for (const route of ROUTES) {
    const match = route.pattern.exec(rest);
    if (!match) continue;
    const endpoint = route.methods[request.method];
    if (!endpoint) {
      const allow = Object.keys(route.methods).join(", ");
      return error(405, `method ${request.method} not allowed on ${prefix}${templateOf(route)}; use ${allow}`, { Allow: allow });
    }
    try {
      const limit = endpoint.limit === "state" ? control.stateBodyLimit : control.bodyLimit;
      const body = endpoint.body === "none" ? {} : await readObject(request, endpoint.body === "required", limit);
      if (body === TOO_LARGE) {
        const option = endpoint.limit === "state" ? "control.stateBodyLimit" : "control.bodyLimit";
        return error(413, `control request body larger than ${limit} bytes (the ${option} option)`);
      }
      const params = match.slice(1).map(decodeParam);
      const reply = await endpoint.run(fake, body, params, new URLSearchParams(request.search));
      return request.method === "GET" && endpoint.etag !== false ? await conditional(request, reply) : reply;
    } catch (problem) {
      if (problem instanceof AnswerTooLongError) return error(409, problem.message);
      return error(400, problem instanceof Error ? problem.message : String(problem));
    }
  }
  return error(404, `unknown control endpoint: ${request.method} ${withoutSecrets(path)}`);
}

/**
 * A `200` answer with its `ETag`, or `304` without a body when the request's
 * `If-None-Match` names it: a poller reads the body only when it changed.
 */
async function conditional(request: Incoming, reply: Reply): Promise<Reply> {
  if (reply.status !== 200 || reply.body === null) return reply;
  const tag = `"${toBase64Url(await sha1Of(reply.body))}"`;
  const wanted = request.header("if-none-match");
  if (wanted !== null && wanted.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag)) {
    return { status: 304, headers: headerList({ ETag: tag }), body: null };
  }
  return { ...reply, headers: headerList({ "content-type": "application/json", ETag: tag }) };
}

// A shared ping log runs to tens of MiB: Web Crypto hashes it some 25 times
// faster than the core's own SHA-1, which serves where there is none (a
// page served over plain HTTP from another host than localhost).
async function sha1Of(body: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof body === "string" ? utf8Bytes(body) : body;
  const subtle = globalThis.crypto?.subtle;
  return subtle ? new Uint8Array(await subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>)) : digest("sha1", bytes);
}

// The newest `limit` items of a list kept oldest first, still oldest first.
function newest<T>(items: T[], limit: number | undefined): T[] {
  return limit === undefined || items.length <= limit ? items : items.slice(items.length - limit);
}

// The HTML part of the newest email in the outbox whose key is `key`, for the dashboard's frames.
function emailHtml(outbox: Pick<Outbox, "newest">, key: string): string | undefined {
  return outbox.newest((record) => record.email !== null && emailKey(record.email.html) === key)?.email?.html;
}

function pingLog(fake: ControlTarget, uuid: string, query: URLSearchParams): Reply {
  const found = queryParameters(query, ["bodies", "limit"]);
  const form = found.get("bodies");
  if (form !== undefined && form !== "shared" && form !== "inline") throw new ControlInputError('bodies must be "shared" or "inline"');
  const pings = newest(fake.pings(uuid), limitOf(found));
  if (form !== "shared") {
    return longJson(
      pings.map((ping) => ping.body),
      pings,
      "the ping log",
      "ask for bodies=shared, which writes a body several pings hold once, or for the newest pings only (limit)",
    );
  }
  const log = sharedPingLog(pings);
  return longJson([...log.bodies, ...log.pings.map((ping) => ping.body)], log, "the ping log", "ask for the newest pings only (limit)");
}

// The pings of a log with the bodies several of them hold moved to `bodies`,
// as the state document does. The fake hands the same base64 string to
// every ping of a body, so equal strings are mostly the same string.
function sharedPingLog(pings: PingState[]): SharedPingLog {
  const shared = new SharedBodies(pings.map((ping) => ping.body), (body) => body);
  return { pings: pings.map((ping) => shared.ping(ping)), bodies: shared.bodies };
}

function stateAnswer(state: FakeState): Reply {
  const texts: (string | null)[] = [...(state.bodies ?? [])];
  for (const check of state.checks) for (const ping of check.pings) texts.push(ping.body);
  return longJson(texts, state, "the state", "delete checks or pings, or lower the ping log and ping body limits");
}

/**
 * A 200 JSON answer that may not fit in one string: `bodies`, the long
 * texts it holds, are counted first, so that an answer clearly too long is
 * refused before it is built; one the count missed is refused when
 * building it fails.
 */
function longJson(bodies: readonly (string | null)[], value: unknown, what: string, instead: string): Reply {
  let chars = 0;
  for (const body of bodies) chars += body?.length ?? 0;
  const tooLong = (size: string): AnswerTooLongError =>
    new AnswerTooLongError(`${what} is longer than a control answer may be (${size}; the limit is ${CONTROL_ANSWER_MAX_CHARS} characters): ${instead}`);
  if (chars > CONTROL_ANSWER_MAX_CHARS) throw tooLong(`its bodies alone take ${chars} characters`);
  try {
    return json(200, value);
  } catch (problem) {
    if (problem instanceof RangeError) throw tooLong("more than fits in one string");
    throw problem;
  }
}

// A path parameter: a project id or a check UUID.
function decodeParam(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ControlInputError("the id in the path is not valid percent-encoding");
  }
}

/** A route's path as the index shows it, `{name}` standing for a parameter. */
function templateOf(route: Route): string {
  return route.pattern.source
    .replace(/^\^|\$$/g, "")
    .replace(/\(\?<(\w+)>\[\^\/\]\+\)/g, "{$1}")
    .replaceAll("\\/", "/");
}

// Generated keys and UUIDs have 22 characters or more: a path echoed in an
// error shows its words (where a typo is) and hides what may be a secret.
const LONG_SEGMENT = /[^/]{22,}/g;

function withoutSecrets(path: string): string {
  return path.replace(LONG_SEGMENT, "***");
}

// The query parameters of a listing, by name; an unknown name is refused, so
// that a typo does not select everything.
function queryParameters(query: URLSearchParams, names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of query) {
    if (!names.includes(name)) throw new ControlInputError(`unknown query parameter: ${name} (the parameters: ${names.join(", ")})`);
    found.set(name, value);
  }
  return found;
}

function notificationFilter(query: URLSearchParams): NotificationFilter & { limit: number | undefined } {
  const found = queryParameters(query, ["check", "channel", "kind", "status", "limit"]);
  const status = found.get("status");
  if (status !== undefined && status !== "up" && status !== "down") throw new ControlInputError('status must be "up" or "down"');
  return { check: found.get("check"), channel: found.get("channel"), kind: found.get("kind"), status, limit: limitOf(found) };
}

// `limit`, a positive whole number, when given.
function limitOf(found: Map<string, string>): number | undefined {
  const limit = found.get("limit");
  if (limit === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(limit)) throw new ControlInputError("limit must be a whole number from 1 to 999999999");
  return Number(limit);
}


// Decodes as `Body.text()` does: UTF-8 with replacement, a byte-order mark dropped.
const UTF8 = new TextDecoder();

const TOO_LARGE = Symbol("too large");

async function readObject(request: Incoming, required: boolean, limit: number): Promise<JsonObject | typeof TOO_LARGE> {
  const read = await request.body(limit);
  if (read.truncated) return TOO_LARGE;
  const text = UTF8.decode(read.bytes);
  if (text.trim() === "") {
    if (required) throw new ControlInputError("request body must be a JSON object");
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ControlInputError("could not parse request body as JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ControlInputError("request body must be a JSON object");
  }
  return value as JsonObject;
}

// Each kind reads as the end of "<member> must be …".
// "a limit" takes any value: the model checks it as the option of the same name.
type Expected = "a string" | "a string or null" | "an integer" | "a limit" | "a number" | "a boolean" | "an object of strings";

function isExpected(value: unknown, expected: Expected): boolean {
  switch (expected) {
    case "a string":
      return typeof value === "string";
    case "a string or null":
      return value === null || typeof value === "string";
    case "an integer":
      return Number.isSafeInteger(value);
    case "a limit":
      return true;
    case "a number":
      return typeof value === "number" && Number.isFinite(value);
    case "a boolean":
      return typeof value === "boolean";
    case "an object of strings":
      return (
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((item) => typeof item === "string")
      );
  }
}

/**
 * Copies the listed members of `body` that are present, checking their types;
 * `required` members must be present. Unknown members are refused, so a typo
 * does not pass silently.
 */
function pick<T>(body: JsonObject, members: Record<string, Expected>, required: string[] = []): T {
  const result: JsonObject = {};
  for (const name of Object.keys(body)) {
    if (!(name in members)) throw new ControlInputError(`unknown member: ${name}`);
  }
  for (const [name, expected] of Object.entries(members)) {
    const value = body[name];
    if (value === undefined) {
      if (required.includes(name)) throw new ControlInputError(`${name} is required`);
      continue;
    }
    if (!isExpected(value, expected)) throw new ControlInputError(`${name} must be ${expected}`);
    result[name] = value;
  }
  return result as T;
}

// The ranges of the limits are the model's, checked by createProject() as in-process.
function projectInit(body: JsonObject): ProjectInit {
  return pick<ProjectInit>(body, {
    name: "a string",
    account: "a string",
    checkLimit: "a limit",
    pingLogLimit: "a limit",
    readWriteKey: "a string or null",
    readOnlyKey: "a string or null",
    pingKey: "a string",
    badgeKey: "a string",
    ownerEmail: "a string or null",
  });
}

// `operation=` (empty) stands for the requests no operation served.
function journalFilter(query: URLSearchParams): JournalFilter & { limit: number | undefined } {
  const found = queryParameters(query, ["check", "operation", "method", "status", "limit"]);
  const operation = found.get("operation");
  const status = found.get("status");
  if (operation !== undefined && operation !== "" && !(OPERATIONS as readonly string[]).includes(operation)) {
    throw new ControlInputError(`unknown operation: ${operation} (one of ${OPERATIONS.join(", ")}, or empty for none)`);
  }
  if (status !== undefined && !/^\d{1,3}$/.test(status)) throw new ControlInputError("status must be a status code");
  return {
    check: found.get("check"),
    operation: operation === "" ? null : (operation as (typeof OPERATIONS)[number] | undefined),
    method: found.get("method"),
    status: status === undefined ? undefined : Number(status),
    limit: limitOf(found),
  };
}

function changeTarget(body: JsonObject): { check: string } | { project: string } {
  const target = pick<{ check?: string; project?: string }>(body, { check: "a string", project: "a string" });
  if (target.check !== undefined && target.project === undefined) return { check: target.check };
  if (target.project !== undefined && target.check === undefined) return { project: target.project };
  throw new ControlInputError("give either check (a check UUID) or project (a project id)");
}

function emailMessage(body: JsonObject): InboundEmail {
  return pick(
    body,
    {
      to: "a string",
      from: "a string",
      subject: "a string",
      text: "a string",
      html: "a string",
      raw: "a string",
      remoteAddr: "a string",
    },
    ["to"],
  );
}

function fault(body: JsonObject): FaultSpec {
  // JSON has no Infinity: `times: null` means "every time" (JSON.stringify turns Infinity into null).
  const { times, ...rest } = body;
  const result = pick<FaultSpec>(rest, {
    operation: "a string",
    latencyMs: "a number",
    status: "an integer",
    headers: "an object of strings",
    body: "a string",
    drop: "a boolean",
    dropAfterApplying: "a boolean",
  });
  if (times === null) result.times = Number.POSITIVE_INFINITY;
  else if (times !== undefined) {
    if (!Number.isSafeInteger(times) || (times as number) < 1) {
      throw new ControlInputError("times must be a positive integer, or null for every time");
    }
    result.times = times as number;
  }
  if (result.latencyMs !== undefined && result.latencyMs < 0) throw new ControlInputError("latencyMs must not be negative");
  if (result.status !== undefined && (result.status < 200 || result.status > 599)) {
    throw new ControlInputError("status must be an HTTP status code from 200 to 599");
  }
  return result;
}
