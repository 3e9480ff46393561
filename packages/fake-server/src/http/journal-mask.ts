/**
 * Masking the fake's secrets (API keys, ping keys, check UUIDs) in what the
 * journal keeps of a request: its path, its query and its body.
 * @module
 */
import type { Store } from "../model/store.js";
import { decodePath } from "./router.js";

/** What replaces a secret in the journal. */
export const MASK = "***";

/**
 * The shortest secret: API keys have 32 characters, check UUIDs 36 and
 * generated ping keys 22; a test's own short ping key (`"pk"`, `"ping"`)
 * would mask ordinary words and path segments, so it is masked only where
 * a ping URL holds it.
 */
const MIN_SECRET = 16;

/**
 * Tells whether a text (a path segment, a query name or value, a word of a
 * body) is a secret the fake holds or held: an API key, a ping key of at
 * least 16 characters, or a check UUID (in any case), including those of
 * deleted checks and of a state a reset or an import replaced.
 */
export type SecretTest = (text: string) => boolean;

/** The {@link SecretTest} of a store: its keys and check UUIDs as they are when it is asked, and its retired secrets. */
export function storeSecrets(store: Store): SecretTest {
  const { keys, pingKeys, checks, retired } = store;
  // Check UUIDs first: they are the secrets paths hold most.
  return (text) =>
    text.length >= MIN_SECRET &&
    ((text.length === 36 && (checks.has(text) || checks.has(text.toLowerCase()))) || keys.has(text) || pingKeys.has(text) || retired.has(text));
}

// Characters of generated keys and UUIDs; a piece with others may hold a secret among them.
const SECRET_RUN = /[^-A-Za-z0-9_]+/;

/**
 * Whether a piece of the target holds a secret: decoded as the service
 * would read it (`+` is a space in a query), as a whole (a key may hold
 * any character) or any run of key characters in it.
 */
function holdsSecret(piece: string, query: boolean, isSecret: SecretTest): boolean {
  const plain = query && piece.includes("+") ? piece.replaceAll("+", " ") : piece;
  const text = plain.includes("%") ? decodePath(plain) : plain;
  if (isSecret(text)) return true;
  return SECRET_RUN.test(text) && text.split(SECRET_RUN).some((run) => run !== "" && isSecret(run));
}

/** Where a ping URL's secret (its key or UUID) is among the segments of a URL path. */
export interface SecretSegment {
  /** Its index among the path's `/`-separated segments (the empty one before the first `/` is 0). */
  index: number;
  /** How many segments the decoded path, which the router read, has. */
  decodedSegments: number;
}

/**
 * The URL path with its secrets masked: every segment that is a secret of
 * the fake, and the `secret` segment of a ping URL, whether or not it names
 * anything. When encoded slashes make the decoded path split differently,
 * every segment from the first encoded one on is masked, since the secret
 * cannot be told apart.
 */
export function maskPath(pathname: string, secret: SecretSegment | null, isSecret: SecretTest): string {
  if (secret === null && !hasSegmentAsLongAs(pathname, MIN_SECRET)) return pathname;
  // Masked from this segment on; only a ping path whose decoded form splits otherwise has one.
  const from = secret !== null && segmentCount(pathname) !== secret.decodedSegments ? firstEncodedSegment(pathname) : Number.POSITIVE_INFINITY;
  // The masked segments: a bit each for the first ones, a list past them.
  let bits = 0;
  let beyond: number[] | undefined;
  let start = pathname.indexOf("/") + 1;
  for (let i = 1; start > 0; i++) {
    const slash = pathname.indexOf("/", start);
    const end = slash < 0 ? pathname.length : slash;
    if (i >= from || i === secret?.index || (end - start >= MIN_SECRET && holdsSecret(pathname.slice(start, end), false, isSecret))) {
      if (i < MASK_BITS) bits |= 1 << i;
      else (beyond ??= []).push(i);
    }
    start = slash + 1;
  }
  if (beyond !== undefined) return maskSegments(pathname, bits, beyond);
  return bits === 0 ? pathname : maskedPath(pathname, bits);
}

/** The number of `/`-separated segments of `path` (the empty one before its first `/` included). */
export function segmentCount(path: string): number {
  let count = 1;
  for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) count++;
  return count;
}

// The index of the first segment of `path` holding a `%`, or -1 (which masks them all, as none can be told apart).
function firstEncodedSegment(path: string): number {
  const percent = path.indexOf("%");
  if (percent < 0) return -1;
  let index = 0;
  for (let at = path.indexOf("/"); at >= 0 && at < percent; at = path.indexOf("/", at + 1)) index++;
  return index;
}

/**
 * Masked paths already written, by path and the segments masked in it. A
 * test's requests repeat a handful of paths, and each journal entry holds
 * its masked path: sharing one string per path keeps the journal from
 * holding a copy per request. The mask is worked out afresh each time (the
 * fake's secrets change); only its text is reused.
 */
const MASKED_PATHS_KEPT = 256;
const maskedPaths = new Map<string, { bits: number; masked: string }>();
// Segments whose masking a bit of a number records (bit 0, the part before the first `/`, is never masked).
const MASK_BITS = 31;

function maskedPath(pathname: string, bits: number): string {
  const known = maskedPaths.get(pathname);
  if (known?.bits === bits) return known.masked;
  const masked = maskSegments(pathname, bits, []);
  if (maskedPaths.size === MASKED_PATHS_KEPT) maskedPaths.clear();
  maskedPaths.set(pathname, { bits, masked });
  return masked;
}

// `pathname` with the segments of `bits` and `beyond` replaced by the mask.
function maskSegments(pathname: string, bits: number, beyond: readonly number[]): string {
  const segments = pathname.split("/");
  for (let i = 1; i < MASK_BITS && i < segments.length; i++) if (bits & (1 << i)) segments[i] = MASK;
  for (const i of beyond) segments[i] = MASK;
  return segments.join("/");
}

// Whether a segment of `path` has `length` characters or more. A shorter
// one holds no secret: percent-decoding never lengthens a segment.
function hasSegmentAsLongAs(path: string, length: number): boolean {
  let start = 0;
  for (;;) {
    const slash = path.indexOf("/", start);
    const end = slash < 0 ? path.length : slash;
    if (end - start >= length) return true;
    if (slash < 0) return false;
    start = slash + 1;
  }
}

/** The URL query (with its `?`) with every name or value that is a secret of the fake masked. */
export function maskQuery(search: string, isSecret: SecretTest): string {
  if (search === "") return search;
  const pieces = search.slice(1).split(/([&=])/);
  let masked = false;
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = pieces[i] as string;
    if (piece !== "" && holdsSecret(piece, true, isSecret)) {
      pieces[i] = MASK;
      masked = true;
    }
  }
  return masked ? `?${pieces.join("")}` : search;
}

/** Masks `api_key` of a parsed management body, whatever it holds. */
export function maskBody(body: Record<string, unknown>): Record<string, unknown> {
  return Object.hasOwn(body, "api_key") ? { ...body, api_key: MASK } : body;
}

// An `api_key` member with a string value, possibly cut off by the end of the text.
const API_KEY_MEMBER = /("api_key"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/g;

/** Masks the string value of every `api_key` member of a management body's text, one that did not parse. */
export function maskBodyText(text: string): string {
  return text.includes('"api_key"') ? text.replace(API_KEY_MEMBER, `$1"${MASK}"`) : text;
}

// Whole runs of key characters long enough to be a secret (the look-behind
// spares the engine a try at every character of a run).
const KEY_WORDS = new RegExp(`(?<![-\\w])[-\\w]{${MIN_SECRET},}`, "g");

/** `text` with every run of key characters that is a secret of the fake masked. */
export function maskText(text: string, isSecret: SecretTest): string {
  return text.length < MIN_SECRET ? text : text.replace(KEY_WORDS, (word) => (isSecret(word) ? MASK : word));
}

/**
 * A parsed body with {@link maskText} applied to every string in it (names
 * of members included); parts without a secret are shared, not copied.
 */
export function maskValue(value: unknown, isSecret: SecretTest): unknown {
  if (typeof value === "string") return maskText(value, isSecret);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => maskValue(item, isSecret));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  let changed = false;
  const members: [string, unknown][] = [];
  for (const [name, member] of Object.entries(value)) {
    const maskedName = maskText(name, isSecret);
    const masked = maskValue(member, isSecret);
    changed ||= maskedName !== name || masked !== member;
    members.push([maskedName, masked]);
  }
  return changed ? Object.fromEntries(members) : value;
}

