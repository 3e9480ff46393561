/**
 * Reading flips without zod: the flips of either list shape, and the
 * list-flips query as the service parses it.
 * @module
 */
import type { Flip, FlipList } from "./flip.js";
import { FLIPS_SECONDS_MAX, FLIPS_TIMESTAMP_MAX } from "./limits.js";

/** The flips of a list-flips answer, whichever shape it came in. */
export function flipsOf(list: FlipList): Flip[] {
  return Array.isArray(list) ? list : list.flips;
}

/** A parsed flips filter; `undefined` members do not filter. */
export interface FlipsFilter {
  /** Only flips at or after now − seconds (0 means no filter). */
  seconds?: number;
  /** Only flips at or after (live) or after (seed) this UNIX time. */
  start?: number;
  /** Only flips before this UNIX time. */
  end?: number;
}

// Python's int() as the service applies it: surrounding whitespace, a sign and
// digit-separating underscores are tolerated.
const INTEGER_TEXT = /^\s*[+-]?\d+(_\d+)*\s*$/;
const SECONDS_TEXT = /^\s*[+-]?\d+(_\d+)*(\.0*)?\s*$/;

function parseInteger(text: string, pattern: RegExp, max: number): number | undefined {
  if (!pattern.test(text)) return undefined;
  const value = Number(text.replace(/_/g, "").trim().replace(/\.0*$/, ""));
  return Number.isSafeInteger(value) && value >= 0 && value <= max ? value : undefined;
}

/**
 * Parses the list-flips query as the live service does: the last of repeated
 * parameters counts, `seconds=0` or empty means no filter, an empty `start`
 * or `end` is invalid. Returns `undefined` when any value is invalid (→ 400).
 */
export function parseFlipsQuery(params: URLSearchParams): FlipsFilter | undefined {
  const filter: FlipsFilter = {};
  const seconds = params.getAll("seconds").at(-1);
  if (seconds !== undefined && seconds !== "") {
    const value = parseInteger(seconds, SECONDS_TEXT, FLIPS_SECONDS_MAX);
    if (value === undefined) return undefined;
    if (value > 0) filter.seconds = value;
  }
  for (const name of ["start", "end"] as const) {
    const text = params.getAll(name).at(-1);
    if (text === undefined) continue;
    const value = parseInteger(text, INTEGER_TEXT, FLIPS_TIMESTAMP_MAX);
    if (value === undefined) return undefined;
    filter[name] = value;
  }
  return filter;
}
