/**
 * Faster parsing of the schemas where code generation is allowed.
 * @module
 */
import * as z from "zod/mini";

/**
 * `schema` with zod's ahead-of-time compiled fast path (`z.compile`, zod
 * 4.5 and later): the same results and the same errors (an invalid input
 * falls back to the regular parser), about three times faster on the check
 * representations. Returned unchanged when zod is configured `jitless` (no
 * code generation, as under a strict Content Security Policy) or too old to
 * compile. Only a bundle that imports it pays for zod's compiler (~7 KiB
 * min+gzip).
 */
export function compileSchema<S extends z.ZodMiniType>(schema: S): S {
  const compile = (z as { compile?: typeof z.compile }).compile;
  if (typeof compile !== "function" || z.config().jitless) return schema;
  return compile(schema);
}
