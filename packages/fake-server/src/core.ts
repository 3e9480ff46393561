/**
 * What every request handler works with: the store, the id source, the
 * resolved options, and the per-request exchange record.
 * @module
 */
import type { Compat } from "@checks-api/schema";
import type { IdSource } from "./ids.js";
import type { RepresentContext } from "./represent.js";
import type { ApiVersion } from "./status.js";
import type { KeyKind, Store } from "./store.js";

/** The fake's options after defaults were applied. */
export interface ResolvedOptions {
  /** `seed` or `live`. */
  compat: Compat;
  /** Site root used in printed URLs, without a trailing slash. */
  baseUrl: string;
  /** Ping endpoint, ending with `/`. */
  pingEndpoint: string;
  /** Label of the `*` badge. */
  siteName: string;
  /** Bytes kept of an HTTP ping body; `null` = unlimited. */
  pingBodyLimit: number | null;
  /** Secret of the badge signatures. */
  badgeSecret: string;
  /** Domain of the inbound email addresses. */
  pingEmailDomain: string;
  /** Largest management request body, in bytes. */
  apiBodyLimit: number;
  /** Journal entries kept (the oldest are dropped). */
  journalLimit: number;
  /** Remote control prefix, or `null` when remote control is off. */
  controlPrefix: string | null;
}

/** The service state shared by the handlers. */
export interface Core {
  /** All data. */
  readonly store: Store;
  /** Identifier source. */
  readonly ids: IdSource;
  /** Resolved options. */
  readonly options: ResolvedOptions;
}

/** One request being handled; handlers fill in what the journal records. */
export interface Exchange {
  /** The request. */
  request: Request;
  /** Its parsed URL. */
  url: URL;
  /** Its method. */
  method: string;
  /** The clock at arrival (epoch ms). */
  now: number;
  /** The authenticated key's kind, once known. */
  keyKind: KeyKind | null;
  /** The body as the journal shows it (secrets masked), once read. */
  body: unknown;
}

/** The representation context of a request. */
export function representContext(core: Core, now: number, version: ApiVersion): RepresentContext {
  return {
    siteRoot: core.options.baseUrl,
    pingEndpoint: core.options.pingEndpoint,
    compat: core.options.compat,
    now,
    version,
  };
}
