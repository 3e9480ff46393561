/**
 * Command line of `checks-fake-server import`.
 * @module
 */
import { parseFlags, UsageError } from "../flags.js";
import { API_KEY_VARIABLE, PING_KEY_VARIABLE, READONLY_KEY_VARIABLE, serviceAccess, type ServiceAccess } from "../service-url.js";

/** What `import` was asked to do. */
export interface ImportOptions extends ServiceAccess {
  /** The state file to write. */
  out: string;
  /** Print the usage and exit. */
  help: boolean;
}

/** The usage text of `import --help`. */
export const IMPORT_USAGE = `Usage: checks-fake-server import --url <site root> --out <state file>

Reads the project that ${API_KEY_VARIABLE} opens on the service at <site root> (its checks with
every field the API shows, their ping logs and flips, its integrations) and writes a state
file that "checks-fake-server --state <state file>" loads. The project keeps the key, so
code pointed at the fake needs only a new base URL. It only reads: nothing changes on the
service.

Environment:
  ${API_KEY_VARIABLE}     the project's read-write or read-only API key (required; a read-only
                     key sees no UUIDs, ping logs or integrations: what is missing is listed)
  ${PING_KEY_VARIABLE}    the project's ping key, kept for slug ping URLs (the API does not show it)
  ${READONLY_KEY_VARIABLE}  with a read-write key: the project's read-only key, kept too

Options:
  --url <site root>  the service, e.g. https://healthchecks.io (required)
  --out <file>       the state file to write (required; a new file is readable by its owner only)
  -h, --help         show this help and exit

Exit status: 0 when the state file was written, 1 on a runtime error, 2 when the import could
not run (no key, the key refused, the service unreachable, an unusable --out).
`;

/** Parses the arguments after `import`. Throws `UsageError` on bad flags, a missing `--url` or `--out`. */
export function parseImportArgs(argv: string[], env: NodeJS.ProcessEnv): ImportOptions {
  const values = parseFlags(argv, {
    url: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return { url: "", pingUrl: "", apiKey: undefined, readOnlyKey: undefined, pingKey: undefined, out: "", help: true };
  const access = serviceAccess(values, env);
  if (values.out === undefined || values.out === "") throw new UsageError("--out <state file> is required");
  return { ...access, out: values.out, help: false };
}
