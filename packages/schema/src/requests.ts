/**
 * Request bodies and queries, with the service's own validation rules and
 * error messages (spec: checks.md §3–§7).
 * @module
 */
import * as z from "zod/mini";
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
} from "./limits.js";
import { canonicalTimezone } from "./timezones.js";

/** Decides whether a schedule string is a valid cron or OnCalendar expression. */
export type ScheduleValidator = (schedule: string) => boolean;

/** Options of {@link checkBodySchema} and {@link validateCheckBody}. */
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

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length in code points, as the service counts it. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const notString = (field: string) => `${field} is not a string`;

function text(field: string, max?: number, opts: { wellFormed?: boolean } = {}) {
  let schema = z.string({ error: notString(field) });
  if (max !== undefined) {
    schema = schema
      .check(z.refine((s: string) => s.length <= max || codePointLength(s) <= max, { error: `${field} is too long` }))
      .register(z.globalRegistry, { maxLength: max });
  }
  // The live service fails with a 500 on lone surrogates in these fields; we
  // answer as for a wrong type (spec: api.md §11).
  if (opts.wellFormed) schema = schema.check(z.refine((s: string) => !LONE_SURROGATE.test(s), { error: notString(field) }));
  return schema;
}

const flag = (field: string) => z.boolean({ error: `${field} is not a boolean` });

function duration(field: string, compat: Compat) {
  const tooSmall = `${field} is too small`;
  const tooLarge = `${field} is too large`;
  const notNumber = `${field} is not a number`;
  // zod's integer type also rejects integers beyond the safe range; those are
  // still integers to the service, so they must read "too large"/"too small"
  // (spec: api.md §11), not "not a number".
  const base = compat === "live"
    ? z.int({
        error: (issue) => (issue.code === "too_big" ? tooLarge : issue.code === "too_small" ? tooSmall : notNumber),
      })
    : z.number({ error: notNumber });
  return base.check(z.minimum(DURATION_MIN, { error: tooSmall }), z.maximum(DURATION_MAX, { error: tooLarge }));
}

function buildShape(options: CheckBodyOptions) {
  const compat = options.compat ?? "seed";
  const validSchedule = options.isValidSchedule ?? (() => true);
  const shape = {
    channels: text("channels"),
    desc: text("desc"),
    failure_kw: text("failure_kw", KEYWORD_MAX_LENGTH, { wellFormed: true }),
    filter_subject: flag("filter_subject"),
    filter_body: flag("filter_body"),
    filter_http_body: flag("filter_http_body"),
    filter_default_fail: flag("filter_default_fail"),
    grace: duration("grace", compat),
    manual_resume: flag("manual_resume"),
    methods: z.enum(METHODS_VALUES, { error: "methods has unexpected value" }),
    name: text("name", NAME_MAX_LENGTH, { wellFormed: true }),
    schedule: text("schedule", SCHEDULE_MAX_LENGTH, { wellFormed: true }).check(
      z.refine((s: string) => s.trim() !== "" && !LONE_SURROGATE.test(s) && validSchedule(s), {
        error: "schedule is not a valid cron or OnCalendar expression",
      }),
    ),
    slug: text("slug", SLUG_MAX_LENGTH, { wellFormed: true }).check(
      z.regex(SLUG_PATTERN, { error: "slug does not match pattern" }),
    ),
    start_kw: text("start_kw", KEYWORD_MAX_LENGTH, { wellFormed: true }),
    subject: text("subject", KEYWORD_MAX_LENGTH, { wellFormed: true }).register(z.globalRegistry, { deprecated: true }),
    subject_fail: text("subject_fail", KEYWORD_MAX_LENGTH, { wellFormed: true }).register(z.globalRegistry, { deprecated: true }),
    success_kw: text("success_kw", KEYWORD_MAX_LENGTH, { wellFormed: true }),
    tags: text("tags", TAGS_MAX_LENGTH),
    timeout: duration("timeout", compat),
    tz: text("tz").check(z.refine((s: string) => canonicalTimezone(s) !== undefined, { error: "tz is not a valid timezone" })),
    unique: z.array(z.enum(UNIQUE_FIELDS, { error: "an item in 'unique' has unexpected value" }), {
      error: "unique is not an array",
    }),
  };
  return shape;
}

type Shape = ReturnType<typeof buildShape>;
type Partialised = { [K in keyof Shape]: z.ZodMiniOptional<Shape[K]> };

function partial(shape: Shape): Partialised {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, z.optional(v)])) as Partialised;
}

function bodyWithUnique(options: CheckBodyOptions) {
  return z.object(partial(buildShape(options)));
}

function bodyWithoutUnique(options: CheckBodyOptions) {
  const { unique: _ignored, ...rest } = partial(buildShape(options));
  return z.object(rest);
}

/**
 * The zod schema of a create or update body. Members are checked in the
 * service's order, so the first issue is the one the service reports.
 * Update bodies ignore `unique` in seed mode and type-check it in live mode.
 */
export function checkBodySchema(options: CheckBodyOptions = {}) {
  return options.operation === "update" && (options.compat ?? "seed") === "seed"
    ? bodyWithoutUnique(options)
    : bodyWithUnique(options);
}

// The two declared schemas are built by the helpers directly: the union that
// `checkBodySchema` returns would hide `unique` from the inferred input type.

/** The create body as declared (integers only, no schedule engine): used for types and OpenAPI. */
export const CreateCheckBodySchema = bodyWithUnique({ operation: "create", compat: "live" }).register(z.globalRegistry, {
  id: "CreateCheckBody",
});
/** The update body as declared (integers only, no `unique`: clients never send it on update). */
export const UpdateCheckBodySchema = bodyWithoutUnique({ operation: "update", compat: "live" }).register(z.globalRegistry, {
  id: "UpdateCheckBody",
});

/** Parameters of create and upsert (every member optional; defaults in {@link CHECK_DEFAULTS}). */
export type CreateCheckInput = z.input<typeof CreateCheckBodySchema>;
/** Parameters of update: only members present change; no defaults, no `unique`. */
export type UpdateCheckInput = z.input<typeof UpdateCheckBodySchema>;
/** A validated create or update body, `tz` already rewritten to its canonical name. */
export type CheckBody = CreateCheckInput;

/** The result of {@link validateCheckBody}. */
export type CheckBodyResult =
  | { success: true; data: CheckBody }
  | { success: false; error: string };

const schemaCache = new Map<string, ReturnType<typeof checkBodySchema>>();
// Schemas built with a schedule validator, per validator: building one costs far more than using it.
const validatorSchemaCache = new WeakMap<ScheduleValidator, Map<string, ReturnType<typeof checkBodySchema>>>();

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
  const key = `${options.operation ?? "create"}/${options.compat ?? "seed"}`;
  let cache = schemaCache;
  if (options.isValidSchedule) {
    cache = validatorSchemaCache.get(options.isValidSchedule) ?? new Map();
    validatorSchemaCache.set(options.isValidSchedule, cache);
  }
  const schema = cache.get(key) ?? checkBodySchema(options);
  cache.set(key, schema);
  // The live validator takes booleans as the integers 1 and 0 here.
  const input = { ...(body as Record<string, unknown>) };
  for (const field of ["timeout", "grace"] as const) {
    if (typeof input[field] === "boolean") input[field] = input[field] ? 1 : 0;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    return { success: false, error: `${VALIDATION_PREFIX}${result.error.issues[0]?.message ?? "invalid body"}` };
  }
  const data = result.data as CheckBody;
  if (data.tz !== undefined) data.tz = canonicalTimezone(data.tz) ?? data.tz;
  return { success: true, data };
}

/** Query of list-checks: keep checks with this slug and every given tag. */
export const ListChecksQuerySchema = z
  .object({
    slug: z.optional(z.string()),
    tag: z.optional(z.union([z.string(), z.array(z.string())])),
  })
  .register(z.globalRegistry, { id: "ListChecksQuery" });
/** Query of list-checks. */
export type ListChecksQuery = z.infer<typeof ListChecksQuerySchema>;
