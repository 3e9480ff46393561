/**
 * `client.flips`: a check's status changes.
 * @module
 */
import { flipsOf, type Flip } from "@checks-api/schema/lite";
import { guard, type ApiPromise } from "../core/api-promise.js";
import type { ApiContext } from "../core/context.js";
import { listFlipsQuery, type ListFlipsFilter } from "../core/inputs.js";
import type { RequestOptions } from "../core/options.js";
import { checkIdParam } from "../core/paths.js";
import { readJson } from "../core/response.js";

/**
 * Status changes of checks (read-write or read-only key).
 * @category Clients
 */
export class Flips {
  readonly #context: ApiContext;

  /** @param context configuration and key */
  constructor(context: ApiContext) {
    this.#context = context;
  }

  /**
   * The check's flips, newest first, by UUID or `unique_key`. `start` and
   * `end` take a `Date` or UNIX seconds. Both answer shapes (a bare array, or
   * `{"flips": [...]}`) give the same list. A flip with `up: 0` means "no
   * longer up" (paused or resumed checks too), not necessarily "down".
   */
  list(id: string, filter: ListFlipsFilter = {}, options?: RequestOptions): ApiPromise<Flip[]> {
    return guard(() => {
      const context = { method: "GET", path: "/api/v3/checks/{uuid}/flips/" };
      const param = checkIdParam(id, context);
      return this.#context.send(
        {
          name: "listFlips",
          method: "GET",
          url: this.#context.url(["checks", param.value, "flips"], true),
          query: listFlipsQuery(filter, context),
          safety: "idempotent",
          mutates: false,
          secrets: param.kind === "uuid" ? [param.value] : [],
          read: (response, ctx) => flipsOf(readJson(response, "FlipList", ctx)),
        },
        options,
      );
    });
  }
}
