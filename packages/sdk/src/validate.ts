/**
 * Response validation against the schema, reporting the path of the first
 * offending member.
 * @module
 */
import type * as z from "zod/mini";

/** The first problem found in a response body. */
export interface SchemaProblem {
  /** Path of the offending member (`["checks", 0, "timeout"]`). */
  path: Array<string | number>;
  /** What is wrong with it. */
  message: string;
}

type Issue = z.core.$ZodIssue;

// zod/mini loads no locale, so its issues read "Invalid input" unless a
// program loaded one (full zod does): the SDK then says what was expected.
const UNLOCALIZED = "Invalid input";

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = root;
  for (const key of path) value = (value as Record<string | number, unknown> | null | undefined)?.[key];
  return value;
}

function describeIssue(issue: Issue, value: unknown): string {
  if (issue.message !== UNLOCALIZED) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}, received ${value === undefined ? "nothing" : typeName(value)}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      return `expected a value ${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}`;
    case "too_big":
      return `expected a value ${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}`;
    default:
      return `invalid (${issue.code})`;
  }
}

// For a union, the branch with the fewest issues is the one the body meant to
// be (a simple check with a bad `timeout`, not a scheduled check missing
// `schedule`); on a tie, the branch that got deeper into the body (the
// `{"flips": [...]}` shape rather than "expected an array").
function pick(issues: readonly Issue[], prefix: Array<string | number>, root: unknown): SchemaProblem | undefined {
  const issue = issues[0];
  if (!issue) return undefined;
  const path = [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const depth = (branch: readonly Issue[]) => branch[0]?.path.length ?? 0;
    const branch = [...issue.errors].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0];
    if (branch && branch.length > 0) return pick(branch, path, root);
  }
  return { path, message: describeIssue(issue, valueAt(root, path)) };
}

/** Formats a member path as `checks[0].timeout`. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${part}` : part;
  return out || "(body)";
}

/** Turns a schema into one that parses faster with the same results. */
export type SchemaCompiler = <S extends z.ZodMiniType>(schema: S) => S;

let compiler: SchemaCompiler | undefined;
const compiled = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/**
 * Makes {@link checkShape} parse with `compile(schema)`, compiled once per
 * schema on first use. The Node entry installs zod's compiler; the fetch
 * entry does not, so that browser bundles stay without it.
 */
export function useSchemaCompiler(compile: SchemaCompiler): void {
  compiler = compile;
}

function prepared<S extends z.ZodMiniType>(schema: S): S {
  if (!compiler) return schema;
  let fast = compiled.get(schema);
  if (!fast) {
    fast = compiler(schema);
    compiled.set(schema, fast);
  }
  return fast as S;
}

/**
 * Parses `value` with `schema`. Returns the parsed value (unknown members
 * kept, as the schemas are loose) or the first problem.
 */
export function checkShape<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.output<S> } | { ok: false; problem: SchemaProblem } {
  const result = prepared(schema).safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: pick(result.error.issues, [], value) ?? { path: [], message: "invalid body" } };
}
