/**
 * Flag parsing shared by the CLI's commands: `node:util`'s strict parser,
 * whose complaints become {@link UsageError}s (exit status 2).
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./args.js";

/** The flags' values of `argv` (no positional arguments allowed). */
export function parseFlags<const T extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
