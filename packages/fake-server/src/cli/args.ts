/**
 * Command-line flags of `checks-fake-server`.
 * @module
 */
import { isIP } from "node:net";
import { COMPAT_MODES, type Compat } from "@checks-api/schema/lite";
import { limitProblem, type ServiceLimits } from "../model/limits.js";
import { attemptTimeoutProblem, emailDomainProblem, smtpRelayProblem } from "../options.js";
import { isVendorKind, VENDOR_KINDS, type VendorKind } from "../model/kinds/registry.js";
import { isHttpUrl } from "../model/notify/value-rules.js";
import { parseFlags, UsageError } from "./flags.js";

/** What the command line asked for. */
export interface CliOptions {
  /** TCP port; `0` picks a free one. */
  port: number;
  /** Interface to bind. */
  host: string;
  /** State file: loaded at start when it exists, kept up to date while running and written on exit. */
  state?: string;
  /** Seed or live behaviour where the two differ. */
  compat: Compat;
  /** Whether `--compat` was given (otherwise a state file's own mode wins over the default). */
  compatGiven: boolean;
  /** Seed of every generated identifier. */
  seed?: string;
  /** Serve the remote control API under `/__fake`. */
  control: boolean;
  /** Token the control API requires (`Authorization: Bearer …`); generated when binding beyond loopback without one. */
  controlToken?: string;
  /** Create the demo project at start. */
  demo: boolean;
  /** `real`: time passes as on the wall clock (still movable over the control API); `virtual`: it stands still until moved. */
  clock: "real" | "virtual";
  /** The service's limits given on the command line (`--ping-body-limit` and the like); the rest keep their defaults. */
  limits: Partial<ServiceLimits>;
  /** `send`: webhook and chat notifications go out over HTTP; `record`: they are only recorded in the outbox. */
  notifications: "send" | "record";
  /** Time limit of one delivery attempt, ms (`--attempt-timeout`); the fake's default when absent. */
  attemptTimeoutMs?: number;
  /** Base URLs that vendor kinds' requests (PagerDuty, Telegram, …) are sent to, from `--vendor-url <kind>=<url>`. */
  vendorUrls: Partial<Record<VendorKind, string>>;
  /** Port of the SMTP listener for email pings (`0`: a free one), or `undefined` for none. */
  smtpPort?: number;
  /** Domain of the email ping addresses. */
  emailDomain?: string;
  /** SMTP server (`smtp://host:port`) alert emails are also sent to. */
  smtpRelay?: string;
  /** Print the usage and exit. */
  help: boolean;
  /** Print the version and exit. */
  version: boolean;
}

const CLOCK_MODES = ["real", "virtual"] as const;
const NOTIFICATION_MODES = ["send", "record"] as const;

/** The usage text of `--help`. */
export const USAGE = `Usage: checks-fake-server [options]
       checks-fake-server verify --url <site root> [options]    (see verify --help)
       checks-fake-server import --url <site root> --out <file>  (see import --help)

An in-memory fake of the Checks Management API v3 (Healthchecks-compatible).

Options:
  --port <n>            TCP port to listen on (default 8000; 0 picks a free port)
  --host <addr>         interface to bind (default 127.0.0.1)
  --state <file>        load the state from <file> at start if it exists; save every change there
                        within a second, and on exit
  --compat <mode>       ${COMPAT_MODES.join(" | ")}: where the seed document and the live service differ (default seed, or the mode
                        a --state file was written in)
  --seed <value>        make every generated UUID and key reproducible
  --clock <mode>        ${CLOCK_MODES.join(" | ")}: "virtual" stands still until moved with POST /__fake/clock/advance (default real)
  --notifications <m>   ${NOTIFICATION_MODES.join(" | ")}: "send" delivers webhook and chat notifications over HTTP,
                        "record" only lists them at GET /__fake/notifications (default send)
  --attempt-timeout <n> ms one delivery attempt may take, connection and answer included; a
                        delivery makes up to 3 attempts (default 30000, the service's 30 s)
  --vendor-url <k>=<u>  send the requests of kind <k>, whose address its vendor fixes (${VENDOR_KINDS.join(", ")}),
                        to base URL <u> instead of only recording them; repeatable
  --smtp-port <n>       also take email pings over SMTP on this port (0 picks a free port), bound
                        to --host; off unless given
  --email-domain <d>    domain of the email ping addresses <uuid>@<d> and <ping key>+<slug>@<d>
                        (default hc.localhost)
  --smtp-relay <url>    also send every alert email to this SMTP server (smtp://host:port), such as a
                        mail catcher
  --control-token <t>   require "Authorization: Bearer <t>" on the remote control API (also read from
                        $CHECKS_FAKE_SERVER_CONTROL_TOKEN); generated and printed when --host is
                        not a loopback address and none is given
  --no-control          do not serve the remote control API under /__fake
  --demo                create a demo project with checks in several states (ignored when --state loads a file)
  --ping-body-limit <n> bytes kept of a ping body, announced in Ping-Body-Limit, or "none" (default 10000)
  --api-body-limit <n>  the framework's upload limit: largest management or ping body in bytes (default 2621440)
  --check-limit <n>     check limit of each new project's account (default 20)
  --ping-log-limit <n>  pings kept per check for each new project's account, at least 1 (default 100)
  -h, --help            show this help and exit
  --version             print the version and exit

Exit status: 0 after a clean shutdown (SIGINT / SIGTERM / SIGHUP), 1 on a runtime error,
2 on bad options (including a --host that is no address of this machine and a --port in use)
or an unusable state file.
`;

/** Parses `argv` (without the node and script paths). Throws {@link UsageError} on bad flags. */
export function parseCliArgs(argv: string[]): CliOptions {
  const values = parseFlags(argv, {
    port: { type: "string" },
    host: { type: "string" },
    state: { type: "string" },
    compat: { type: "string" },
    seed: { type: "string" },
    clock: { type: "string" },
    notifications: { type: "string" },
    "attempt-timeout": { type: "string" },
    "vendor-url": { type: "string", multiple: true },
    "smtp-port": { type: "string" },
    "email-domain": { type: "string" },
    "smtp-relay": { type: "string" },
    "control-token": { type: "string" },
    "no-control": { type: "boolean" },
    demo: { type: "boolean" },
    "ping-body-limit": { type: "string" },
    "api-body-limit": { type: "string" },
    "check-limit": { type: "string" },
    "ping-log-limit": { type: "string" },
    help: { type: "boolean", short: "h" },
    version: { type: "boolean" },
  });

  const options: CliOptions = {
    port: parsePort(values.port ?? "8000"),
    host: values.host ?? "127.0.0.1",
    compat: oneOf("--compat", values.compat ?? "seed", COMPAT_MODES),
    compatGiven: values.compat !== undefined,
    clock: oneOf("--clock", values.clock ?? "real", CLOCK_MODES),
    notifications: oneOf("--notifications", values.notifications ?? "send", NOTIFICATION_MODES),
    vendorUrls: parseVendorUrls(values["vendor-url"] ?? []),
    control: !values["no-control"],
    demo: values.demo ?? false,
    limits: {},
    help: values.help ?? false,
    version: values.version ?? false,
  };
  checkHost(options.host);
  for (const [flag, name] of LIMIT_FLAGS) {
    const text = values[flag];
    if (text !== undefined) options.limits[name] = parseLimit(flag, name, text) as never;
  }
  if (values.state !== undefined) {
    if (values.state === "") throw new UsageError("--state needs a file name");
    options.state = values.state;
  }
  if (values.seed !== undefined) options.seed = values.seed;
  if (values["attempt-timeout"] !== undefined) options.attemptTimeoutMs = parseAttemptTimeout(values["attempt-timeout"]);
  if (values["smtp-port"] !== undefined) options.smtpPort = parsePort(values["smtp-port"], "--smtp-port");
  if (values["email-domain"] !== undefined) {
    const problem = emailDomainProblem(values["email-domain"]);
    if (problem !== null) throw new UsageError(`--email-domain ${problem}`);
    options.emailDomain = values["email-domain"];
  }
  if (values["smtp-relay"] !== undefined) {
    const problem = smtpRelayProblem(values["smtp-relay"]);
    if (problem !== null) throw new UsageError(`--smtp-relay ${problem}`);
    options.smtpRelay = values["smtp-relay"];
  }
  if (values["control-token"] !== undefined) {
    if (values["control-token"] === "") throw new UsageError("--control-token must not be empty");
    if (!options.control) throw new UsageError("--control-token and --no-control contradict each other");
    options.controlToken = values["control-token"];
  }
  return options;
}

function parseVendorUrls(given: readonly string[]): Partial<Record<VendorKind, string>> {
  const urls: Partial<Record<VendorKind, string>> = {};
  for (const pair of given) {
    const equals = pair.indexOf("=");
    const kind = pair.slice(0, equals);
    const url = pair.slice(equals + 1);
    if (equals < 0 || !isVendorKind(kind)) throw new UsageError(`--vendor-url takes <kind>=<url> with a kind of ${VENDOR_KINDS.join(", ")}, not ${JSON.stringify(pair)}`);
    if (!isHttpUrl(url)) throw new UsageError(`--vendor-url ${kind}= needs an http or https URL, not ${JSON.stringify(url)}`);
    urls[kind] = url;
  }
  return urls;
}

// Four dotted numbers are meant as an IPv4 address: refused here rather than
// looked up as a host name, which fails later and less clearly.
function checkHost(host: string): void {
  if (host === "") throw new UsageError("--host must not be empty");
  if (/^\d+(?:\.\d+){3}$/.test(host) && isIP(host) !== 4) {
    throw new UsageError(`--host must be an IP address or a host name, not "${host}" (each part of an IPv4 address is 0 to 255)`);
  }
}

const LIMIT_FLAGS = [
  ["ping-body-limit", "pingBodyLimit"],
  ["api-body-limit", "apiBodyLimit"],
  ["check-limit", "checkLimit"],
  ["ping-log-limit", "pingLogLimit"],
] as const satisfies readonly (readonly [string, keyof ServiceLimits])[];

// A limit as the option of the same name takes it: decimal digits (or
// "none" for an unlimited ping body), checked by the option's own rule.
function parseLimit(flag: string, name: keyof ServiceLimits, text: string): number | null {
  const value = name === "pingBodyLimit" && text === "none" ? null : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  const problem = limitProblem(name, value, JSON.stringify(text));
  if (problem) throw new UsageError(`--${flag}: ${problem}`);
  return value;
}

function parseAttemptTimeout(text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const problem = attemptTimeoutProblem(value, JSON.stringify(text));
  if (problem !== null) throw new UsageError(`--attempt-timeout ${problem}`);
  return value;
}

function parsePort(text: string, flag = "--port"): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new UsageError(`${flag} must be a number from 0 to 65535, not "${text}"`);
  return port;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join(", ")}, not "${value}"`);
  }
  return value as T;
}
