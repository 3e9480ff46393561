/**
 * The string formats of the wire as zod schemas: timestamps and UUIDs.
 * @module
 */
import * as z from "zod/mini";
import { UUID_PATTERN } from "./common.js";

/**
 * A timestamp as the service prints it: ISO 8601 in UTC with an offset,
 * 0 to 6 fractional digits (`2020-03-24T14:02:03+00:00`,
 * `2020-03-24T14:02:03.123456+00:00`).
 */
export const TimestampSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/, {
      error: "is not an ISO 8601 timestamp",
    }),
  )
  .register(z.globalRegistry, { format: "date-time" });

/** Lowercase canonical UUID. */
export const UuidSchema = z
  .string()
  .check(z.regex(UUID_PATTERN, { error: "is not a lowercase UUID" }))
  .register(z.globalRegistry, { format: "uuid" });
