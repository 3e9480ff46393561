/**
 * `examples/support/io.ts` as an example program run in the page imports
 * it: the same helpers, and `runIfScript` runs the program's `main()` at
 * once, printing to the run's console, with the page's environment (the
 * programs then use their demo fake) and no arguments. The runner waits
 * for `main()` to finish.
 * @module
 */
import type { Io } from "../../../examples/support/io.js";
import { currentRun } from "./run-context.js";

export * from "../../../examples/support/io.js";

/** The run's console, the page's environment, no arguments. */
export function processIo(): Io {
  const { console } = currentRun();
  return { print: (line) => console.log(line), env: { ...(globalThis as { process?: { env: Io["env"] } }).process?.env }, args: [] };
}

/** Runs `main` as the program's run in the page: it is always the script. */
export function runIfScript(_moduleUrl: string, main: (io: Io) => Promise<void>): void {
  currentRun().pending.push(main(processIo()));
}
