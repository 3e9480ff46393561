/**
 * Everything both entry points export besides the client classes.
 * @module
 */
export { ApiPromise, type ResponseInfo, type WithResponse } from "./core/api-promise.js";
export {
  ChecksClientBase,
  keyKindOf,
  PingClientBase,
  ReadOnlyChecksClientBase,
  type ApiClientOptions,
  type ClientOf,
  type CreateClientOptions,
  type KeyChoice,
  type KeyKind,
  type ReadOnlyCheckWithUrls,
} from "./clients/client.js";
export {
  AuthenticationError,
  BadRequestError,
  CheckLimitError,
  ChecksApiError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  InvalidResponseError,
  NotFoundError,
  PingNotRecordedError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  type ChecksApiErrorInit,
  type ConnectionErrorInit,
  type InvalidResponseErrorInit,
  type PingNotRecordedErrorInit,
  type RateLimitErrorInit,
  type RedirectErrorInit,
  type ResponseTooLargeErrorInit,
} from "./core/errors.js";
export { maskSecrets } from "./core/redact.js";
export type { ListChecksFilter, ListFlipsFilter, TimeInput, UpsertCheckInput } from "./core/inputs.js";
export { UNLIMITED_LOG_BYTES, type MonitorOptions, type MonitorRun } from "./ping/monitor.js";
export {
  DEFAULT_BASE_URL,
  HOSTED_PING_ENDPOINT,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type DebugEvent,
  type RequestOptions,
} from "./core/options.js";
export {
  PingHandle,
  type PingOptions,
  type PingResult,
  type PingTarget,
  type SlugTarget,
} from "./ping/ping.js";
export type { NotRecordedOutcome, PingOutcome } from "./core/ping-answer.js";
export type { BadgeSet } from "./resources/badges.js";
export type { Badges } from "./resources/badges.js";
export type { Channels } from "./resources/channels.js";
export type { Checks, ReadOnlyChecks, UpsertResult } from "./resources/checks.js";
export type { Flips } from "./resources/flips.js";
export type { Pings } from "./resources/pings.js";
export { DEFAULT_MAX_RETRIES, parseRetryAfter, type RetrySafety, type RetrySettings } from "./core/retry.js";
export { fetchTransport, type FetchLike } from "./transport/fetch.js";
export { ResponseTooLargeFailure, TransportFailure, type Transport, type TransportRequest, type TransportResponse } from "./transport/types.js";
export { checkUrls, uniqueKeyOf, type CheckUrls } from "./core/urls.js";
export { SDK_VERSION } from "./core/version.js";
export type { Check, ScheduledCheck, SimpleCheck } from "./resources/check.js";
// The wire types and helpers a caller of the SDK needs, so that one import suffices.
export {
  BADGE_KEYS,
  CHANNEL_KINDS,
  CHECK_DEFAULTS,
  CHECK_STATUSES,
  checkUuid,
  DEFAULT_PING_BODY_LIMIT,
  DURATION_MAX,
  DURATION_MIN,
  EXIT_STATUS_MAX,
  flipsOf,
  FLIPS_SECONDS_MAX,
  isScheduled,
  KEYWORD_MAX_LENGTH,
  METHODS_VALUES,
  NAME_MAX_LENGTH,
  PING_TYPES,
  SCHEDULE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TAGS_MAX_LENGTH,
  UNIQUE_FIELDS,
} from "@checks-api/schema/lite";
export type {
  BadgeKey,
  BadgeUrls,
  Channel,
  ChannelKind,
  CheckStatus,
  CreateCheckInput,
  Flip,
  FlipList,
  Methods,
  Ping,
  PingType,
  ReadOnlyCheck,
  ReadOnlyScheduledCheck,
  ReadOnlySimpleCheck,
  UniqueField,
  UpdateCheckInput,
} from "@checks-api/schema/lite";
