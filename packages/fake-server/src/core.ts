/**
 * What every request handler works with: the store, the id source, the
 * resolved options, and the per-request exchange record.
 * @module
 */
import type { Compat } from "@checks-api/schema";
import type { IdSource } from "./ids.js";
import type { Incoming } from "./incoming.js";
import type { RepresentContext } from "./represent.js";
import type { FakeServer, FakeServerOptions } from "./server.js";
import type { ApiVersion } from "./status.js";
import type { KeyKind, Store } from "./store.js";

/**
 * The fake's options with their defaults applied, as
 * {@link FakeServer.options} holds them (see {@link FakeServerOptions} for
 * what each one does).
 */
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
export class Exchange {
  /** The authenticated key's kind, once known. */
  keyKind: KeyKind | null = null;
  /** The body as the journal shows it (secrets masked), once read. */
  body: unknown = null;
  #params: URLSearchParams | undefined;

  /**
   * @param incoming The request.
   * @param path Its URL path as received.
   * @param search Its URL query with the `?`, or `""`.
   * @param now The clock at arrival (epoch ms).
   */
  constructor(
    readonly incoming: Incoming,
    readonly path: string,
    readonly search: string,
    readonly now: number,
  ) {}

  /** The request method. */
  get method(): string {
    return this.incoming.method;
  }

  /** The query parameters, parsed on first use. */
  get params(): URLSearchParams {
    this.#params ??= new URLSearchParams(this.search);
    return this.#params;
  }
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
