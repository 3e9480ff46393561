/**
 * Flips: changes of a check's status (spec: flips_badges_channels.md §1).
 * @module
 */
import * as z from "zod/mini";
import { TimestampSchema, type KnownMembers } from "./common.js";
import { FLIPS_SECONDS_MAX, FLIPS_TIMESTAMP_MAX } from "./limits.js";

/** One status change. `up` is 1 when the new status is `up`, otherwise 0. */
export const FlipSchema = z
  .looseObject({ timestamp: TimestampSchema, up: z.union([z.literal(0), z.literal(1)]) })
  .register(z.globalRegistry, { id: "Flip" });
/** A status change. Never assume flips alternate between 1 and 0. */
export type Flip = KnownMembers<z.infer<typeof FlipSchema>>;

/** The seed's answer: a bare array, newest first. */
export const SeedFlipListSchema = z.array(FlipSchema).register(z.globalRegistry, { id: "SeedFlipList" });
/** The live service's answer: `{"flips": [...]}`, newest first. */
export const LiveFlipListSchema = z.looseObject({ flips: z.array(FlipSchema) }).register(z.globalRegistry, { id: "LiveFlipList" });
/** Either shape of the list-flips answer. */
export const FlipListSchema = z.union([SeedFlipListSchema, LiveFlipListSchema]).register(z.globalRegistry, { id: "FlipList" });
/** Either shape of the list-flips answer. */
export type FlipList = Flip[] | { flips: Flip[] };

/** The flips of a list-flips answer, whichever shape it came in. */
export function flipsOf(list: FlipList): Flip[] {
  return Array.isArray(list) ? list : list.flips;
}

/** Query parameters of list-flips, as integers (UNIX seconds for `start`/`end`). */
export const FlipsQuerySchema = z
  .object({
    seconds: z.optional(z.int().check(z.minimum(0), z.maximum(FLIPS_SECONDS_MAX))),
    start: z.optional(z.int().check(z.minimum(0), z.maximum(FLIPS_TIMESTAMP_MAX))),
    end: z.optional(z.int().check(z.minimum(0), z.maximum(FLIPS_TIMESTAMP_MAX))),
  })
  .register(z.globalRegistry, { id: "FlipsQuery" });
/** Query parameters of list-flips. */
export type FlipsQuery = z.infer<typeof FlipsQuerySchema>;

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
