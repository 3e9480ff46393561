/**
 * `@checks-api/schema`: the wire format of the Checks Management API v3,
 * declared once with zod 4 (`zod/mini`, so that bundles keep only the
 * validators they use). The SDK and the fake server both consume it.
 * @module @checks-api/schema
 */
export * from "./limits.js";
export * from "./errors.js";
export * from "./error-body.js";
export * from "./common.js";
export * from "./scalars.js";
export * from "./timezones.js";
export * from "./check.js";
export * from "./check-helpers.js";
export * from "./ping.js";
export * from "./flip.js";
export * from "./flip-helpers.js";
export * from "./channel.js";
export * from "./badge.js";
export * from "./check-body.js";
export * from "./requests.js";
export * from "./compile.js";
export * from "./shape.js";
export * from "./shape-check.js";
export * from "./wire-shapes.js";
export * from "./wire-schemas.js";
