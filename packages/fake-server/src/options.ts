/**
 * The options of `FakeServer`, and their defaults.
 * @module
 */
import { DEFAULT_CHECK_LIMIT, DEFAULT_PING_BODY_LIMIT, DEFAULT_PING_LOG_LIMIT, type Compat } from "@checks-api/schema/lite";
import { isTokenText } from "./control/guard.js";
import { DEFAULT_CONTROL_BODY_LIMIT, DEFAULT_CONTROL_PREFIX, DEFAULT_STATE_BODY_LIMIT } from "./control/routes.js";
import type { ClockInput } from "./model/clock.js";
import { checkedLimits } from "./model/limits.js";
import { MAX_TIMER_DELAY_MS } from "./model/real-timers.js";
import type { ControlSettings, NotificationSettings, ResolvedOptions } from "./model/service.js";
import { isVendorKind, VENDOR_KINDS, type VendorKind, type VendorUrls } from "./model/kinds/registry.js";
import { isHttpUrl } from "./model/notify/value-rules.js";
import { hasNode, nodeOnlyError } from "./text/node-only.js";

/**
 * Options of the remote-control API (`FakeServerOptions.control`). The
 * defaults suit a fake on the loopback interface: only programs on the same
 * machine reach it, and browsers only from the fake's own origin.
 */
export interface ControlOptions {
  /** Path prefix of the control endpoints. Default `/__fake`. */
  prefix?: string | undefined;
  /**
   * A secret every control request must send as `Authorization: Bearer
   * <token>` (401 otherwise; compared in constant time): printable ASCII
   * without spaces. Default none: then only this machine may use the
   * control API (a request that came over a socket from another address
   * gets 403); set one when the fake listens on an address other machines
   * reach and they need the control API.
   */
  token?: string | undefined;
  /**
   * `Host` header values accepted besides loopback names and addresses
   * (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, any port) and the
   * host of `baseUrl`; an entry without a port matches any port, `*` any
   * host. Other hosts get 403, so that a DNS-rebinding page cannot reach the
   * control API. Only requests that came over a socket are checked:
   * in-process ones (`handle()`, msw, the undici dispatcher) are not. Default `[]`.
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Browser origins (`Origin` header, e.g. `http://localhost:5173`) accepted
   * besides the request's own (`http://` or `https://` + `Host`) and the
   * origin of `baseUrl`; `*` accepts any. Other origins, and requests with
   * `Sec-Fetch-Site` other than `same-origin` or `none`, get 403. Default `[]`.
   */
  allowedOrigins?: readonly string[] | undefined;
  /** Largest control request body in bytes; a larger one gets 413. Default 1048576 (1 MiB). */
  bodyLimit?: number | undefined;
  /** Largest `PUT {prefix}/state` body in bytes; a larger one gets 413. Default 67108864 (64 MiB). */
  stateBodyLimit?: number | undefined;
}

/**
 * Options of the fake's outgoing notifications (`FakeServerOptions.notifications`).
 * A flip that notifies (to `down`, or back `up` after `down`) is rendered
 * for each integration of the check, and recorded, right after the answer
 * to the request that caused it; HTTP requests are sent after that, and
 * `FakeServer.settled()` waits for them.
 * Guide: [testing alerts](../../../docs/testing-alerts.md).
 */
export interface NotificationOptions {
  /**
   * `send` (default in Node, and wherever `fetch` is given): webhooks and
   * chat integrations are really sent over HTTP (loopback and private
   * addresses allowed), or through `fetch` when that is given; `record`
   * (default in browsers and workers, where sockets need `fetch`): every delivery is recorded in the outbox with
   * the request it would make, and nothing is sent. Emails go to the outbox
   * in both modes, and also to `smtpRelay` when it is set.
   */
  delivery?: "send" | "record" | undefined;
  /**
   * Sends the HTTP deliveries through this function instead of the network:
   * it is called with a `Request` per request (method, URL, headers, body,
   * `redirect: "manual"` and the attempt's `signal`; `await request.text()`
   * reads the body) and answers with a `Response`. A plain function, or
   * `globalThis.fetch` intercepted by msw. The fake follows redirects and
   * applies the time limit itself. Default: the fake's own client, which
   * writes each request on a socket exactly as the service's client does.
   * @example
   * ```ts
   * const fake = new FakeServer({
   *   notifications: { fetch: async (request) => new Response(await request.text() === "" ? "empty" : "ok") },
   * });
   * ```
   */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Time limit of one HTTP attempt in ms, connection and whole answer
   * included (the service's is 30 s); an attempt past it fails with
   * `Connection timed out` and the next of the three attempts starts. A
   * test with a receiver that hangs sets it low. From 1 to 2147483647.
   * Default 30000.
   */
  attemptTimeoutMs?: number | undefined;
  /**
   * Flips whose HTTP requests are sent at the same time, at most, like the
   * service's alert processor, which runs 10: one flip's integrations are
   * notified one after another, each flip by one worker. Flips past it
   * wait for a free worker. Default 10; at least 1.
   */
  workers?: number | undefined;
  /** Delivery records the outbox keeps; older ones are dropped. Default 10000. */
  outboxLimit?: number | undefined;
  /**
   * Bytes the outbox holds at most, estimated from each record's URLs,
   * headers, bodies and email texts; the oldest records are dropped to stay
   * under it, but the newest is kept whatever its size (one delivery
   * renders at most 1 MiB of text). Default 16777216 (16 MiB).
   */
  outboxByteLimit?: number | undefined;
  /**
   * The kinds whose address the vendor fixes ({@link VENDOR_KINDS}:
   * PagerDuty, Telegram, Twilio's SMS and the others) have their requests
   * recorded and never sent, whatever `delivery` says. A base URL given here for a kind sends
   * its requests there instead, with the vendor's path and query
   * (`{ pd: "http://127.0.0.1:9000" }` posts PagerDuty's events to
   * `http://127.0.0.1:9000/generic/2010-04-15/create_event.json`). Default: none.
   */
  vendorUrls?: Partial<Record<VendorKind, string>> | undefined;
  /**
   * An SMTP server every alert email is also sent to, as `smtp://host:port`
   * (port 25 when left out), such as a mail catcher: the message the
   * service sends (its header fields, plain-text and HTML parts,
   * `last-ping.eml`), over plain SMTP without authentication. A message
   * the server does not take (after three attempts a second apart when it
   * drops the connection or refuses the data) is recorded as the service
   * records it: the delivery's error stays `Sending` and the integration's
   * `lastError` is kept. Default none. Guide: [testing alerts](../../../docs/testing-alerts.md#a-mail-catcher-as-the-relay).
   */
  smtpRelay?: string | undefined;
}

/** Options of {@link FakeServer}. */
export interface FakeServerOptions {
  /** Which side of the seed/live differences to follow (`docs/reference.md#seed-and-live-the-fourteen-differences`); `live` answers as Healthchecks v4.3. Default `seed`. */
  compat?: Compat | undefined;
  /** Site root used in the URLs the fake prints (and whose path it serves under). Default `http://localhost:8000`. */
  baseUrl?: string | undefined;
  /** Ping endpoint printed in `ping_url` and routed for pings. Default `${baseUrl}/ping/`. */
  pingEndpoint?: string | undefined;
  /** Label of the `*` badge. Default `Mychecks`. */
  siteName?: string | undefined;
  /**
   * Bytes kept of an HTTP ping body, announced in `Ping-Body-Limit`; the
   * rest is read and dropped. `null` = unlimited (a body is then held
   * whole, up to `apiBodyLimit`, past which it is refused). Default 10000.
   */
  pingBodyLimit?: number | null | undefined;
  /** Secret the badge signatures are derived from. Default `fake-badge-secret`. */
  badgeSecret?: string | undefined;
  /** Domain of inbound email addresses: a domain name (letters, digits, dots and hyphens). Default `hc.localhost`. */
  pingEmailDomain?: string | undefined;
  /**
   * The clock: virtual (default, starting now or at `start`: time passes only
   * when moved) or real (following the wall clock from now or from `start`:
   * a check goes down, and its deliveries start, when its time comes, with no
   * request needed; the one timer this takes does not keep a process alive).
   */
  clock?: { start?: ClockInput; mode?: "virtual" | "real" } | undefined;
  /** Makes every generated UUID and key the same from run to run. */
  seed?: number | string | undefined;
  /** Remote control over HTTP (see {@link ControlOptions}); `false` turns it off. Default on at `/__fake`, no token. */
  control?: boolean | ControlOptions | undefined;
  /**
   * The framework's upload limit: the largest management request body or
   * HTTP ping body in bytes (default 2621440). A larger management body is
   * refused before authentication with `400`: live mode sends the
   * framework's HTML "Bad Request (400)" page, seed mode `{"error": "could
   * not parse request body"}`. A larger ping body gets that HTML page in
   * both modes, and no ping is recorded.
   */
  apiBodyLimit?: number | undefined;
  /** Journal entries kept; older ones are dropped. Default 10000. */
  journalLimit?: number | undefined;
  /**
   * Bytes the journal holds at most, estimated from each entry's body
   * excerpt and path; the oldest entries are dropped to stay under it.
   * Default 16777216 (16 MiB).
   */
  journalByteLimit?: number | undefined;
  /**
   * Characters of each request body the journal keeps (a longer body is
   * kept as the text of its first characters; `bodyLength` tells its full
   * length). Default 4096.
   */
  journalExcerpt?: number | undefined;
  /**
   * Check limit of each new account (a project created without its own
   * `checkLimit` makes one, unless it joins an existing `account`): a
   * non-negative integer. Default 20.
   */
  checkLimit?: number | undefined;
  /** Ping log limit of each new account, likewise: a positive integer. Default 100. */
  pingLogLimit?: number | undefined;
  /** Outgoing notifications (see {@link NotificationOptions}). Default: sent over the network, 10000 records kept. */
  notifications?: NotificationOptions | undefined;
}

/**
 * The options with their defaults applied.
 * @throws RangeError naming the first option the fake could not run with.
 */
export function resolveOptions(options: FakeServerOptions): ResolvedOptions {
  const baseUrl = siteUrl("baseUrl", options.baseUrl ?? "http://localhost:8000").replace(/\/+$/, "");
  let pingEndpoint = siteUrl("pingEndpoint", options.pingEndpoint ?? `${baseUrl}/ping/`);
  if (!pingEndpoint.endsWith("/")) pingEndpoint += "/";
  const mode: unknown = options.clock?.mode ?? "virtual";
  if (mode !== "virtual" && mode !== "real") throw new RangeError(`clock.mode must be "virtual" or "real", not ${JSON.stringify(mode)}`);
  const limits = checkedLimits({
    pingBodyLimit: options.pingBodyLimit === undefined ? DEFAULT_PING_BODY_LIMIT : options.pingBodyLimit,
    apiBodyLimit: options.apiBodyLimit ?? 2_621_440,
    checkLimit: options.checkLimit ?? DEFAULT_CHECK_LIMIT,
    pingLogLimit: options.pingLogLimit ?? DEFAULT_PING_LOG_LIMIT,
  });
  return {
    compat: options.compat ?? "seed",
    baseUrl,
    pingEndpoint,
    siteName: options.siteName ?? "Mychecks",
    ...limits,
    badgeSecret: options.badgeSecret ?? "fake-badge-secret",
    pingEmailDomain: emailDomain(options.pingEmailDomain ?? "hc.localhost"),
    journalLimit: count("journalLimit", options.journalLimit ?? 10_000),
    journalByteLimit: count("journalByteLimit", options.journalByteLimit ?? 16 * 1024 * 1024),
    journalExcerpt: count("journalExcerpt", options.journalExcerpt ?? 4096),
    control: resolveControl(options.control ?? true),
    notifications: resolveNotifications(options.notifications ?? {}),
  };
}

function resolveNotifications(given: NotificationOptions): NotificationSettings {
  // Sending over sockets needs Node: elsewhere (a browser, a worker) deliveries are recorded unless asked otherwise.
  const delivery: unknown = given.delivery ?? (given.fetch !== undefined || hasNode() ? "send" : "record");
  if (delivery !== "send" && delivery !== "record") {
    throw new RangeError(`notifications.delivery must be "send" or "record", not ${JSON.stringify(delivery)}`);
  }
  if (given.fetch !== undefined && typeof given.fetch !== "function") throw new RangeError("notifications.fetch must be a function");
  if (delivery === "send" && given.fetch === undefined && !hasNode()) {
    throw nodeOnlyError('notifications.delivery "send"', "node:net and node:tls; pass notifications.fetch to send with fetch, or delivery: \"record\"");
  }
  const attemptTimeoutMs = given.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const timeoutProblem = attemptTimeoutProblem(attemptTimeoutMs);
  if (timeoutProblem !== null) throw new RangeError(`notifications.attemptTimeoutMs ${timeoutProblem}`);
  return {
    delivery: delivery === "send" && given.fetch !== undefined ? "fetch" : delivery,
    attemptTimeoutMs,
    workers: positive("notifications.workers", given.workers ?? 10),
    outboxLimit: count("notifications.outboxLimit", given.outboxLimit ?? 10_000),
    outboxByteLimit: count("notifications.outboxByteLimit", given.outboxByteLimit ?? 16 * 1024 * 1024),
    vendorUrls: resolveVendorUrls(given.vendorUrls ?? {}),
    smtpRelay: given.smtpRelay === undefined ? null : smtpUrl(given.smtpRelay),
  };
}

function positive(name: string, value: number): number {
  if (count(name, value) === 0) throw new RangeError(`${name} must be at least 1`);
  return value;
}

/** The service's time limit of one delivery attempt, ms. */
const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;
/** The longest time limit of one attempt, ms: the longest delay a timer takes (about 24.8 days). */
const MAX_ATTEMPT_TIMEOUT_MS = MAX_TIMER_DELAY_MS;

/**
 * What is wrong with a time limit of one delivery attempt (a whole number
 * of ms from 1 to {@link MAX_ATTEMPT_TIMEOUT_MS}), or `null`; `shown` is
 * how the message quotes the value.
 */
export function attemptTimeoutProblem(value: unknown, shown = String(value)): string | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ATTEMPT_TIMEOUT_MS) return null;
  return `must be a whole number of milliseconds from 1 to ${MAX_ATTEMPT_TIMEOUT_MS}, not ${shown}`;
}

function resolveVendorUrls(given: Partial<Record<VendorKind, string>>): VendorUrls {
  if (typeof given !== "object" || given === null) throw new RangeError("notifications.vendorUrls must be an object of kinds and base URLs");
  for (const [kind, url] of Object.entries(given)) {
    if (!isVendorKind(kind)) throw new RangeError(`notifications.vendorUrls: ${JSON.stringify(kind)} is not one of ${VENDOR_KINDS.join(", ")}`);
    if (typeof url !== "string" || !isHttpUrl(url)) throw new RangeError(`notifications.vendorUrls.${kind} must be an http or https URL`);
  }
  return { ...given };
}

// An `smtp://host[:port]` URL with nothing else in it, or `null`.
function parsedSmtpUrl(text: unknown): URL | null {
  const url = typeof text === "string" && URL.canParse(text) ? new URL(text) : null;
  if (url === null || url.protocol !== "smtp:" || url.hostname === "" || url.username || url.password || url.search || url.hash || !/^\/?$/.test(url.pathname)) {
    return null;
  }
  return url;
}

/** What is wrong with an SMTP relay address (`smtp://host[:port]`), or `null`. */
export function smtpRelayProblem(text: unknown): string | null {
  return parsedSmtpUrl(text) === null ? `must be an smtp://host:port URL, not ${JSON.stringify(text)}` : null;
}

/** An `smtp://host[:port]` URL, normalised, port 25 unless given. */
function smtpUrl(text: unknown): string {
  const url = parsedSmtpUrl(text);
  if (url === null) throw new RangeError(`notifications.smtpRelay ${smtpRelayProblem(text) as string}`);
  return `smtp://${url.hostname}:${url.port || "25"}`;
}

const DOMAIN_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** What is wrong with a ping email domain (a domain name such as `hc.localhost`), or `null`. */
export function emailDomainProblem(text: unknown): string | null {
  return typeof text === "string" && DOMAIN_NAME.test(text) ? null : `must be a domain name such as hc.localhost, not ${JSON.stringify(text)}`;
}

function emailDomain(text: unknown): string {
  const problem = emailDomainProblem(text);
  if (problem !== null) throw new RangeError(`pingEmailDomain ${problem}`);
  return text as string;
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** A size or count option: a non-negative integer. */
function count(name: string, value: number): number {
  if (!isCount(value)) throw new RangeError(`${name} must be a non-negative integer, not ${String(value)}`);
  return value;
}

// The fakes of a test suite tend to share their URLs: each is checked once.
const CHECKED_URLS_SIZE = 64;
const checkedUrls = new Set<string>();

/** A URL the fake serves under or prints: http(s), and nothing that could not take a path after it. */
function siteUrl(name: string, value: string): string {
  if (checkedUrls.has(value)) return value;
  checkUrl(name, value);
  if (checkedUrls.size === CHECKED_URLS_SIZE) checkedUrls.clear();
  checkedUrls.add(value);
  return value;
}

function checkUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${name} must be an http:// or https:// URL, not ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RangeError(`${name} must be an http:// or https:// URL, not ${value}`);
  if (/[?#]/.test(value) || url.username !== "" || url.password !== "") {
    throw new RangeError(`${name} must have no query, fragment or credentials: ${value}`);
  }
}

// A prefix is matched as the start of a path, so it must be a path of its own.
const CONTROL_PREFIX = /^\/.*[^/]$/;

function resolveControl(control: boolean | ControlOptions): ControlSettings | null {
  if (control === false) return null;
  const given = control === true ? {} : control;
  const prefix = given.prefix ?? DEFAULT_CONTROL_PREFIX;
  if (!CONTROL_PREFIX.test(prefix)) {
    throw new RangeError(`control.prefix must be a path such as ${DEFAULT_CONTROL_PREFIX} (a "/" and more, no "/" at the end), not ${JSON.stringify(prefix)}`);
  }
  if (given.token !== undefined && !isTokenText(given.token)) {
    throw new RangeError("control.token must be printable ASCII without spaces (it travels as Authorization: Bearer <token>)");
  }
  return {
    prefix,
    token: given.token ?? null,
    allowedHosts: [...(given.allowedHosts ?? [])],
    allowedOrigins: [...(given.allowedOrigins ?? [])],
    bodyLimit: count("control.bodyLimit", given.bodyLimit ?? DEFAULT_CONTROL_BODY_LIMIT),
    stateBodyLimit: count("control.stateBodyLimit", given.stateBodyLimit ?? DEFAULT_STATE_BODY_LIMIT),
  };
}
