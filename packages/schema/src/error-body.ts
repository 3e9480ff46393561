/**
 * The JSON error body of the management API as a zod schema (its texts are
 * in `errors.ts`, which stays free of zod).
 * @module
 */
import * as z from "zod/mini";

/** The JSON error body of the management API: exactly one member. */
export const ErrorBodySchema = z.object({ error: z.string() }).register(z.globalRegistry, { id: "ErrorBody" });
/** A JSON error body. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
