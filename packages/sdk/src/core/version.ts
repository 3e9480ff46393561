/**
 * The SDK's version, sent in the default `User-Agent` (`checks-api-sdk/<version>`).
 * Kept in step with `packages/sdk/package.json` (a test compares them).
 * @category Clients
 */
export const SDK_VERSION = "0.1.0";
