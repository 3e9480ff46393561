/**
 * The beginning of the JSON of a parsed JSON value, written without
 * recursion however deeply it nests, for excerpts of request bodies.
 * @module
 */

/** Whether a parsed JSON value nests more than `max` arrays and objects deep (without recursing). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** An array or object being written by {@link jsonPrefix}. */
interface OpenValue {
  /** The array's items or the object's member values. */
  values: readonly unknown[];
  /** The object's member names; `null` for an array. */
  keys: readonly string[] | null;
  /** Index of the next item to write. */
  at: number;
}

// A scalar of a parsed body as `JSON.stringify` writes it; a string longer
// than the limit is cut first, since only the limit's worth is kept.
function scalarJson(value: unknown, limit: number): string {
  if (typeof value === "string") return JSON.stringify(value.length > limit ? value.slice(0, limit) : value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  return value === true ? "true" : value === false ? "false" : "null";
}

/**
 * The JSON of a parsed value as `JSON.stringify` writes it, or at least its
 * first `limit` characters: writing stops past the limit, long strings are
 * cut before they are serialised, and nesting uses a list instead of the
 * call stack, so that no depth overflows it.
 */
export function jsonPrefix(body: unknown, limit: number): string {
  let text = "";
  const open: OpenValue[] = [];
  let value: unknown = body;
  let hasValue = true;
  while (text.length <= limit) {
    if (hasValue) {
      hasValue = false;
      if (Array.isArray(value)) {
        text += "[";
        open.push({ values: value, keys: null, at: 0 });
      } else if (typeof value === "object" && value !== null) {
        text += "{";
        open.push({ values: Object.values(value), keys: Object.keys(value), at: 0 });
      } else {
        text += scalarJson(value, limit);
      }
      continue;
    }
    const current = open.at(-1);
    if (current === undefined) break;
    if (current.at === current.values.length) {
      text += current.keys === null ? "]" : "}";
      open.pop();
      continue;
    }
    if (current.at > 0) text += ",";
    if (current.keys !== null) text += `${scalarJson(current.keys[current.at], limit)}:`;
    value = current.values[current.at];
    current.at++;
    hasValue = true;
  }
  return text;
}
