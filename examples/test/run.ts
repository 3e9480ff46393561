/**
 * Runs an example's `main()` in-process and collects what it prints.
 * @module
 */
import type { Io } from "../support/io.js";

/** The lines `main` printed, run with `args` and `env` (default: no CHECKS_* variables, so the demo fake). */
export async function run(main: (io: Io) => Promise<void>, args: string[] = [], env: Io["env"] = {}): Promise<string[]> {
  const lines: string[] = [];
  await main({ print: (line) => lines.push(line), env, args });
  return lines;
}
