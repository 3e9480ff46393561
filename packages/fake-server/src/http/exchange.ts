/**
 * The per-request exchange record every request handler fills in, and the
 * representation context of a request.
 * @module
 */
import type { Core } from "../model/service.js";
import type { ApiVersion } from "../model/status.js";
import type { KeyKind } from "../model/store.js";
import type { BodyBytes, BodyOverflow } from "./body.js";
import type { Incoming } from "./incoming.js";
import type { RepresentContext } from "./represent.js";

/** One request being handled; handlers fill in what the journal records. */
export class Exchange {
  /** The authenticated key's kind, once known. */
  keyKind: KeyKind | null = null;
  /** The body as the journal shows it (secrets masked), once read. */
  body: unknown = null;
  /** The body's full length in bytes, once read. */
  bodyLength = 0;
  /** True when `body` is the text of a part of the body cut off at a limit (a ping body past the ping body limit). */
  bodyCut = false;
  /** The UUID of the check the request addressed, once found: the journal keeps it to filter by, and never shows it. */
  check: string | null = null;
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

  /** Reads the body as {@link Incoming.body} does, noting its length for the journal. */
  readBody(cap: number | null, overflow: BodyOverflow): Promise<BodyBytes> {
    return this.incoming.body(cap, overflow).then((body) => {
      this.bodyLength = body.length;
      return body;
    });
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
