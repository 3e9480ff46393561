/**
 * Masking of secrets in everything the SDK prints: error messages, the raw
 * bodies kept on errors, and debug events. Secrets are the API key, ping
 * keys, and check UUIDs (a check UUID is all it takes to send pings).
 * @module
 */
import { READ_ONLY_KEY_PREFIX, READ_WRITE_KEY_PREFIX, UUID_PATTERN } from "@checks-api/schema/lite";

const UUID_EXACT = new RegExp(UUID_PATTERN.source, "i");
// A ping URL's first segment after `/ping/` is a UUID or a project ping key.
const PING_KEY_SEGMENT = /(\/ping\/)([-a-zA-Z0-9_]+)(?=\/[-a-zA-Z0-9_]+)/g;
const UUID_ANYWHERE = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/**
 * Masks a UUID, keeping its last four characters so that log lines can still
 * be told apart: `********-****-****-****-********7f79`.
 */
function maskUuid(uuid: string): string {
  return `********-****-****-****-********${uuid.slice(-4)}`;
}

const KEY_PREFIXES = [READ_WRITE_KEY_PREFIX, READ_ONLY_KEY_PREFIX];

/** Masks a key of any kind, keeping only a recognisable prefix (`hcw_`, `hcr_`). */
function maskKey(key: string): string {
  const prefix = KEY_PREFIXES.find((known) => key.startsWith(known)) ?? "";
  return `${prefix}********`;
}

/** How far along a `cause` chain {@link maskedError} looks; an error deeper than that is left out. */
const MAX_CAUSE_DEPTH = 8;

/**
 * Removes secrets from text. `secrets` are exact strings known to be secret
 * (the API key, a ping key); in addition every UUID is masked (a check UUID
 * is a ping URL, and a server may echo one the client never sent), and so is
 * every ping key in a slug ping URL.
 */
export class Redactor {
  readonly #secrets: string[];

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
    let out = text;
    // Longest first, so that a secret containing another is masked whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) {
      const mask = UUID_EXACT.test(secret) ? maskUuid(secret) : maskKey(secret);
      out = out.split(secret).join(mask);
    }
    out = out.replace(UUID_ANYWHERE, (uuid) => maskUuid(uuid));
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
