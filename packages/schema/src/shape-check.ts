/**
 * Validation without zod: the generated tests of `wire-validators.ts` answer
 * valid values, and an interpreter of the plain-data schemas in
 * `wire-shapes.ts` (both generated from the zod schemas) gives the others the
 * same result and the same issues as zod's `safeParse`.
 * @module
 */
import type { BadgeList } from "./badge.js";
import type { ChannelList } from "./channel.js";
import type { Check, CheckList, ReadOnlyCheck, ReadOnlyCheckList } from "./check.js";
import type { FlipList, FlipsQuery } from "./flip.js";
import type { PingList } from "./ping.js";
import type { Shape } from "./shape.js";
import { WIRE_SHAPES } from "./wire-shapes.js";
import { WIRE_VALIDATORS } from "./wire-validators.js";

/** The schemas `wire-shapes.ts` holds (their zod schemas are in `WIRE_SCHEMAS`) and the types they validate. */
export interface WireTypes {
  /** `CheckSchema`. */
  Check: Check;
  /** `CheckListSchema`. */
  CheckList: CheckList;
  /** `ReadOnlyCheckSchema`. */
  ReadOnlyCheck: ReadOnlyCheck;
  /** `ReadOnlyCheckListSchema`. */
  ReadOnlyCheckList: ReadOnlyCheckList;
  /** `FlipListSchema`. */
  FlipList: FlipList;
  /** `PingListSchema`. */
  PingList: PingList;
  /** `ChannelListSchema`. */
  ChannelList: ChannelList;
  /** `BadgeListSchema`. */
  BadgeList: BadgeList;
  /** `FlipsQuerySchema`. */
  FlipsQuery: FlipsQuery;
}
/** The name of a schema in `wire-shapes.ts`. */
export type WireShapeName = keyof WireTypes;

/** One problem, with the members of a zod issue that the SDK reads. */
export interface ShapeIssue {
  /** zod's issue code. */
  code: "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "invalid_union";
  /** Path of the offending member. */
  path: Array<string | number>;
  /** The custom message, or zod's unlocalised `Invalid input`. */
  message: string;
  /** `invalid_type`: the expected type. */
  expected?: string;
  /** `invalid_value`: the allowed values. */
  values?: Array<string | number | boolean>;
  /** `too_small`: the bound. */
  minimum?: number;
  /** `too_big`: the bound. */
  maximum?: number;
  /** Bounds are inclusive. */
  inclusive?: boolean;
  /** `invalid_union`: the issues of each option. */
  errors?: ShapeIssue[][];
  /** The schema went on checking after this issue (a failed check, not a wrong type). */
  continue?: boolean;
}

/** The result of {@link checkWireShape}, shaped like zod's `safeParse` result. */
export type ShapeResult<T> = { success: true; data: T } | { success: false; error: { issues: ShapeIssue[] } };

const UNLOCALIZED = "Invalid input";

type Out = { value: unknown; issues: ShapeIssue[] };

function fail(issue: Omit<ShapeIssue, "path" | "message"> & { message?: string }): Out {
  return { value: undefined, issues: [{ path: [], message: UNLOCALIZED, ...issue }] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function prefixed(key: string | number, issues: ShapeIssue[]): ShapeIssue[] {
  return issues.length === 0 ? NONE : issues.map((issue) => ({ ...issue, path: [key, ...issue.path] }));
}

// The members of each object shape, listed once.
const memberLists = new WeakMap<object, [string, Shape][]>();
function membersOf(shape: Exclude<Shape, string>): [string, Shape][] {
  const members = shape.shape ?? {};
  let list = memberLists.get(members);
  if (!list) memberLists.set(members, (list = Object.entries(members)));
  return list;
}

// Patterns compiled once: a list of checks tests the same few on every member.
const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) patterns.set(source, (compiled = new RegExp(source)));
  return compiled;
}

// The issues of a value that has none; shared, never written to.
const NONE: ShapeIssue[] = [];
Object.freeze(NONE);

const aborted = (out: Out) => out.issues.some((issue) => issue.continue !== true);

function checkNumber(shape: Exclude<Shape, string>, value: unknown): Out {
  if (typeof value !== "number" || !Number.isFinite(value)) return fail({ code: "invalid_type", expected: "number" });
  if (shape.t === "int") {
    if (!Number.isInteger(value)) return fail({ code: "invalid_type", expected: "int" });
  }
  const issues: ShapeIssue[] = [];
  // Like zod, an integer outside the safe range is an issue after which the bounds are still checked.
  if (shape.t === "int" && value > Number.MAX_SAFE_INTEGER) {
    issues.push({ code: "too_big", maximum: Number.MAX_SAFE_INTEGER, inclusive: true, path: [], message: UNLOCALIZED, continue: true });
  }
  if (shape.t === "int" && value < Number.MIN_SAFE_INTEGER) {
    issues.push({ code: "too_small", minimum: Number.MIN_SAFE_INTEGER, inclusive: true, path: [], message: UNLOCALIZED, continue: true });
  }
  if (shape.min !== undefined && value < shape.min) {
    issues.push({ code: "too_small", minimum: shape.min, inclusive: true, path: [], message: UNLOCALIZED, continue: true });
  }
  if (shape.max !== undefined && value > shape.max) {
    issues.push({ code: "too_big", maximum: shape.max, inclusive: true, path: [], message: UNLOCALIZED, continue: true });
  }
  return { value, issues };
}

function checkObject(shape: Exclude<Shape, string>, value: unknown): Out {
  if (!isPlainObject(value)) return fail({ code: "invalid_type", expected: "object" });
  const out: Record<string, unknown> = {};
  let issues = NONE;
  const members = shape.shape ?? {};
  for (const [key, member] of membersOf(shape)) {
    const result = check(member, value[key]);
    if (result.issues.length > 0) issues = [...issues, ...prefixed(key, result.issues)];
    if (key in value || result.value !== undefined) out[key] = result.value;
  }
  if (shape.loose) for (const key of Object.keys(value)) if (!Object.hasOwn(members, key)) out[key] = value[key];
  return { value: out, issues };
}

function checkUnion(options: Shape[], value: unknown): Out {
  // The first option that passes wins, as in zod: the others need not run.
  const results: Out[] = [];
  for (const option of options) {
    const result = check(option, value);
    if (result.issues.length === 0) return result;
    results.push(result);
  }
  const unaborted = results.filter((result) => !aborted(result));
  if (unaborted.length === 1) return unaborted[0] as Out;
  return fail({ code: "invalid_union", errors: results.map((result) => result.issues) });
}

function check(shape: Shape, value: unknown): Out {
  if (typeof shape === "string") return check(WIRE_SHAPES[shape] as Shape, value);
  switch (shape.t) {
    case "string": {
      if (typeof value !== "string") return fail({ code: "invalid_type", expected: "string" });
      if (shape.re === undefined) return { value, issues: NONE };
      const issues: ShapeIssue[] = [];
      for (const [source, message] of shape.re) {
        if (!pattern(source).test(value)) {
          issues.push({ code: "invalid_format", path: [], message: message || UNLOCALIZED, continue: true });
        }
      }
      return { value, issues };
    }
    case "int":
    case "number":
      return checkNumber(shape, value);
    case "boolean":
      return typeof value === "boolean" ? { value, issues: NONE } : fail({ code: "invalid_type", expected: "boolean" });
    case "enum":
    case "literal":
      return shape.values?.includes(value as string) ? { value, issues: NONE } : fail({ code: "invalid_value", values: shape.values ?? [] });
    case "nullable":
      return value === null ? { value, issues: NONE } : check(shape.of as Shape, value);
    case "optional":
      return value === undefined ? { value, issues: NONE } : check(shape.of as Shape, value);
    case "array": {
      if (!Array.isArray(value)) return fail({ code: "invalid_type", expected: "array" });
      // Every index, holes included (as undefined), as zod does: `map` would skip holes.
      const out: unknown[] = [];
      let issues = NONE;
      for (let i = 0; i < value.length; i++) {
        const result = check(shape.of as Shape, value[i]);
        if (result.issues.length > 0) issues = [...issues, ...prefixed(i, result.issues)];
        out.push(result.value);
      }
      return { value: out, issues };
    }
    case "record": {
      if (!isPlainObject(value)) return fail({ code: "invalid_type", expected: "record" });
      const out: Record<string, unknown> = {};
      const issues: ShapeIssue[] = [];
      for (const key of Object.keys(value)) {
        const result = check(shape.of as Shape, value[key]);
        issues.push(...prefixed(key, result.issues));
        out[key] = result.value;
      }
      return { value: out, issues };
    }
    case "union":
      return checkUnion(shape.of as Shape[], value);
    case "object":
      return checkObject(shape, value);
  }
}

/**
 * Validates `value` against the named schema as zod's `safeParse` of
 * `${name}Schema` does, with the same issues (codes, paths, messages) in the
 * same order; unknown members of loose objects are kept, others dropped.
 * A valid value of a schema whose objects are all loose (every response
 * schema) is returned as it is, not copied.
 */
export function checkWireShape<N extends WireShapeName>(name: N, value: unknown): ShapeResult<WireTypes[N]> {
  // The generated test is several times faster than the interpreter, which
  // runs only to say what is wrong (or to drop members).
  if (WIRE_VALIDATORS[name]?.(value) === true) return { success: true, data: value as WireTypes[N] };
  const result = check(name, value);
  return result.issues.length === 0
    ? { success: true, data: result.value as WireTypes[N] }
    : { success: false, error: { issues: result.issues } };
}
