/**
 * The commands of `checks-fake-server` besides running the server, by the
 * word that selects them. Each is loaded only when asked for: the server
 * needs none of them, and they bring in the SDK.
 * @module
 */
import type { CommandIo } from "./command-io.js";

/** A command: runs with the arguments after its word and resolves to the exit status. */
export type Subcommand = (argv: string[], io: CommandIo) => Promise<number>;

/** The commands, by their word. */
export const SUBCOMMANDS: Readonly<Record<string, () => Promise<Subcommand>>> = {
  verify: async () => (await import("./verify/command.js")).verifyCommand,
  import: async () => (await import("./import/command.js")).importCommand,
};

/** The command `argv` selects (its first word), with the arguments it takes; `undefined` for the server. */
export async function subcommandOf(argv: readonly string[]): Promise<{ run: Subcommand; args: string[] } | undefined> {
  const word = argv[0];
  if (word === undefined || !Object.hasOwn(SUBCOMMANDS, word)) return undefined;
  return { run: await (SUBCOMMANDS[word] as () => Promise<Subcommand>)(), args: argv.slice(1) };
}
