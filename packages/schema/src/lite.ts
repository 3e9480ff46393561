/**
 * `@checks-api/schema/lite`: everything of the wire format that works
 * without zod (the types, limits, messages and patterns, `validateCheckBody`
 * and `checkWireShape`), for programs that must start fast or bundle small.
 * Importing it never loads zod; the SDK imports nothing else of this package.
 * @module @checks-api/schema/lite
 */
export * from "./limits.js";
export * from "./channel-settings.js";
export * from "./errors.js";
export * from "./common.js";
export * from "./timezones.js";
export * from "./check-helpers.js";
export * from "./flip-helpers.js";
export * from "./check-body.js";
export * from "./shape.js";
export * from "./shape-check.js";
export * from "./wire-shapes.js";
export * from "./wire-validators.js";
export * from "./members.js";
export type {
  Check,
  CheckList,
  CheckMember,
  ReadOnlyCheck,
  ReadOnlyCheckList,
  ReadOnlyScheduledCheck,
  ReadOnlySimpleCheck,
  ScheduledCheck,
  SimpleCheck,
} from "./check.js";
export type { Ping, PingList, PingSignal } from "./ping.js";
export type { Flip, FlipList, FlipsQuery } from "./flip.js";
export type { Channel, ChannelKind, ChannelList } from "./channel.js";
export type { BadgeJson, BadgeList, BadgeUrls, ShieldsBadge } from "./badge.js";
export type { CreateCheckInput, ListChecksQuery, UpdateCheckInput } from "./requests.js";
export type { ErrorBody } from "./error-body.js";
