/**
 * Masking of secrets in everything the SDK prints: error messages, the raw
 * bodies kept on errors, and debug events. Secrets are the API key, ping
 * keys, and check UUIDs (a check UUID is all it takes to send pings).
 * @module
 */
import { API_KEY_LENGTH, READ_ONLY_KEY_PREFIX, READ_WRITE_KEY_PREFIX, UUID_PATTERN } from "@checks-api/schema/lite";

const UUID_EXACT = new RegExp(UUID_PATTERN.source, "i");
// A ping URL's first segment after `/ping/` is a UUID or a project ping key.
const PING_KEY_SEGMENT = /(\/ping\/)([-a-zA-Z0-9_]+)(?=\/[-a-zA-Z0-9_]+)/g;
// Any UUID, in any case, its hyphens percent-encoded or not.
const UUID_ANYWHERE = /[0-9a-f]{8}(?:-|%2d)[0-9a-f]{4}(?:-|%2d)[0-9a-f]{4}(?:-|%2d)[0-9a-f]{4}(?:-|%2d)[0-9a-f]{12}/gi;
const KEY_PREFIXES = [READ_WRITE_KEY_PREFIX, READ_ONLY_KEY_PREFIX];
// Any API key, known or not: a prefix, its `_` percent-encoded or not, and the key's letters and digits.
const KEY_ANYWHERE = new RegExp(
  `(?<![a-z0-9])(${KEY_PREFIXES.map((prefix) => prefix.replace(/_$/, "(?:_|%5f)")).join("|")})[a-z0-9]{${API_KEY_LENGTH - READ_WRITE_KEY_PREFIX.length}}(?![a-z0-9])`,
  "gi",
);

/** What a masked secret (or the part after its prefix) becomes. */
const MASK = "********";

/**
 * Masks a UUID, keeping its last four characters so that log lines can still
 * be told apart: `********-****-****-****-********7f79`.
 */
function maskUuid(uuid: string): string {
  return `********-****-****-****-********${uuid.slice(-4)}`;
}

/** Masks a key of any kind, keeping only a recognisable prefix (`hcw_`, `hcr_`). */
function maskKey(key: string): string {
  const prefix = KEY_PREFIXES.find((known) => key.startsWith(known)) ?? "";
  return `${prefix}${MASK}`;
}

/**
 * Secrets this long are also found in other case and percent-encoded:
 * shorter ones (a test's ping key `"pk"`) would mask ordinary words.
 */
const MIN_FUZZY_LENGTH = 16;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** A pattern for `text` in any case with any of its ASCII characters percent-encoded. */
function anyForm(text: string): string {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x7f) return escapeRegExp(char);
    const codes = new Set([char, char.toLowerCase(), char.toUpperCase()].map((form) => `|%${(form.codePointAt(0) ?? 0).toString(16).padStart(2, "0")}`));
    return `(?:${escapeRegExp(char)}${[...codes].join("")})`;
  }).join("");
}

/** How one secret is found in a text, and what replaces each finding. */
interface Finder {
  pattern: RegExp;
  mask: (found: string) => string;
}

/**
 * The finder of one secret. A UUID keeps its hint; a key loses everything
 * after its prefix, and is found without the prefix too (a server may echo
 * only that part). A long secret is found in every form: any case, any
 * character percent-encoded.
 */
function finderOf(secret: string): Finder {
  if (UUID_EXACT.test(secret)) return { pattern: new RegExp(anyForm(secret), "gi"), mask: maskUuid };
  if (secret.length < MIN_FUZZY_LENGTH) return { pattern: new RegExp(escapeRegExp(secret), "g"), mask: () => maskKey(secret) };
  const prefix = KEY_PREFIXES.find((known) => secret.startsWith(known)) ?? "";
  const rest = secret.slice(prefix.length);
  // The prefix, when echoed, stays: it tells the key's kind and nothing more.
  return { pattern: new RegExp(anyForm(rest.length >= MIN_FUZZY_LENGTH ? rest : secret), "gi"), mask: () => MASK };
}

/**
 * Masks secrets in `text` as the SDK masks them in its errors and debug
 * events: each of `secrets` (an API key, a ping key, a check UUID) in any
 * case, percent-encoded and, for an API key, without its `hcw_` / `hcr_`
 * prefix; and, known or not, every UUID, every string shaped like an API
 * key and the key of every slug ping URL. A UUID keeps its last four
 * characters as a hint; a key keeps only its prefix.
 *
 * ```ts
 * maskSecrets(`refused ${apiKey.toUpperCase()}`, [apiKey]); // "refused HCW_********"
 * ```
 * @param text what may hold secrets, e.g. an answer's body about to be printed
 * @param secrets the secrets known to the caller
 * @category Errors
 */
export function maskSecrets(text: string, secrets: Iterable<string | undefined | null> = []): string {
  return new Redactor(secrets).text(text);
}

/** How far along a `cause` chain {@link maskedError} looks; an error deeper than that is left out. */
const MAX_CAUSE_DEPTH = 8;

/**
 * Removes secrets from text. `secrets` are strings known to be secret (the
 * API key, a ping key), found in any case, percent-encoded and, for an API
 * key, without its `hcw_` or `hcr_` prefix; in addition every UUID is masked
 * (a check UUID is a ping URL, and a server may echo one the client never
 * sent), every string shaped like an API key, and every ping key in a slug
 * ping URL.
 */
export class Redactor {
  readonly #secrets: string[];
  #finders: Finder[] | undefined;

  /** @param secrets exact secret strings; empty strings are ignored. */
  constructor(secrets: Iterable<string | undefined | null>) {
    this.#secrets = [...secrets].filter((s): s is string => typeof s === "string" && s.length > 0);
  }

  /** A redactor that also masks `extra` (per-request secrets). */
  with(extra: Iterable<string | undefined | null>): Redactor {
    return new Redactor([...this.#secrets, ...extra]);
  }

  /** The text with every secret masked. */
  text(text: string): string {
    // Longest first, so that a secret containing another is masked whole.
    this.#finders ??= [...this.#secrets].sort((a, b) => b.length - a.length).map(finderOf);
    let out = text;
    for (const { pattern, mask } of this.#finders) out = out.replace(pattern, mask);
    out = out.replace(UUID_ANYWHERE, (uuid) => maskUuid(uuid));
    out = out.replace(KEY_ANYWHERE, (_key, prefix: string) => `${prefix}${MASK}`);
    out = out.replace(PING_KEY_SEGMENT, (_m, prefix: string, segment: string) => `${prefix}${maskKey(segment)}`);
    return out;
  }

  /** Header values with secret headers (`X-Api-Key`, `Authorization`) masked. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      out[name] = lower === "x-api-key" || lower === "authorization" ? maskKey(value) : this.text(value);
    }
    return out;
  }
}

/**
 * An error to keep on an SDK error as its `cause`: the error itself when no
 * message along its `cause` chain holds a secret (a runtime's network error
 * may quote the URL, with a check's UUID), else a copy of the chain with the
 * secrets masked in the names, messages and stacks, `code` kept.
 */
export function maskedError(error: unknown, redactor: Redactor, depth = 0): unknown {
  if (depth > MAX_CAUSE_DEPTH) return undefined;
  if (typeof error === "string") return redactor.text(error);
  if (!(error instanceof Error)) return error;
  const cause = error.cause === undefined ? undefined : maskedError(error.cause, redactor, depth + 1);
  const message = redactor.text(error.message);
  const stack = error.stack === undefined ? undefined : redactor.text(error.stack);
  if (message === error.message && stack === error.stack && cause === error.cause) return error;
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = redactor.text(error.name);
  if (stack !== undefined) copy.stack = stack;
  const { code } = error as { code?: unknown };
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}
