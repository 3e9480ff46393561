/**
 * The service's limits a test can set (body sizes, and the per-account
 * check and ping-log limits), with the one set of rules every way of
 * setting them applies: `FakeServer` options, `setLimits()`, project
 * creation, the CLI flags and the control API.
 * @module
 */

/** The service's limits a fake runs with. */
export interface ServiceLimits {
  /** Bytes kept of an HTTP ping body, announced in `Ping-Body-Limit`; `null` = unlimited. */
  pingBodyLimit: number | null;
  /** The framework's upload limit: the largest management or HTTP ping body, in bytes. */
  apiBodyLimit: number;
  /** Check limit of a new account (one a project creation makes without its own `checkLimit`). */
  checkLimit: number;
  /** Ping log limit of a new account (one a project creation makes without its own `pingLogLimit`). */
  pingLogLimit: number;
}

/** The limits of one account, shared by its projects. */
export interface AccountLimits {
  /** Checks the account may have across its projects. */
  checkLimit: number;
  /** Pings kept per check. */
  pingLogLimit: number;
}

/** What each limit must be, as the end of "`<name>` must be …". */
const RULES: Record<keyof ServiceLimits, { text: string; test: (value: unknown) => boolean }> = {
  pingBodyLimit: { text: "a non-negative integer or null", test: (value) => value === null || isCount(value, 0) },
  apiBodyLimit: { text: "a non-negative integer", test: (value) => isCount(value, 0) },
  checkLimit: { text: "a non-negative integer", test: (value) => isCount(value, 0) },
  pingLogLimit: { text: "a positive integer", test: (value) => isCount(value, 1) },
};

function isCount(value: unknown, min: number): boolean {
  return Number.isSafeInteger(value) && (value as number) >= min;
}

/** What is wrong with `value` as limit `name`, shown as `shown` (default: a number as it is, anything else as JSON); `undefined` when it is fine. */
export function limitProblem(name: keyof ServiceLimits, value: unknown, shown = typeof value === "number" ? String(value) : JSON.stringify(value)): string | undefined {
  const rule = RULES[name];
  return rule.test(value) ? undefined : `${name} must be ${rule.text}, not ${shown}`;
}

/**
 * The limits of `given` that are set, checked.
 * @throws RangeError naming the first one that breaks its rule.
 */
export function checkedLimits<T extends Partial<Record<keyof ServiceLimits, unknown>>>(given: T): T {
  for (const name of Object.keys(RULES) as (keyof ServiceLimits)[]) {
    if (given[name] === undefined) continue;
    const problem = limitProblem(name, given[name]);
    if (problem) throw new RangeError(problem);
  }
  return given;
}

/** The names of the limits, in a fixed order. */
export const LIMIT_NAMES = Object.keys(RULES) as readonly (keyof ServiceLimits)[];
