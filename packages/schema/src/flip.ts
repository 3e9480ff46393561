/**
 * Flips: changes of a check's status (`docs/reference.md#listing-flips`).
 * @module
 */
import * as z from "zod/mini";
import type { KnownMembers } from "./common.js";
import { TimestampSchema } from "./scalars.js";
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
