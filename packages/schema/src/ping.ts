/**
 * The ping log (`docs/reference.md#the-ping-log`).
 * @module
 */
import * as z from "zod/mini";
import type { KnownMembers } from "./common.js";
import { TimestampSchema } from "./scalars.js";
import { PING_TYPES } from "./limits.js";

/** One entry of a check's ping log. */
export const PingSchema = z
  .looseObject({
    type: z.enum(PING_TYPES),
    date: TimestampSchema,
    n: z.int().check(z.minimum(1)),
    scheme: z.string(),
    remote_addr: z.nullable(z.string()),
    method: z.string(),
    ua: z.string(),
    rid: z.nullable(z.string()),
    body_url: z.nullable(z.string()),
    /** Seconds since the matching start signal, rounded to 2 decimals; only on some success/fail entries. */
    duration: z.optional(z.number()),
  })
  .register(z.globalRegistry, { id: "Ping" });
/** A logged ping. */
export type Ping = KnownMembers<z.infer<typeof PingSchema>>;

/** `GET /api/v3/checks/{uuid}/pings/`: newest first. */
export const PingListSchema = z.looseObject({ pings: z.array(PingSchema) }).register(z.globalRegistry, { id: "PingList" });
/** The list-pings answer. */
export type PingList = { pings: Ping[] };

/** The signal a ping URL sends. `exitStatus` covers `/{0-255}`. */
export const PING_SIGNALS = ["success", "start", "fail", "log"] as const;
/** A ping signal named by a URL suffix. */
export type PingSignal = (typeof PING_SIGNALS)[number];
