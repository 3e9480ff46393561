import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalTimezone,
  CHECK_BODY_RULES,
  checkBodySchema,
  UNIQUE_FIELDS,
  validateCheckBody,
  VALIDATION_PREFIX,
  type CheckBodyOptions,
} from "../src/index.js";

// validateCheckBody applies the rules without zod (so that the SDK's browser
// bundle carries none); checkBodySchema builds zod schemas from the same
// rules. Both must accept the same bodies and report the same first problem.

const schemas = new Map<string, ReturnType<typeof checkBodySchema>>();

/** What validateCheckBody did when it ran the zod schema. */
function throughZod(body: Record<string, unknown>, options: CheckBodyOptions) {
  const input = { ...body };
  for (const field of ["timeout", "grace"] as const) {
    if (typeof input[field] === "boolean") input[field] = input[field] ? 1 : 0;
  }
  const key = `${options.operation}/${options.compat}/${options.isValidSchedule !== undefined}`;
  const schema = schemas.get(key) ?? checkBodySchema(options);
  schemas.set(key, schema);
  const result = schema.safeParse(input);
  if (!result.success) return { success: false, error: `${VALIDATION_PREFIX}${result.error.issues[0]?.message}` };
  const data = result.data as Record<string, unknown>;
  if (typeof data.tz === "string") data.tz = canonicalTimezone(data.tz) ?? data.tz;
  return { success: true, data };
}

const members = Object.keys(CHECK_BODY_RULES);
const value = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    "", " ", "x", "a-slug_1", "Bad Slug", "\ud800", "ok 😀", "x\ud83d", "* * * * *", "Europe/Riga", "US/Eastern", "europe/riga",
    "GET", "POST", "", 0, 59, 60, 61.5, 3600, 31_536_000, 31_536_001, 2 ** 60, -(2 ** 60), 1.5, Number.NaN, Infinity, true, false, null,
    ["name"], ["name", "slug"], ["bogus"], [], ["tz", 1],
  ),
  fc.string({ minLength: 95, maxLength: 205 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.subarray([...UNIQUE_FIELDS]),
);
const body = fc.dictionary(fc.oneof(fc.constantFrom(...members), fc.constantFrom("api_key", "extra")), value, { maxKeys: 6 });
const scheduleCheck = (s: string) => s.startsWith("*");
const options = fc.record({
  operation: fc.constantFrom("create", "update") as fc.Arbitrary<"create" | "update">,
  compat: fc.constantFrom("seed", "live") as fc.Arbitrary<"seed" | "live">,
  isValidSchedule: fc.constantFrom(undefined, scheduleCheck),
});

describe("the body rules without zod", () => {
  it("accept and refuse what the zod schema does, with the same first message and the same data", () => {
    const outcomes = new Set<string>();
    fc.assert(
      fc.property(body, options, (b, o) => {
        const opts: CheckBodyOptions = { operation: o.operation, compat: o.compat, ...(o.isValidSchedule ? { isValidSchedule: o.isValidSchedule } : {}) };
        const result = validateCheckBody(b, opts);
        expect(result).toEqual(throughZod(b, opts));
        outcomes.add(result.success ? "accepted" : result.error);
      }),
      { numRuns: 3000 },
    );
    // The samples reach both outcomes and many of the messages.
    expect(outcomes.has("accepted")).toBe(true);
    expect(outcomes.size).toBeGreaterThan(15);
  });
});
