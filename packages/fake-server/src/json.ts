/**
 * JSON text exactly as the service prints it (api.md §4).
 * @module
 */

/**
 * A JSON string literal as `JSON.stringify` writes it (escapes included), or
 * a lone `,` or `:` outside any string. Matching string literals whole is
 * what keeps commas and colons inside strings untouched.
 */
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|[,:]/g;

/** What Python's `ensure_ascii` escapes and `JSON.stringify` leaves alone: DEL and every non-ASCII UTF-16 unit. */
const NON_ASCII = /[\u007f-\uffff]/g;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

function formatToken(token: string): string {
  if (token === ",") return ", ";
  if (token === ":") return ": ";
  return token.replace(NON_ASCII, escapeUnit);
}

/**
 * Serialises `value` the way the service's Python backend does
 * (`json.dumps` defaults): `", "` and `": "` separators, member order as
 * inserted, every character outside printable ASCII escaped as lowercase
 * `\uXXXX` (astral characters as their surrogate pair, lone surrogates as
 * themselves). A value JSON cannot represent (`undefined`, a function) prints
 * as `null`.
 *
 * `JSON.stringify` already escapes control characters and lone surrogates the
 * same way Python does, so one regular-expression pass over its output is
 * enough: this function runs on every API answer.
 */
export function serviceJson(value: unknown): string {
  const compact = JSON.stringify(value) as string | undefined;
  if (compact === undefined) return "null";
  return compact.replace(TOKEN, formatToken);
}
