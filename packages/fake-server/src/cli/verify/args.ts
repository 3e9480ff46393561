/**
 * Command line of `checks-fake-server verify`.
 * @module
 */
import { parseFlags, UsageError } from "../flags.js";
import { REQUEST_TIMEOUT_MS } from "./sides.js";
import { API_KEY_VARIABLE, PING_KEY_VARIABLE, READONLY_KEY_VARIABLE, serviceAccess, type ServiceAccess } from "../service-url.js";

/** The prefix of a run's tag, slugs and names (a random suffix makes each run's its own). */
export const RUN_PREFIX = "checks-api-verify";
/** A run's tag. */
const RUN_TAG = new RegExp(`^${RUN_PREFIX}-[0-9a-f]{8}$`);

/** What `verify` was asked to do. */
export interface VerifyOptions extends ServiceAccess {
  /** Write the whole report as JSON on stdout (the table goes to stderr). */
  json: boolean;
  /** How long one request to the service may take, in milliseconds. */
  timeoutMs: number;
  /** Delete the checks a run left behind under this tag, instead of running the scenario. */
  cleanUp: string | undefined;
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
  --timeout <seconds>   how long one request to the service may take, its answer's body
                        included (default ${REQUEST_TIMEOUT_MS / 1000})
  --clean-up <tag>      delete the checks an earlier run left behind under its tag
                        (${RUN_PREFIX}-…), and run nothing else
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
    timeout: { type: "string" },
    "clean-up": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const json = values.json ?? false;
  if (values.help) return { url: "", pingUrl: "", apiKey: undefined, readOnlyKey: undefined, pingKey: undefined, json, timeoutMs: REQUEST_TIMEOUT_MS, cleanUp: undefined, help: true };
  const cleanUp = values["clean-up"];
  if (cleanUp !== undefined && !RUN_TAG.test(cleanUp)) throw new UsageError(`--clean-up takes the tag of a verify run (${RUN_PREFIX}- and 8 hexadecimal digits), not ${JSON.stringify(cleanUp)}`);
  return { ...serviceAccess(values, env), json, timeoutMs: timeoutOf(values.timeout), cleanUp, help: false };
}

/** Longest `--timeout`, in seconds: an hour is more than any answer of the scenario needs. */
const MAX_TIMEOUT_S = 3_600;

function timeoutOf(text: string | undefined): number {
  if (text === undefined) return REQUEST_TIMEOUT_MS;
  const seconds = Number(text);
  if (text.trim() === "" || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_S) {
    throw new UsageError(`--timeout takes a number of seconds above 0 and at most ${MAX_TIMEOUT_S}, not ${JSON.stringify(text)}`);
  }
  return Math.ceil(seconds * 1000);
}
