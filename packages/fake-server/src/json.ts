/**
 * JSON text exactly as the service prints it (api.md §4).
 * @module
 */

/**
 * Structural line breaks of `JSON.stringify(value, null, 1)`, with the
 * indentation after them. String literals never contain a raw line feed
 * (`JSON.stringify` writes `\n`), so every match is structural.
 */
const ITEM_BREAK = /,\n */g;
const OTHER_BREAK = /\n */g;

/** What Python's `ensure_ascii` escapes and `JSON.stringify` leaves alone: DEL and every non-ASCII UTF-16 unit. */
const NON_ASCII = /[\u007f-\uffff]/g;
const HAS_NON_ASCII = /[\u007f-\uffff]/;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * Serialises `value` the way the service's Python backend does
 * (`json.dumps` defaults): `", "` and `": "` separators, member order as
 * inserted, every character outside printable ASCII escaped as lowercase
 * `\uXXXX` (astral characters as their surrogate pair, lone surrogates as
 * themselves). A value JSON cannot represent (`undefined`, a function) prints
 * as `null`.
 *
 * `JSON.stringify` with an indent already writes `": "` after keys and
 * escapes control characters and lone surrogates the way Python does; the
 * line breaks it adds are turned into Python's separators, and non-ASCII
 * characters (only ever inside strings) are escaped in one pass when there
 * are any. This function runs on every API answer, so it avoids per-token work.
 */
export function serviceJson(value: unknown): string {
  const indented = JSON.stringify(value, null, 1) as string | undefined;
  if (indented === undefined) return "null";
  const text = indented.replace(ITEM_BREAK, ", ").replace(OTHER_BREAK, "");
  return HAS_NON_ASCII.test(text) ? text.replace(NON_ASCII, escapeUnit) : text;
}
