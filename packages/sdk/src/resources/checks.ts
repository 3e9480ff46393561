/**
 * `client.checks`: list, get, create, upsert, update, pause, resume, delete.
 * @module
 */
import type { CreateCheckInput, ReadOnlyCheck, UpdateCheckInput } from "@checks-api/schema/lite";
import { guard, mapData, type ApiPromise } from "../core/api-promise.js";
import { readCheck, readCheckList, type Check } from "./check.js";
import type { ApiContext } from "../core/context.js";
import { CheckLimitError } from "../core/errors.js";
import { checkBody, checkUpsertBody, isUpsert, listChecksQuery, type ListChecksFilter, type UpsertCheckInput } from "../core/inputs.js";
import type { RequestOptions } from "../core/options.js";
import { checkIdParam, checkUuidParam } from "../core/paths.js";
import { readJson, type RawResponse, type ReadContext } from "../core/response.js";

/**
 * The answer of an upsert: the check, and whether it was created (201) or an existing one updated (200).
 * @category Types
 */
export type UpsertResult =
  | { check: Check; created: true; status: 201 }
  | { check: Check; created: false; status: 200 };

const COLLECTION = "/api/v3/checks/";
const ITEM = "/api/v3/checks/{uuid}";

/** Turns a success response into a result. */
type Reader<T> = (response: RawResponse, context: ReadContext) => T;

/** Reading checks; the representation depends on the key kind. */
class CheckReader<C> {
  /** @internal */
  protected readonly context: ApiContext;
  readonly #item: Reader<C>;
  readonly #list: Reader<C[]>;

  /**
   * @param context configuration and key
   * @param item reads one check
   * @param list reads the list answer
   */
  constructor(context: ApiContext, item: Reader<C>, list: Reader<C[]>) {
    this.context = context;
    this.#item = item;
    this.#list = list;
  }

  /**
   * Lists the project's checks, optionally only those with a slug and/or
   * every one of the given tags.
   */
  list(filter: ListChecksFilter = {}, options?: RequestOptions): ApiPromise<C[]> {
    return this.context.send(
      {
        name: "listChecks",
        method: "GET",
        url: this.context.url(["checks"], true),
        query: listChecksQuery(filter),
        safety: "idempotent",
        mutates: false,
        read: this.#list,
      },
      options,
    );
  }

  /** Gets one check by its UUID or by its `unique_key`. */
  get(id: string, options?: RequestOptions): ApiPromise<C> {
    return guard(() => this.#get(id, options));
  }

  #get(id: string, options?: RequestOptions): ApiPromise<C> {
    const param = checkIdParam(id, { method: "GET", path: ITEM });
    return this.context.send(
      {
        name: "getCheck",
        method: "GET",
        url: this.context.url(["checks", param.value]),
        safety: "idempotent",
        mutates: false,
        secrets: param.kind === "uuid" ? [param.value] : [],
        read: this.#item,
      },
      options,
    );
  }
}

/**
 * Checks as a read-only key sees them (`unique_key`, no URLs, no channels).
 * @category Clients
 */
export class ReadOnlyChecks extends CheckReader<ReadOnlyCheck> {
  /** @param context configuration and key */
  constructor(context: ApiContext) {
    super(
      context,
      (response, ctx) => readJson(response, "ReadOnlyCheck", ctx),
      (response, ctx) => readJson(response, "ReadOnlyCheckList", ctx).checks,
    );
  }
}

/**
 * Checks with a read-write key: every operation. Every check returned has
 * its `uuid`, also from a service whose representation lacks that member.
 * @category Clients
 */
export class Checks extends CheckReader<Check> {
  /** @param context configuration and key */
  constructor(context: ApiContext) {
    super(context, readCheck, readCheckList);
  }

  #write(body: CreateCheckInput, options: RequestOptions | undefined): ApiPromise<{ check: Check; status: number }> {
    const safe = isUpsert(body);
    return this.context.send(
      {
        name: "createCheck",
        method: "POST",
        url: this.context.url(["checks"], true),
        body: JSON.stringify(body),
        // An upsert finds the check it created on a repeated attempt.
        safety: safe ? "idempotent" : "once",
        mutates: true,
        forbidden: CheckLimitError,
        read: (response, ctx) => ({ check: readCheck(response, ctx), status: response.status }),
      },
      options,
    );
  }

  /**
   * Creates a check. With a `unique` list it is an upsert (see
   * {@link Checks.upsert}, which also says whether it created).
   * Throws `CheckLimitError` when the account has no check left.
   */
  create(body: CreateCheckInput = {}, options?: RequestOptions): ApiPromise<Check> {
    return guard(() => {
      const valid = checkBody(body, "create", { method: "POST", path: COLLECTION }) as CreateCheckInput;
      return mapData(this.#write(valid, options), (r) => r.check);
    });
  }

  /**
   * Creates a check or updates the oldest one whose `unique` members equal
   * the body's; `created` tells which (201 or 200). Every member named in
   * `unique` must be in the body: otherwise the service would always create.
   */
  upsert(body: UpsertCheckInput, options?: RequestOptions): ApiPromise<UpsertResult> {
    return guard(() => {
      const context = { method: "POST", path: COLLECTION };
      const valid = checkBody(body, "create", context) as CreateCheckInput;
      checkUpsertBody(valid, context);
      return mapData(this.#write(valid, options), ({ check, status }): UpsertResult =>
        status === 201 ? { check, created: true, status: 201 } : { check, created: false, status: 200 },
      );
    });
  }

  /**
   * Updates the members present in `body`; the others keep their values.
   * `channels: ""` removes every integration, `"*"` assigns all of them.
   */
  update(uuid: string, body: UpdateCheckInput, options?: RequestOptions): ApiPromise<Check> {
    return guard(() => this.#update(uuid, body, options));
  }

  #update(uuid: string, body: UpdateCheckInput, options?: RequestOptions): ApiPromise<Check> {
    const context = { method: "POST", path: ITEM };
    const id = checkUuidParam(uuid, context);
    const valid = checkBody(body, "update", context);
    return this.context.send(
      {
        name: "updateCheck",
        method: "POST",
        url: this.context.url(["checks", id]),
        body: JSON.stringify(valid),
        // Setting the same members twice leaves the same check.
        safety: "idempotent",
        mutates: true,
        secrets: [id],
        read: readCheck,
      },
      options,
    );
  }

  /** Pauses a check (a no-op answering 200 when it is already paused). */
  pause(uuid: string, options?: RequestOptions): ApiPromise<Check> {
    return guard(() => this.#action(uuid, "pause", "pauseCheck", "idempotent", options));
  }

  /**
   * Resumes a paused check. Throws `ConflictError` when it is not paused;
   * after a retry that may have resumed it already, that error has
   * `possiblyApplied: true`.
   */
  resume(uuid: string, options?: RequestOptions): ApiPromise<Check> {
    return guard(() => this.#action(uuid, "resume", "resumeCheck", "once", options));
  }

  /**
   * Deletes a check and returns it as it was (do not rely on its `channels`).
   * A `NotFoundError` after a retry that may have deleted it already has
   * `possiblyApplied: true`.
   */
  delete(uuid: string, options?: RequestOptions): ApiPromise<Check> {
    return guard(() => this.#delete(uuid, options));
  }

  #delete(uuid: string, options?: RequestOptions): ApiPromise<Check> {
    const id = checkUuidParam(uuid, { method: "DELETE", path: ITEM });
    return this.context.send(
      {
        name: "deleteCheck",
        method: "DELETE",
        url: this.context.url(["checks", id]),
        safety: "once",
        mutates: true,
        secrets: [id],
        read: readCheck,
      },
      options,
    );
  }

  #action(
    uuid: string,
    action: "pause" | "resume",
    name: string,
    safety: "idempotent" | "once",
    options?: RequestOptions,
  ): ApiPromise<Check> {
    const id = checkUuidParam(uuid, { method: "POST", path: `${ITEM}/${action}` });
    return this.context.send(
      {
        name,
        method: "POST",
        url: this.context.url(["checks", id, action]),
        safety,
        mutates: true,
        secrets: [id],
        read: readCheck,
      },
      options,
    );
  }
}
