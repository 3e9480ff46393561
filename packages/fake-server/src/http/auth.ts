/**
 * API keys (`docs/reference.md#keys`): where the key is read from, and which keys an
 * endpoint accepts.
 * @module
 */
import { API_KEY_LENGTH, ERROR_MESSAGES, codePointLength } from "@checks-api/schema/lite";
import type { Incoming } from "./incoming.js";
import type { KeyKind, Project, Store } from "../model/store.js";

const HIGH_SURROGATE = /[\ud800-\udbff]/;

/** A successful key check. */
export interface Authenticated {
  /** The key's project. */
  project: Project;
  /** Read-write or read-only. */
  kind: KeyKind;
}

/** A failed key check: the 401 message. */
export interface AuthFailure {
  /** `missing api key` or `wrong api key`. */
  error: string;
}

/**
 * Python's `str()` of a JSON value, which is how the service turns a body
 * `api_key` into text (`true` → `True`, `null` → `None`, `1.0` → `1.0`).
 * Only the length of the result matters for values that are not strings.
 */
function pythonText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`)
    .join(", ")}}`;
}

function pythonRepr(value: unknown): string {
  return typeof value === "string" ? `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'` : pythonText(value);
}

/**
 * The key of a request: the `X-Api-Key` header when present at all (even
 * empty), otherwise (write endpoints only) the body's `api_key` as text.
 */
export function requestKey(request: Incoming, body: Record<string, unknown> | null): string {
  const header = request.header("x-api-key");
  if (header !== null) return header;
  if (body !== null && Object.hasOwn(body, "api_key")) return pythonText(body.api_key);
  return "";
}

/**
 * Checks a key: length 32 (in code points, as the service counts), then a read-write key of some project, or for
 * read endpoints also a read-only key.
 */
export function authenticate(store: Store, key: string, allowReadOnly: boolean): Authenticated | AuthFailure {
  // Without surrogates, code points are UTF-16 units: counting them is for the rare key with some.
  const length = HIGH_SURROGATE.test(key) ? codePointLength(key) : key.length;
  if (length !== API_KEY_LENGTH) return { error: ERROR_MESSAGES.missingApiKey };
  const entry = store.keys.get(key);
  if (!entry || (entry.kind === "read-only" && !allowReadOnly)) return { error: ERROR_MESSAGES.wrongApiKey };
  return entry;
}
