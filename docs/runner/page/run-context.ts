/**
 * What the runner hands the example it runs: its console, the work it
 * started that the run waits for (a program's `main()`), and the resolver
 * of the imports it names at run time. The example reads
 * its console on its first line; the in-page modules read both here.
 * @module
 */

/** The context of the run under way. */
export interface RunContext {
  /** The example's console: its lines go under the example. */
  console: Console;
  /** Promises the run waits for after the example's module has loaded. */
  pending: Promise<unknown>[];
  /** `import(name)` of a specifier the example computes at run time: an in-page module, or a rejection. */
  importModule(specifier: unknown): Promise<unknown>;
}

/** Where the example's first line finds its context. */
export const RUN_KEY = "checks-api.docs.run";

/** Makes `context` the current run's. */
export function startRun(context: RunContext): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(RUN_KEY)] = context;
}

/** The current run's context. */
export function currentRun(): RunContext {
  return (globalThis as Record<symbol, RunContext>)[Symbol.for(RUN_KEY)]!;
}
