/**
 * `@checks-api/fake-server/matchers`: the fake server's matchers for any
 * runner with Jest's `expect.extend()` — Jest itself, or vitest without the
 * fixtures. Importing it registers nothing: pass {@link fakeServerMatchers}
 * to `expect.extend()` in a setup file. With `@types/jest`, their types
 * join `jest.Matchers`; vitest's types come with
 * `@checks-api/fake-server/vitest`.
 *
 * Guide: [testing with the fake server](../../../docs/testing.md#jest-and-other-runners).
 * @example
 * ```ts
 * // jest.setup.ts, listed in the Jest config's setupFilesAfterEnv
 * import { fakeServerMatchers } from "@checks-api/fake-server/matchers";
 * expect.extend(fakeServerMatchers);
 * ```
 * @module @checks-api/fake-server/matchers
 */
import type { FakeServerMatchers } from "./testing/matchers.js";

export {
  fakeServerMatchers,
  type FakeServerMatchers,
  type HandledExpectation,
  type MatcherContext,
  type MatcherResult,
  type MatcherUtils,
  type NotificationExpectation,
  type PingExpectation,
} from "./testing/matchers.js";

declare global {
  // Jest's global `expect` types (`@types/jest`) read `jest.Matchers`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // The type parameters must be Jest's own, for the declarations to merge.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> extends FakeServerMatchers<R> {}
  }
}
