/**
 * `@checks-api/schema`: the wire format of the Checks Management API v3,
 * declared once with zod 4 (`zod/mini`, so that bundles keep only the
 * validators they use). The SDK and the fake server both consume it; the
 * zod-free part is also its own entry, `@checks-api/schema/lite`.
 * @module @checks-api/schema
 */
export * from "./lite.js";
export * from "./error-body.js";
export * from "./scalars.js";
export * from "./check.js";
export * from "./ping.js";
export * from "./flip.js";
export * from "./channel.js";
export * from "./badge.js";
export * from "./requests.js";
export * from "./wire-schemas.js";
