/**
 * The check representation, read-write and read-only (`docs/reference.md#representation`).
 * Live-only members are optional so that answers of the seed and of the live
 * service both validate; unknown extra members are kept.
 * @module
 */
import * as z from "zod/mini";
import type { KnownMembers } from "./common.js";
import { TimestampSchema, UuidSchema } from "./scalars.js";
import { CHECK_STATUSES, METHODS_VALUES } from "./limits.js";
import type { LIVE_CHECK_MEMBERS } from "./members.js";

const commonMembers = {
  name: z.string(),
  slug: z.string(),
  tags: z.string(),
  desc: z.string(),
  grace: z.int(),
  n_pings: z.int().check(z.minimum(0)),
  status: z.enum(CHECK_STATUSES),
  started: z.boolean(),
  last_ping: z.nullable(TimestampSchema),
  next_ping: z.nullable(TimestampSchema),
  manual_resume: z.boolean(),
  methods: z.enum(METHODS_VALUES),
  /** Live only: deprecated mirror of `success_kw`. */
  subject: z.optional(z.string()),
  /** Live only: deprecated mirror of `failure_kw`. */
  subject_fail: z.optional(z.string()),
  start_kw: z.string(),
  success_kw: z.string(),
  failure_kw: z.string(),
  filter_subject: z.boolean(),
  filter_body: z.boolean(),
  filter_http_body: z.optional(z.boolean()),
  filter_default_fail: z.optional(z.boolean()),
  badge_url: z.optional(z.string()),
  last_duration: z.optional(z.int()),
};

const readWriteMembers = {
  ...commonMembers,
  /** Live only: the check's UUID. Use {@link checkUuid} to get it from either form. */
  uuid: z.optional(UuidSchema),
  ping_url: z.string(),
  update_url: z.string(),
  pause_url: z.string(),
  resume_url: z.string(),
  channels: z.string(),
};

const readOnlyMembers = {
  ...commonMembers,
  unique_key: z.string(),
};

const simple = { timeout: z.int() };
const scheduled = { schedule: z.string(), tz: z.string() };

/** A simple check (with `timeout`) seen with a read-write key. */
export const SimpleCheckSchema = z.looseObject({ ...readWriteMembers, ...simple }).register(z.globalRegistry, { id: "SimpleCheck" });
/** A cron or OnCalendar check (with `schedule` and `tz`) seen with a read-write key. */
export const ScheduledCheckSchema = z.looseObject({ ...readWriteMembers, ...scheduled }).register(z.globalRegistry, { id: "ScheduledCheck" });
/** A check as a read-write key sees it. */
export const CheckSchema = z.union([SimpleCheckSchema, ScheduledCheckSchema]).register(z.globalRegistry, { id: "Check" });

/** A simple check seen with a read-only key. */
export const ReadOnlySimpleCheckSchema = z
  .looseObject({ ...readOnlyMembers, ...simple })
  .register(z.globalRegistry, { id: "ReadOnlySimpleCheck" });
/** A cron or OnCalendar check seen with a read-only key. */
export const ReadOnlyScheduledCheckSchema = z
  .looseObject({ ...readOnlyMembers, ...scheduled })
  .register(z.globalRegistry, { id: "ReadOnlyScheduledCheck" });
/** A check as a read-only key sees it: `unique_key` instead of the UUID, URLs and channels. */
export const ReadOnlyCheckSchema = z
  .union([ReadOnlySimpleCheckSchema, ReadOnlyScheduledCheckSchema])
  .register(z.globalRegistry, { id: "ReadOnlyCheck" });

/** A simple check (read-write representation). */
export type SimpleCheck = KnownMembers<z.infer<typeof SimpleCheckSchema>>;
/** A cron or OnCalendar check (read-write representation). */
export type ScheduledCheck = KnownMembers<z.infer<typeof ScheduledCheckSchema>>;
/** A check as a read-write key sees it. Narrow with `"timeout" in check`. */
export type Check = SimpleCheck | ScheduledCheck;
/** A simple check (read-only representation). */
export type ReadOnlySimpleCheck = KnownMembers<z.infer<typeof ReadOnlySimpleCheckSchema>>;
/** A cron or OnCalendar check (read-only representation). */
export type ReadOnlyScheduledCheck = KnownMembers<z.infer<typeof ReadOnlyScheduledCheckSchema>>;
/** A check as a read-only key sees it. Narrow with `"timeout" in check`. */
export type ReadOnlyCheck = ReadOnlySimpleCheck | ReadOnlyScheduledCheck;

/** `GET /api/v3/checks/` with a read-write key. */
export const CheckListSchema = z.looseObject({ checks: z.array(CheckSchema) }).register(z.globalRegistry, { id: "CheckList" });
/** `GET /api/v3/checks/` with a read-only key. */
export const ReadOnlyCheckListSchema = z
  .looseObject({ checks: z.array(ReadOnlyCheckSchema) })
  .register(z.globalRegistry, { id: "ReadOnlyCheckList" });
/** The list-checks answer for a read-write key. */
export type CheckList = { checks: Check[] };
/** The list-checks answer for a read-only key. */
export type ReadOnlyCheckList = { checks: ReadOnlyCheck[] };

/** Any member name of a check representation (the kind members `timeout`, `schedule`, `tz` come last). */
export type CheckMember =
  | (typeof LIVE_CHECK_MEMBERS)[number]
  | "unique_key"
  | "timeout"
  | "schedule"
  | "tz";
