/**
 * Error texts the service answers with. The fake server answers with them;
 * the SDK matches on them and uses them for its client-side validation.
 * @module
 */

/** Prefix of every field validation message. */
export const VALIDATION_PREFIX = "json validation error: ";

/** Texts of JSON error bodies (`{"error": …}`) and of plain-text answers. */
export const ERROR_MESSAGES = {
  couldNotParseBody: "could not parse request body",
  notAnObject: `${VALIDATION_PREFIX}value is not an object`,
  missingApiKey: "missing api key",
  wrongApiKey: "wrong api key",
  emptyChannelIdentifier: "empty channel identifier",
  checkNotPaused: "check is not paused",
  /** Seed mode only: 400 from the flips query filters. */
  invalidQueryParameters: "invalid query parameters",
  /** Seed mode only: 403 for a check of another project. */
  accessDenied: "access denied",
  /** Seed mode only: 403 on create when the check limit is reached. */
  checkLimitReached: "check limit reached",
  /** Seed mode only: 404 of the management API. */
  notFound: "not found",
  /** Seed mode only: 405. */
  methodNotAllowed: "method not allowed",
} as const;

/** `invalid channel identifier: <item>` (the item verbatim). */
export const invalidChannelIdentifier = (item: string): string => `invalid channel identifier: ${item}`;
/** `non-unique channel identifier: <item>` (the item verbatim). */
export const nonUniqueChannelIdentifier = (item: string): string => `non-unique channel identifier: ${item}`;

/** Plain-text bodies of the ping endpoints. */
export const PING_RESPONSES = {
  ok: "OK",
  created: "Created",
  invalidUrlFormat: "invalid url format",
  invalidUuidFormat: "invalid uuid format",
  notFound: "not found",
  ambiguousSlug: "ambiguous slug",
} as const;
