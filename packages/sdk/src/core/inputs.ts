/**
 * Request bodies and queries, checked before sending with the service's own
 * rules and messages (`validateCheckBody` with `compat: "live"`).
 * @module
 */
import {
  checkWireShape,
  ERROR_MESSAGES,
  validateCheckBody,
  type CreateCheckInput,
  type UniqueField,
  type UpdateCheckInput,
} from "@checks-api/schema/lite";
import { rejectInput, type InputContext } from "./paths.js";

/**
 * Parameters of an upsert: a create body whose `unique` names at least one member, each present in the body.
 * @category Types
 */
export type UpsertCheckInput = Omit<CreateCheckInput, "unique"> & { unique: [UniqueField, ...UniqueField[]] };

/**
 * Filters of list-checks.
 * @category Types
 */
export interface ListChecksFilter {
  /** Only checks with this slug (an empty slug is not sent: the service would ignore it). */
  slug?: string;
  /** Only checks having every one of these tags. */
  tag?: string | readonly string[];
}

/**
 * A point in time for the flips query: a `Date` or UNIX seconds.
 * @category Types
 */
export type TimeInput = Date | number;

/**
 * Filters of list-flips.
 * @category Types
 */
export interface ListFlipsFilter {
  /** Only flips of the last `seconds` seconds (0 = no filter). */
  seconds?: number;
  /** Only flips at or after this time (the seed service: strictly after). */
  start?: TimeInput;
  /** Only flips before this time. */
  end?: TimeInput;
}

/**
 * Validates a create or update body as the live service would; the first
 * problem becomes a `BadRequestError` with the service's message. Returns the
 * body to send: unknown members dropped, legacy `tz` names rewritten, and no
 * `unique` on update (the service ignores it there).
 */
export function checkBody(
  body: unknown,
  operation: "create" | "update",
  context: InputContext,
): CreateCheckInput | UpdateCheckInput {
  const result = validateCheckBody(body ?? {}, { operation, compat: "live" });
  if (!result.success) throw rejectInput(context, result.error);
  if (operation === "update" && "unique" in result.data) {
    const { unique: _ignored, ...rest } = result.data;
    return rest;
  }
  return result.data;
}

// `CreateCheckInput` is a union of the bodies with and without `unique`.
function uniqueOf(body: CreateCheckInput): readonly UniqueField[] {
  return (body as { unique?: readonly UniqueField[] }).unique ?? [];
}

/**
 * True when a create body is an upsert: `unique` names members and every one
 * of them is present (otherwise the service always creates).
 */
export function isUpsert(body: CreateCheckInput): boolean {
  const unique = uniqueOf(body);
  return unique.length > 0 && unique.every((member) => body[member] !== undefined);
}

/** Checks that an upsert body names its `unique` members and carries each of them. */
export function checkUpsertBody(body: CreateCheckInput, context: InputContext): void {
  const unique = uniqueOf(body);
  if (unique.length === 0) throw rejectInput(context, "upsert needs `unique` with at least one member");
  const missing = unique.find((member) => body[member] === undefined);
  if (missing !== undefined) throw rejectInput(context, `upsert body lacks the unique member ${missing}`);
}

/** The list-checks query: repeated `tag`s, `slug` only when non-empty. */
export function listChecksQuery(filter: ListChecksFilter = {}): URLSearchParams {
  const query = new URLSearchParams();
  const tags = filter.tag === undefined ? [] : typeof filter.tag === "string" ? [filter.tag] : filter.tag;
  for (const tag of tags) query.append("tag", tag);
  if (filter.slug) query.set("slug", filter.slug);
  return query;
}

function toUnixSeconds(value: TimeInput): number {
  return value instanceof Date ? Math.floor(value.getTime() / 1000) : value;
}

/** The list-flips query, checked against the service's bounds (`invalid query parameters`). */
export function listFlipsQuery(filter: ListFlipsFilter = {}, context: InputContext): URLSearchParams {
  const values = {
    ...(filter.seconds !== undefined ? { seconds: filter.seconds } : {}),
    ...(filter.start !== undefined ? { start: toUnixSeconds(filter.start) } : {}),
    ...(filter.end !== undefined ? { end: toUnixSeconds(filter.end) } : {}),
  };
  const result = checkWireShape("FlipsQuery", values);
  if (!result.success) throw rejectInput(context, ERROR_MESSAGES.invalidQueryParameters);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(result.data)) {
    if (value !== undefined) query.set(name, String(value));
  }
  return query;
}
