/**
 * `client.channels`: the project's integrations.
 * @module
 */
import type { Channel } from "@checks-api/schema/lite";
import type { ApiPromise } from "../core/api-promise.js";
import type { ApiContext } from "../core/context.js";
import type { RequestOptions } from "../core/options.js";
import { readJson } from "../core/response.js";

/**
 * The project's integrations (read-write key only).
 * @category Clients
 */
export class Channels {
  readonly #context: ApiContext;

  /** @param context configuration and key */
  constructor(context: ApiContext) {
    this.#context = context;
  }

  /** Every integration of the project, in creation order; `kind` may be one this SDK does not know. */
  list(options?: RequestOptions): ApiPromise<Channel[]> {
    return this.#context.send(
      {
        name: "listChannels",
        method: "GET",
        url: this.#context.url(["channels"], true),
        safety: "idempotent",
        mutates: false,
        read: (response, ctx) => readJson(response, "ChannelList", ctx).channels,
      },
      options,
    );
  }
}
