/**
 * `checks-fake-server import`: checks the output path, reads the project
 * off the service, builds the state document, checks it as `--state` will,
 * and writes it (a new file private to its owner). It prints what it
 * imported and what it could not; the key goes into the state file only.
 * @module
 */
import { ChecksApiError, ConnectionError, ResponseTooLargeError, TimeoutError } from "@checks-api/sdk";
import { validateState } from "../../model/state-validation.js";
import { UsageError } from "../flags.js";
import type { CommandIo } from "../command-io.js";
import { printableMessage } from "../printable.js";
import { API_KEY_VARIABLE } from "../service-url.js";
import { checkStatePath, stateFileContent, StateFileError, writeStateFile } from "../state-file.js";
import { IMPORT_USAGE, parseImportArgs, type ImportOptions } from "./args.js";
import { IMPORT_LIMITS, limitedTransport, MIB } from "./limits.js";
import { KeyRefusedError, readProject, type ProjectSnapshot } from "./read.js";
import { importedState } from "./state.js";

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs `import` with the arguments after the word `import`; resolves to the exit status. */
export async function importCommand(argv: string[], io: CommandIo): Promise<number> {
  let secrets: (string | undefined)[] = [];
  // What the service said is printed with its control characters escaped and any key masked.
  const fail = (message: string, status = 2) => {
    io.err(`checks-fake-server import: ${printableMessage(message, secrets)}\n`);
    return status;
  };
  let options: ImportOptions;
  try {
    options = parseImportArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return fail(`${error.message}\nRun "checks-fake-server import --help" for the options.`);
  }
  if (options.help) {
    io.out(IMPORT_USAGE);
    return 0;
  }
  const { apiKey } = options;
  secrets = [apiKey, options.readOnlyKey, options.pingKey];
  if (apiKey === undefined) return fail(`${API_KEY_VARIABLE} is not set: import needs an API key of the project to read`);

  let file: string;
  try {
    file = await checkStatePath(options.out, "--out");
  } catch (error) {
    if (error instanceof StateFileError) return fail(error.message);
    throw error;
  }

  let snapshot: ProjectSnapshot;
  try {
    const transport = limitedTransport(IMPORT_LIMITS, [apiKey]);
    snapshot = await readProject({ apiKey, baseUrl: options.url, transport, maxResponseBytes: IMPORT_LIMITS.answerBytes }, (message) => io.err(`${message}\n`));
  } catch (error) {
    if (error instanceof ResponseTooLargeError) {
      return fail(`the service's answer to ${error.method} ${error.path} is larger than ${IMPORT_LIMITS.answerBytes / MIB} MiB, more than import reads`);
    }
    if (error instanceof KeyRefusedError) return fail(`${error.message}: ${API_KEY_VARIABLE} must be an API key of a project on ${options.url}`);
    if (error instanceof ConnectionError || error instanceof TimeoutError) return fail(`could not reach the service at ${options.url}: ${error.message}`);
    // The SDK's messages name the option or the request, never the key.
    if (error instanceof ChecksApiError || error instanceof TypeError) return fail(reason(error));
    throw error;
  }

  const { state, missing, counts } = importedState(snapshot, { apiKey, readOnlyKey: options.readOnlyKey, pingKey: options.pingKey }, options.url);
  try {
    validateState(state);
  } catch (error) {
    return fail(`the service's project does not fit a state document: ${reason(error)}`, 1);
  }
  // Marked live: what it holds is what the live service shows, and the server serves it so without --compat.
  await writeStateFile(file, stateFileContent(state, "live"));
  io.out(
    `Imported ${counts.checks} checks, ${counts.pings} pings, ${counts.flips} flips and ${counts.integrations} integrations from ${options.url} into ${options.out}\n`,
  );
  for (const line of missing) io.out(`  not imported: ${line}\n`);
  io.out(`Run: checks-fake-server --state ${options.out}   (in live mode, as the file says)\n`);
  return 0;
}
