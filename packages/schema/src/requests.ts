/**
 * Request bodies and queries as zod schemas, with the service's own
 * validation rules and error messages (`docs/reference.md#create-and-update-bodies`); the body
 * rules themselves are in `check-body.ts`.
 * @module
 */
import * as z from "zod/mini";
import {
  bodyMessages,
  CHECK_BODY_RULES,
  fitsLength,
  hasLoneSurrogate,
  isAcceptedSchedule,
  type BodyMember,
  type BodyRule,
  type BodyValue,
  type CheckBodyOptions,
} from "./check-body.js";
import { DURATION_MAX, DURATION_MIN, METHODS_VALUES, SLUG_PATTERN, UNIQUE_FIELDS, type Compat } from "./limits.js";
import { canonicalTimezone } from "./timezones.js";

function text(field: string, rule: Extract<BodyRule, { kind: "text" }>, options: CheckBodyOptions): z.ZodMiniType<string, string> {
  let schema = z.string({ error: bodyMessages.notString(field) });
  const { max } = rule;
  if (max !== undefined) {
    schema = schema
      .check(z.refine((s: string) => fitsLength(s, max), { error: bodyMessages.tooLong(field) }))
      .register(z.globalRegistry, { maxLength: max });
  }
  if (rule.wellFormed) schema = schema.check(z.refine((s: string) => !hasLoneSurrogate(s), { error: bodyMessages.notString(field) }));
  if (rule.also === "schedule") {
    schema = schema.check(z.refine((s: string) => isAcceptedSchedule(s, options.isValidSchedule), { error: bodyMessages.schedule }));
  } else if (rule.also === "slug") {
    schema = schema.check(z.regex(SLUG_PATTERN, { error: bodyMessages.slug }));
  } else if (rule.also === "tz") {
    schema = schema.check(z.refine((s: string) => canonicalTimezone(s) !== undefined, { error: bodyMessages.tz }));
  }
  return rule.deprecated ? schema.register(z.globalRegistry, { deprecated: true }) : schema;
}

function duration(field: string, compat: Compat): z.ZodMiniType<number, number> {
  const tooSmall = bodyMessages.tooSmall(field);
  const tooLarge = bodyMessages.tooLarge(field);
  const notNumber = bodyMessages.notNumber(field);
  // zod's integer type also rejects integers beyond the safe range; those are
  // still integers to the service, so they must read "too large"/"too small"
  // not "not a number".
  const base = compat === "live"
    ? z.int({
        error: (issue) => (issue.code === "too_big" ? tooLarge : issue.code === "too_small" ? tooSmall : notNumber),
      })
    : z.number({ error: notNumber });
  return base.check(z.minimum(DURATION_MIN, { error: tooSmall }), z.maximum(DURATION_MAX, { error: tooLarge }));
}

/** The zod type of a member under its rule. */
type MemberSchema<R extends BodyRule> = z.ZodMiniType<BodyValue<R>, BodyValue<R>>;

type Rules = typeof CHECK_BODY_RULES;
type Shape = { [K in BodyMember]: z.ZodMiniOptional<MemberSchema<Rules[K]>> };

function memberSchema(field: BodyMember, options: CheckBodyOptions): z.ZodMiniType {
  const rule: BodyRule = CHECK_BODY_RULES[field];
  switch (rule.kind) {
    case "text":
      return text(field, rule, options);
    case "flag":
      return z.boolean({ error: bodyMessages.notBoolean(field) });
    case "duration":
      return duration(field, options.compat ?? "seed");
    case "methods":
      return z.enum(METHODS_VALUES, { error: bodyMessages.methods });
    case "unique":
      return z.array(z.enum(UNIQUE_FIELDS, { error: bodyMessages.uniqueItem }), { error: bodyMessages.notArray });
  }
}

function buildShape(options: CheckBodyOptions): Shape {
  const members = Object.keys(CHECK_BODY_RULES) as BodyMember[];
  return Object.fromEntries(members.map((field) => [field, z.optional(memberSchema(field, options))])) as Shape;
}

function bodyWithUnique(options: CheckBodyOptions) {
  return z.object(buildShape(options));
}

function bodyWithoutUnique(options: CheckBodyOptions) {
  const { unique: _ignored, ...rest } = buildShape(options);
  return z.object(rest);
}

/**
 * The zod schema of a create or update body, built from
 * {@link CHECK_BODY_RULES}: it accepts and refuses what
 * {@link validateCheckBody} does, with the same first message. Members are
 * checked in the service's order. Update bodies ignore `unique` in seed mode
 * and type-check it in live mode.
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

/** Query of list-checks: keep checks with this slug and every given tag. */
export const ListChecksQuerySchema = z
  .object({
    slug: z.optional(z.string()),
    tag: z.optional(z.union([z.string(), z.array(z.string())])),
  })
  .register(z.globalRegistry, { id: "ListChecksQuery" });
/** Query of list-checks. */
export type ListChecksQuery = z.infer<typeof ListChecksQuerySchema>;
