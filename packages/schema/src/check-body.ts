/**
 * The rules of create and update bodies, declared once as plain data, and
 * {@link validateCheckBody}, which applies them without zod
 * (`docs/reference.md#create-and-update-bodies`). `requests.ts` builds the zod
 * schemas of the same bodies from the same rules and messages; a test checks that the two agree.
 * @module
 */
import { ERROR_MESSAGES, VALIDATION_PREFIX } from "./errors.js";
import {
  DURATION_MAX,
  DURATION_MIN,
  KEYWORD_MAX_LENGTH,
  METHODS_VALUES,
  NAME_MAX_LENGTH,
  SCHEDULE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TAGS_MAX_LENGTH,
  UNIQUE_FIELDS,
  type Compat,
  type Methods,
  type UniqueField,
} from "./limits.js";
import { canonicalTimezone } from "./timezones.js";

/** Decides whether a schedule string is a valid cron or OnCalendar expression. */
export type ScheduleValidator = (schedule: string) => boolean;

/** Options of `checkBodySchema` and {@link validateCheckBody}. */
export interface CheckBodyOptions {
  /** `create` (also upsert) or `update`. Default `create`. */
  operation?: "create" | "update";
  /** Where the seed and the live service differ, which one to follow. Default `seed`. */
  compat?: Compat;
  /**
   * Full syntax check of `schedule`. The schedule engine lives in
   * `@checks-api/fake-server`; without a validator only emptiness is checked
   * here and the service decides the rest.
   */
  isValidSchedule?: ScheduleValidator;
}

/** How the service checks one member of a create or update body. */
export type BodyRule =
  | {
      /** A string. */
      kind: "text";
      /** Longest accepted length, in code points. */
      max?: number;
      /** Lone surrogates are refused (as a wrong type). */
      wellFormed?: boolean;
      /** The member's own further check. */
      also?: "schedule" | "slug" | "tz";
      /** Deprecated by the service (OpenAPI says so). */
      deprecated?: boolean;
    }
  | {
      /** A boolean, an integer of seconds (`timeout`, `grace`), one of `METHODS_VALUES`, or a list of `UNIQUE_FIELDS`. */
      kind: "flag" | "duration" | "methods" | "unique";
    };

/** The members of a create or update body in the service's order: the first failing one is the one it reports. */
export const CHECK_BODY_RULES = {
  channels: { kind: "text" },
  desc: { kind: "text" },
  failure_kw: { kind: "text", max: KEYWORD_MAX_LENGTH, wellFormed: true },
  filter_subject: { kind: "flag" },
  filter_body: { kind: "flag" },
  filter_http_body: { kind: "flag" },
  filter_default_fail: { kind: "flag" },
  grace: { kind: "duration" },
  manual_resume: { kind: "flag" },
  methods: { kind: "methods" },
  name: { kind: "text", max: NAME_MAX_LENGTH, wellFormed: true },
  schedule: { kind: "text", max: SCHEDULE_MAX_LENGTH, wellFormed: true, also: "schedule" },
  slug: { kind: "text", max: SLUG_MAX_LENGTH, wellFormed: true, also: "slug" },
  start_kw: { kind: "text", max: KEYWORD_MAX_LENGTH, wellFormed: true },
  subject: { kind: "text", max: KEYWORD_MAX_LENGTH, wellFormed: true, deprecated: true },
  subject_fail: { kind: "text", max: KEYWORD_MAX_LENGTH, wellFormed: true, deprecated: true },
  success_kw: { kind: "text", max: KEYWORD_MAX_LENGTH, wellFormed: true },
  tags: { kind: "text", max: TAGS_MAX_LENGTH },
  timeout: { kind: "duration" },
  tz: { kind: "text", also: "tz" },
  unique: { kind: "unique" },
} as const satisfies Record<string, BodyRule>;

/** A member of a create or update body. */
export type BodyMember = keyof typeof CHECK_BODY_RULES;

/** The type of a value a rule accepts. */
export type BodyValue<R extends BodyRule> = R["kind"] extends "text"
  ? string
  : R["kind"] extends "flag"
    ? boolean
    : R["kind"] extends "duration"
      ? number
      : R["kind"] extends "methods"
        ? Methods
        : UniqueField[];

/** A validated create or update body, `tz` already rewritten to its canonical name. */
export type CheckBody = { [K in BodyMember]?: BodyValue<(typeof CHECK_BODY_RULES)[K]> };

/** The service's messages for a member that breaks its rule (without {@link VALIDATION_PREFIX}). */
export const bodyMessages = {
  /** A text member that is not a string, or has a lone surrogate. */
  notString: (field: string) => `${field} is not a string`,
  /** A text member longer than its limit. */
  tooLong: (field: string) => `${field} is too long`,
  /** A flag that is not a boolean. */
  notBoolean: (field: string) => `${field} is not a boolean`,
  /** A duration that is not a number (live: not an integer). */
  notNumber: (field: string) => `${field} is not a number`,
  /** A duration below `DURATION_MIN`. */
  tooSmall: (field: string) => `${field} is too small`,
  /** A duration above `DURATION_MAX`. */
  tooLarge: (field: string) => `${field} is too large`,
  /** A blank, malformed or (with a validator) invalid schedule. */
  schedule: "schedule is not a valid cron or OnCalendar expression",
  /** A slug outside `SLUG_PATTERN`. */
  slug: "slug does not match pattern",
  /** A time zone the service does not know. */
  tz: "tz is not a valid timezone",
  /** A `methods` value outside `METHODS_VALUES`. */
  methods: "methods has unexpected value",
  /** A `unique` that is not an array. */
  notArray: "unique is not an array",
  /** A `unique` item outside `UNIQUE_FIELDS`. */
  uniqueItem: "an item in 'unique' has unexpected value",
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` has a lone surrogate (the live service fails with a 500 on these; we answer as for a wrong type). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Length in code points, as the service counts it. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** True when `text` is at most `max` code points long. */
export function fitsLength(text: string, max: number): boolean {
  return text.length <= max || codePointLength(text) <= max;
}

/** True when `schedule` is not blank, well-formed and (with a validator) valid. */
export function isAcceptedSchedule(schedule: string, isValidSchedule: ScheduleValidator = () => true): boolean {
  return schedule.trim() !== "" && !hasLoneSurrogate(schedule) && isValidSchedule(schedule);
}

function textProblem(field: string, rule: Extract<BodyRule, { kind: "text" }>, value: unknown, options: CheckBodyOptions) {
  if (typeof value !== "string") return bodyMessages.notString(field);
  if (rule.max !== undefined && !fitsLength(value, rule.max)) return bodyMessages.tooLong(field);
  if (rule.wellFormed && hasLoneSurrogate(value)) return bodyMessages.notString(field);
  if (rule.also === "schedule" && !isAcceptedSchedule(value, options.isValidSchedule)) return bodyMessages.schedule;
  if (rule.also === "slug" && !SLUG_PATTERN.test(value)) return bodyMessages.slug;
  if (rule.also === "tz" && canonicalTimezone(value) === undefined) return bodyMessages.tz;
  return undefined;
}

function durationProblem(field: string, value: unknown, compat: Compat) {
  // Integers beyond the safe range are still integers to the service: they
  // read "too large"/"too small", not "not a number".
  if (typeof value !== "number" || !Number.isFinite(value)) return bodyMessages.notNumber(field);
  if (compat === "live" && !Number.isInteger(value)) return bodyMessages.notNumber(field);
  if (value < DURATION_MIN) return bodyMessages.tooSmall(field);
  if (value > DURATION_MAX) return bodyMessages.tooLarge(field);
  return undefined;
}

/** The service's message for a member value that breaks its rule, or `undefined` when it is accepted. */
export function bodyProblem(field: BodyMember, value: unknown, options: CheckBodyOptions = {}): string | undefined {
  const rule: BodyRule = CHECK_BODY_RULES[field];
  switch (rule.kind) {
    case "text":
      return textProblem(field, rule, value, options);
    case "flag":
      return typeof value === "boolean" ? undefined : bodyMessages.notBoolean(field);
    case "duration":
      return durationProblem(field, value, options.compat ?? "seed");
    case "methods":
      return (METHODS_VALUES as readonly unknown[]).includes(value) ? undefined : bodyMessages.methods;
    case "unique":
      if (!Array.isArray(value)) return bodyMessages.notArray;
      return value.every((item) => (UNIQUE_FIELDS as readonly unknown[]).includes(item)) ? undefined : bodyMessages.uniqueItem;
  }
}

/** The members a body of `options` may carry: update bodies ignore `unique` in seed mode. */
export function bodyMembers(options: CheckBodyOptions = {}): BodyMember[] {
  const members = Object.keys(CHECK_BODY_RULES) as BodyMember[];
  return options.operation === "update" && (options.compat ?? "seed") === "seed" ? members.filter((m) => m !== "unique") : members;
}

/** The result of {@link validateCheckBody}. */
export type CheckBodyResult =
  | { success: true; data: CheckBody }
  | { success: false; error: string };

/**
 * Validates a parsed JSON create or update body as the service does and, on
 * failure, gives the service's exact message (`json validation error:
 * timeout is too small`). Unknown members (such as `api_key`) are dropped;
 * a legacy `tz` alias is rewritten to its canonical name.
 */
export function validateCheckBody(body: unknown, options: CheckBodyOptions = {}): CheckBodyResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { success: false, error: ERROR_MESSAGES.notAnObject };
  }
  const input = body as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const member of bodyMembers(options)) {
    if (!(member in input)) continue;
    let value = input[member];
    // The live validator takes booleans as the integers 1 and 0 here.
    if ((member === "timeout" || member === "grace") && typeof value === "boolean") value = value ? 1 : 0;
    if (value !== undefined) {
      const problem = bodyProblem(member, value, options);
      if (problem !== undefined) return { success: false, error: `${VALIDATION_PREFIX}${problem}` };
    }
    data[member] = member === "tz" && typeof value === "string" ? canonicalTimezone(value) : Array.isArray(value) ? [...value] : value;
  }
  return { success: true, data: data as CheckBody };
}
