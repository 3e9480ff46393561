/**
 * The options of `FakeServer`, and their defaults.
 * @module
 */
import { DEFAULT_PING_BODY_LIMIT, type Compat } from "@checks-api/schema";
import { DEFAULT_CONTROL_PREFIX } from "./control/routes.js";
import type { ClockInput } from "./model/clock.js";
import type { ResolvedOptions } from "./model/service.js";

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
    journalByteLimit: options.journalByteLimit ?? 16 * 1024 * 1024,
    journalExcerpt: options.journalExcerpt ?? 4096,
    controlPrefix: control === false ? null : ((control === true ? undefined : control.prefix) ?? DEFAULT_CONTROL_PREFIX),
  };
}
