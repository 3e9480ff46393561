/**
 * Flag parsing shared by the CLI's commands: `node:util`'s strict parser,
 * with complaints of our own (exit status 2) instead of its text, which
 * speaks of positionals and of `--port=-XYZ`.
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** A command line that cannot be run: the CLI prints it and exits with status 2. */
export class UsageError extends Error {
  /** Creates the error with the message shown to the user. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Flags = NonNullable<ParseArgsConfig["options"]>;
type Strict<T extends Flags> = { args: string[]; strict: true; allowPositionals: false; options: T };

/** The flags' values of `argv` (no positional arguments allowed). */
export function parseFlags<const T extends Flags>(argv: string[], options: T): ReturnType<typeof parseArgs<Strict<T>>>["values"] {
  try {
    return parseArgs({ args: attachValues(argv, options), strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError(problemOf(error));
  }
}

// A flag that takes a value, followed by `-1` or another word that starts with
// a dash but is no flag, takes that word: the flag's own check then says what
// is wrong with it, as it would of `--port=-1`.
function attachValues(argv: string[], options: Flags): string[] {
  const isFlag = (word: string) =>
    word === "--" ||
    Object.entries(options).some(([name, option]) => word.split("=")[0] === `--${name}` || (option.short !== undefined && word === `-${option.short}`));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    const takesValue = word.startsWith("--") && !word.includes("=") && options[word.slice(2)]?.type === "string";
    if (takesValue && next !== undefined && next.startsWith("-") && !isFlag(next)) {
      out.push(`${word}=${next}`);
      i++;
    } else {
      out.push(word);
    }
  }
  return out;
}

const HELP = "(--help lists the options)";

// The parser's complaint, said in the CLI's words.
function problemOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quoted} ${HELP}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${quoted}": every option starts with -- ${HELP}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const flag = quoted.split(" ")[0] ?? quoted;
      return /does not take an argument/.test(message) ? `${flag} takes no value` : `${flag} needs a value`;
    }
    default:
      return message;
  }
}
