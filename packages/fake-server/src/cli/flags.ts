/**
 * Flag parsing shared by the CLI's commands: `node:util`'s strict parser,
 * whose complaints become {@link UsageError}s (exit status 2).
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./args.js";

type Flags = NonNullable<ParseArgsConfig["options"]>;
type Strict<T extends Flags> = { args: string[]; strict: true; allowPositionals: false; options: T };

/** The flags' values of `argv` (no positional arguments allowed). */
export function parseFlags<const T extends Flags>(argv: string[], options: T): ReturnType<typeof parseArgs<Strict<T>>>["values"] {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
