/**
 * `client.pings`: a check's ping log and the body of one ping.
 * @module
 */
import type { Ping } from "@checks-api/schema/lite";
import { guard, type ApiPromise } from "../core/api-promise.js";
import type { ApiContext } from "../core/context.js";
import type { RequestOptions } from "../core/options.js";
import { checkUuidParam, pingNumberParam } from "../core/paths.js";
import { bodyText, readJson, type RawResponse } from "../core/response.js";

/**
 * The ping log of checks (read-write key only).
 * @category Clients
 */
export class Pings {
  readonly #context: ApiContext;

  /** @param context configuration and key */
  constructor(context: ApiContext) {
    this.#context = context;
  }

  /** The check's most recent pings, newest first. */
  list(uuid: string, options?: RequestOptions): ApiPromise<Ping[]> {
    return guard(() => {
      const id = checkUuidParam(uuid, { method: "GET", path: "/api/v3/checks/{uuid}/pings/" });
      return this.#context.send(
        {
          name: "listPings",
          method: "GET",
          url: this.#context.url(["checks", id, "pings"], true),
          safety: "idempotent",
          mutates: false,
          secrets: [id],
          read: (response, ctx) => readJson(response, "PingList", ctx).pings,
        },
        options,
      );
    });
  }

  /**
   * The body of ping number `n` as text (invalid UTF-8 replaced; for the
   * exact bytes use {@link Pings.bodyBytes}). A ping without a body, or
   * outside the ping-log window, gives `NotFoundError`.
   */
  body(uuid: string, n: number, options?: RequestOptions): ApiPromise<string> {
    return this.#body(uuid, n, bodyText, options);
  }

  /**
   * The body of ping number `n` exactly as stored, for binary bodies (a
   * compressed log, an image). Errors as {@link Pings.body}.
   */
  bodyBytes(uuid: string, n: number, options?: RequestOptions): ApiPromise<Uint8Array> {
    // A copy: a transport's body may be a Node `Buffer` or a view into a larger pooled buffer.
    return this.#body(uuid, n, (response) => new Uint8Array(response.body), options);
  }

  #body<T>(uuid: string, n: number, read: (response: RawResponse) => T, options: RequestOptions | undefined): ApiPromise<T> {
    return guard(() => {
      const context = { method: "GET", path: "/api/v3/checks/{uuid}/pings/{n}/body" };
      const id = checkUuidParam(uuid, context);
      const number = pingNumberParam(n, context);
      return this.#context.send(
        {
          name: "getPingBody",
          method: "GET",
          url: this.#context.url(["checks", id, "pings", number, "body"]),
          safety: "idempotent",
          mutates: false,
          secrets: [id],
          read,
        },
        options,
      );
    });
  }
}
