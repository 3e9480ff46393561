/**
 * Response validation against the schema, reporting the path of the first
 * offending member.
 * @module
 */
import { checkWireShape, type ShapeIssue, type WireShapeName, type WireTypes } from "@checks-api/schema/lite";

/** The first problem found in a response body. */
export interface SchemaProblem {
  /** Path of the offending member (`["checks", 0, "timeout"]`). */
  path: Array<string | number>;
  /** What is wrong with it. */
  message: string;
}

type Issue = ShapeIssue;

// The schemas' own checks carry messages; for the others, the issues read
// zod's unlocalised "Invalid input" and the SDK says what was expected.
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
      return `expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(", ")}`;
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
  if (issue.code === "invalid_union" && issue.errors && issue.errors.length > 0) {
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

/**
 * Parses `value` with the named schema. Returns the parsed value (unknown
 * members kept, as the schemas are loose) or the first problem.
 */
export function checkShape<N extends WireShapeName>(
  name: N,
  value: unknown,
): { ok: true; value: WireTypes[N] } | { ok: false; problem: SchemaProblem } {
  const result = checkWireShape(name, value);
  if (result.success) return { ok: true, value: result.data as WireTypes[N] };
  return { ok: false, problem: pick(result.error.issues, [], value) ?? { path: [], message: "invalid body" } };
}
