/**
 * `client.badges`: the project's badge URLs.
 * @module
 */
import type { BadgeUrls } from "@checks-api/schema/lite";
import type { ApiPromise } from "../core/api-promise.js";
import type { ApiContext } from "../core/context.js";
import type { RequestOptions } from "../core/options.js";
import { readJson } from "../core/response.js";

/**
 * Badge URLs per tag, plus `*` for all checks.
 * @category Types
 */
export type BadgeSet = Record<string, BadgeUrls>;

/**
 * The project's badges (read-write or read-only key).
 * @category Clients
 */
export class Badges {
  readonly #context: ApiContext;

  /** @param context configuration and key */
  constructor(context: ApiContext) {
    this.#context = context;
  }

  /** The six badge URLs of every tag of the project, and of `*` (all checks). */
  list(options?: RequestOptions): ApiPromise<BadgeSet> {
    return this.#context.send(
      {
        name: "listBadges",
        method: "GET",
        url: this.#context.url(["badges"], true),
        safety: "idempotent",
        mutates: false,
        read: (response, ctx) => readJson(response, "BadgeList", ctx).badges,
      },
      options,
    );
  }
}
