/**
 * `node:assert` as the examples use it in the page: its strict mode's
 * `equal`, `deepEqual`, `ok`, `match`, `throws` and `rejects`, failing with
 * an `AssertionError` that shows both values.
 * @module
 */
import { formatValue } from "../format.js";

/** A failed assertion, named as Node names it. */
export class AssertionError extends Error {
  override name = "AssertionError";
}

function fail(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

function deepStrictEqual(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== "object" || typeof expected !== "object" || actual === null || expected === null) return false;
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return false;
  if (actual instanceof Date) return actual.getTime() === (expected as Date).getTime();
  if (actual instanceof Map || actual instanceof Set) return deepStrictEqual([...actual], [...(expected as Map<unknown, unknown>)]);
  const keys = Object.keys(actual);
  if (keys.length !== Object.keys(expected).length) return false;
  return keys.every((key) => Object.hasOwn(expected, key) && deepStrictEqual((actual as never)[key], (expected as never)[key]));
}

function errorMatches(error: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (typeof expected === "function") return error instanceof (expected as new () => unknown);
  if (expected instanceof RegExp) return expected.test(String(error instanceof Error ? error.message : error));
  return typeof expected === "object" && expected !== null && Object.entries(expected).every(([key, value]) => deepStrictEqual((error as never)[key], value));
}

/** Node's strict assertions. */
export const strict = {
  ok(value: unknown, message?: string | Error): asserts value {
    if (!value) fail(message, `The expression evaluated to a falsy value: ${formatValue(value)}`);
  },
  equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
    if (!Object.is(actual, expected)) fail(message, `Expected values to be strictly equal:\n\n${formatValue(actual)} !== ${formatValue(expected)}`);
  },
  notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
    if (Object.is(actual, expected)) fail(message, `Expected "actual" to be strictly unequal to: ${formatValue(expected)}`);
  },
  deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
    if (!deepStrictEqual(actual, expected)) {
      fail(message, `Expected values to be strictly deep-equal:\nactual: ${formatValue(actual)}\nexpected: ${formatValue(expected)}`);
    }
  },
  match(value: string, pattern: RegExp, message?: string | Error): void {
    if (!pattern.test(value)) fail(message, `The input did not match the regular expression ${pattern}. Input: ${formatValue(value)}`);
  },
  throws(block: () => unknown, expected?: unknown, message?: string | Error): void {
    try {
      block();
    } catch (error) {
      if (!errorMatches(error, expected)) throw error;
      return;
    }
    fail(message, "Missing expected exception.");
  },
  async rejects(promise: Promise<unknown> | (() => Promise<unknown>), expected?: unknown, message?: string | Error): Promise<void> {
    try {
      await (typeof promise === "function" ? promise() : promise);
    } catch (error) {
      if (!errorMatches(error, expected)) throw error;
      return;
    }
    fail(message, "Missing expected rejection.");
  },
};

export default strict;
