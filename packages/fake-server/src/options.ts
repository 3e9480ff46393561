/**
 * The options of `FakeServer`, and their defaults.
 * @module
 */
import { DEFAULT_PING_BODY_LIMIT, type Compat } from "@checks-api/schema";
import { DEFAULT_CONTROL_BODY_LIMIT, DEFAULT_CONTROL_PREFIX, DEFAULT_STATE_BODY_LIMIT } from "./control/routes.js";
import type { ClockInput } from "./model/clock.js";
import type { ControlSettings, ResolvedOptions } from "./model/service.js";

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
   * <token>` (401 otherwise; compared in constant time). Default none:
   * then only this machine may use the control API, and a request that came
   * over a socket from another address gets 403; set one whenever the fake
   * listens on an address other machines can reach and they need the control API.
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

/** Options of {@link FakeServer}. */
export interface FakeServerOptions {
  /** Which side of the seed/live differences to follow (spec README); `live` answers as Healthchecks v4.3. Default `seed`. */
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
   * whole). Default 10000.
   */
  pingBodyLimit?: number | null | undefined;
  /** Secret the badge signatures are derived from. Default `fake-badge-secret`. */
  badgeSecret?: string | undefined;
  /** Domain of inbound email addresses. Default `hc.localhost`. */
  pingEmailDomain?: string | undefined;
  /** The clock: virtual (default, starting now or at `start`) or real. */
  clock?: { start?: ClockInput; mode?: "virtual" | "real" } | undefined;
  /** Makes every generated UUID and key the same from run to run. */
  seed?: number | string | undefined;
  /** Remote control over HTTP (see {@link ControlOptions}); `false` turns it off. Default on at `/__fake`, no token. */
  control?: boolean | ControlOptions | undefined;
  /**
   * Largest management request body in bytes (default 2621440, the
   * framework's upload limit). A larger body is refused before
   * authentication with `400`: live mode sends the framework's HTML "Bad
   * Request (400)" page, seed mode `{"error": "could not parse request body"}`.
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
}

/** The options with their defaults applied. */
export function resolveOptions(options: FakeServerOptions): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? "http://localhost:8000").replace(/\/+$/, "");
  let pingEndpoint = options.pingEndpoint ?? `${baseUrl}/ping/`;
  if (!pingEndpoint.endsWith("/")) pingEndpoint += "/";
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
    journalByteLimit: options.journalByteLimit ?? 16 * 1024 * 1024,
    journalExcerpt: options.journalExcerpt ?? 4096,
    control: resolveControl(options.control ?? true),
  };
}

function resolveControl(control: boolean | ControlOptions): ControlSettings | null {
  if (control === false) return null;
  const given = control === true ? {} : control;
  return {
    prefix: given.prefix ?? DEFAULT_CONTROL_PREFIX,
    token: given.token ?? null,
    allowedHosts: [...(given.allowedHosts ?? [])],
    allowedOrigins: [...(given.allowedOrigins ?? [])],
    bodyLimit: given.bodyLimit ?? DEFAULT_CONTROL_BODY_LIMIT,
    stateBodyLimit: given.stateBodyLimit ?? DEFAULT_STATE_BODY_LIMIT,
  };
}
