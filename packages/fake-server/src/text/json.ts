/**
 * JSON text exactly as the service prints it (`docs/reference.md#answers`).
 * @module
 */
import { PyFloat } from "./py-float.js";

/** Strings that print as themselves between quotes: printable ASCII without `"` and `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** What Python's `ensure_ascii` escapes and `JSON.stringify` leaves alone: DEL and every non-ASCII UTF-16 unit. */
const NON_ASCII = /[\u007f-\uffff]/g;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

// `JSON.stringify` already escapes quotes, backslashes, control characters
// and lone surrogates the way Python does; only the non-ASCII units are left.
function quote(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text).replace(NON_ASCII, escapeUnit);
}

/** The text of `value` at `key`, or `undefined` for what JSON leaves out (`undefined`, functions, symbols). */
function write(key: string, input: unknown): string | undefined {
  if (input instanceof PyFloat) return input.toString();
  let value = input;
  if (
    ((typeof value === "object" && value !== null) || typeof value === "bigint") &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case "string":
      return quote(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "object": {
      if (value === null) return "null";
      if (value instanceof Number || value instanceof String || value instanceof Boolean) return write(key, value.valueOf());
      let out = "";
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ", ") + (write(String(i), value[i]) ?? "null");
        return `[${out}]`;
      }
      for (const member of Object.keys(value)) {
        const text = write(member, (value as Record<string, unknown>)[member]);
        if (text !== undefined) out += `${out === "" ? "" : ", "}${quote(member)}: ${text}`;
      }
      return `{${out}}`;
    }
    default:
      return undefined;
  }
}

/**
 * Serialises `value` the way the service's Python backend does
 * (`json.dumps` defaults): `", "` and `": "` separators, member order as
 * inserted, every character outside printable ASCII escaped as lowercase
 * `\uXXXX` (astral characters as their surrogate pair, lone surrogates as
 * themselves), a {@link PyFloat} as Python's `repr`. What `JSON.stringify` leaves out or prints as `null` is left
 * out or printed as `null` alike (`toJSON` is honoured).
 *
 * This runs on every API answer. Writing the separators directly, and
 * quoting the common plain strings without escaping, takes half the time of
 * post-processing `JSON.stringify`'s indented text with regular expressions.
 */
export function serviceJson(value: unknown): string {
  return write("", value) ?? "null";
}
