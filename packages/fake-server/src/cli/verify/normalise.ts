/**
 * What differs between the service and the fake by nature, taken out of an
 * answer before the two are compared: identifiers and keys (each side has
 * its own), times, run durations, the caller's address and scheme, the
 * site root and ping endpoint in URLs, and badge keys (either form the
 * service gives) and signatures. A normalised answer holds no key, in any
 * form, and no check UUID, so it can be printed.
 * @module
 */
import { maskSecrets } from "@checks-api/sdk";
import type { RunNames } from "./step.js";
import type { Answer, Side } from "./sides.js";

/** A body as compared: parsed JSON, text, or bytes that are not UTF-8 (as base64). */
export type NormalBody = { kind: "json"; value: unknown } | { kind: "text"; value: string } | { kind: "bytes"; value: string };

/** An answer with what differs by nature replaced by placeholders. */
export interface NormalAnswer {
  /** HTTP status. */
  status: number;
  /** `Content-Type` as sent (`""` when absent). */
  contentType: string;
  /** The body. */
  body: NormalBody;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})/g;
// A project's badge key is a UUID (`<uuid>` by then) or, for the first project
// of an account, its user's name: a UUID cut to 30 characters.
const BADGE_KEY = /(\/badge\/)(?:<uuid>|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{6})(?=\/)/g;
// A badge URL's signature depends on the service's secret:
// /badge/<project badge key>/<8 characters>[-2]/<tag>.<format>, or [-2].<format> for all checks.
const BADGE_SIGNATURE = /(\/badge\/[^/"\s]+\/)[A-Za-z0-9_-]{8}(-2)?(?=[/.])/g;

/**
 * Members whose value depends on timing or on the network between the
 * caller and the side (the fake in this process sees no address), compared
 * as a placeholder.
 */
const BY_NATURE: Readonly<Record<string, string>> = {
  duration: "<duration>",
  remote_addr: "<address>",
  scheme: "<scheme>",
};
/**
 * Members left out: `last_duration` is shown only when the last run took a
 * second or more, which depends on the network between the start and
 * success pings, not on the service.
 */
const LEFT_OUT = new Set(["last_duration"]);

/** The replacements of one side, longest text first so that a URL goes before the identifier inside it. */
function replacementsOf(side: Side): [string, string][] {
  const pairs: [string, string][] = [
    [side.shownRoots.pingEndpoint, "<ping-endpoint>/"],
    [side.pingEndpoint, "<ping-endpoint>/"],
    [side.shownRoots.site, "<site>"],
    [side.site, "<site>"],
  ];
  for (const [name, check] of side.checks) {
    pairs.push([check.uuid, `<check:${name}>`], [check.uniqueKey, `<unique-key:${name}>`]);
  }
  if (side.keys.readWrite) pairs.push([side.keys.readWrite, "<read-write key>"]);
  if (side.keys.readOnly) pairs.push([side.keys.readOnly, "<read-only key>"]);
  if (side.keys.ping) pairs.push([side.keys.ping, "<ping key>"]);
  return pairs.filter(([text]) => text !== "").sort((a, b) => b[0].length - a[0].length);
}

/**
 * Text with the side's identifiers, keys, roots, times, badge keys and
 * badge signatures replaced, and its keys masked in any other form they
 * were echoed in (other case, percent-encoded, without the prefix).
 */
export function normaliseText(text: string, side: Side): string {
  let out = text;
  for (const [from, to] of replacementsOf(side)) out = out.replaceAll(from, to);
  out = out
    .replace(UUID, "<uuid>")
    .replace(TIME, "<time>")
    .replace(BADGE_KEY, "$1<badge-key>")
    .replace(BADGE_SIGNATURE, "$1<signature>$2");
  return maskSecrets(out, [side.keys.readWrite, side.keys.readOnly, side.keys.ping]);
}

function normaliseJson(value: unknown, side: Side, member?: string): unknown {
  if (member !== undefined && member in BY_NATURE && (value !== null || member === "remote_addr")) return BY_NATURE[member];
  if (typeof value === "string") return normaliseText(value, side);
  if (Array.isArray(value)) return value.map((item) => normaliseJson(item, side));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      if (!LEFT_OUT.has(name)) out[name] = normaliseJson(item, side, name);
    }
    return out;
  }
  return value;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The answer of `side` with what differs by nature replaced; `view` picks
 * the part of a JSON body that is compared.
 */
export function normalise(answer: Answer, side: Side, names: RunNames, view?: (body: unknown, names: RunNames) => unknown): NormalAnswer {
  const base = { status: answer.status, contentType: answer.contentType };
  let text: string;
  try {
    text = utf8.decode(answer.body);
  } catch {
    return { ...base, body: { kind: "bytes", value: Buffer.from(answer.body).toString("base64") } };
  }
  if (/^application\/json\b/i.test(answer.contentType)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return { ...base, body: { kind: "json", value: normaliseJson(view ? view(parsed, names) : parsed, side) } };
    } catch {
      // Not JSON after all: compared as the text it is.
    }
  }
  return { ...base, body: { kind: "text", value: normaliseText(text, side) } };
}
