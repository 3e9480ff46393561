/**
 * Building blocks shared by the resource schemas and their readers, free of
 * zod (the zod ones are in `scalars.ts`).
 * @module
 */
/**
 * The declared members of an object type, without the `[key: string]: unknown`
 * index signature that a loose schema adds to its inferred type. Without this,
 * `"timeout" in check` could not narrow a union and a member a representation
 * does not have (`ping_url` of a read-only check) would still type-check.
 */
export type KnownMembers<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** A UUID as it appears in paths and representations: lowercase, hyphenated. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A check's `unique_key` as the router accepts it: 40 characters from `A`…`z` and digits. */
export const UNIQUE_KEY_PATTERN = /^[0-9A-z]{40}$/;

/** True when `value` is a canonical lowercase UUID (the form the API routes accept). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** True when `value` has the shape of a `unique_key` path parameter. */
export function isUniqueKey(value: string): boolean {
  return UNIQUE_KEY_PATTERN.test(value);
}

/**
 * Formats an instant as the service does for check and flip timestamps:
 * UTC, whole seconds, `+00:00` (`2020-03-24T14:02:03+00:00`).
 */
export function formatTimestamp(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

/** Parses any timestamp the service prints into epoch milliseconds. */
export function parseTimestamp(text: string): number {
  return Date.parse(text);
}
