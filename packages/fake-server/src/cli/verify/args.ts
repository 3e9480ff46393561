/**
 * Command line of `checks-fake-server verify`.
 * @module
 */
import { parseFlags } from "../flags.js";
import { API_KEY_VARIABLE, PING_KEY_VARIABLE, READONLY_KEY_VARIABLE, serviceAccess, type ServiceAccess } from "../service-url.js";

/** What `verify` was asked to do. */
export interface VerifyOptions extends ServiceAccess {
  /** Write the whole report as JSON on stdout (the table goes to stderr). */
  json: boolean;
  /** Print the usage and exit. */
  help: boolean;
}

/** The usage text of `verify --help`. */
export const VERIFY_USAGE = `Usage: checks-fake-server verify --url <site root> [options]

Runs one fixed scenario against the service at <site root> and against an in-process
fake in live mode, and reports every answer that differs. Safe on a production
project: it only creates checks under a tag of its own, never gives integrations to a
check that could go down, and deletes what it created, even when interrupted.

Environment:
  ${API_KEY_VARIABLE}            read-write API key of the project to run in (required)
  ${READONLY_KEY_VARIABLE}   its read-only key (the read-only steps are skipped without it)
  ${PING_KEY_VARIABLE}           its ping key (the slug ping steps are skipped without it)

Options:
  --url <site root>     the service, e.g. https://healthchecks.io (required)
  --ping-url <url>      the service's ping endpoint (default <site root>/ping/; for
                        https://healthchecks.io, https://hc-ping.com/)
  --json                write the whole report as JSON on stdout; the table goes to stderr
  -h, --help            show this help and exit

Exit status: 0 when every answer matched, 1 when some differ, 2 when the comparison could
not run (no key, the service unreachable, the key cannot write, the check limit reached,
interrupted).
`;

/** Parses the arguments after `verify`. Throws `UsageError` on bad flags or a missing `--url`. */
export function parseVerifyArgs(argv: string[], env: NodeJS.ProcessEnv): VerifyOptions {
  const values = parseFlags(argv, {
    url: { type: "string" },
    "ping-url": { type: "string" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return { url: "", pingUrl: "", apiKey: undefined, readOnlyKey: undefined, pingKey: undefined, json: false, help: true };
  return { ...serviceAccess(values, env), json: values.json ?? false, help: false };
}
