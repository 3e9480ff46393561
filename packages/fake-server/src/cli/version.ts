/**
 * The version `checks-fake-server --version` prints.
 * Kept in step with `packages/fake-server/package.json` (a test compares them).
 * @module
 */

/** The fake server package's version. */
export const FAKE_SERVER_VERSION = "0.1.0";
