/**
 * `checks-fake-server verify`: checks the service before anything is
 * created (the key, the address, that the key can write), sets up the fake
 * in live mode with the service's integrations, runs the scenario, cleans
 * up, and prints the table, the summary and, with `--json`, the report.
 * @module
 */
import { randomBytes } from "node:crypto";
import { AuthenticationError, ChecksApiError, ChecksClient, ConnectionError, TimeoutError, type Channel } from "@checks-api/sdk";
import { isKnownChannelKind, READ_ONLY_KEY_PREFIX, type Compat } from "@checks-api/schema";
import { FakeServer } from "../../fake-server.js";
import { UsageError } from "../flags.js";
import { API_KEY_VARIABLE } from "../service-url.js";
import type { CommandIo } from "../command-io.js";
import { escapeControls, printableMessage } from "../printable.js";
import { parseVerifyArgs, RUN_PREFIX, VERIFY_USAGE, type VerifyOptions } from "./args.js";
import { Cleanup } from "./cleanup.js";
import { TablePrinter, type Outcome, type StepReport, type VerifyReport } from "./report.js";
import { runSteps, type RunResult } from "./run.js";
import { SCENARIO } from "./scenario.js";
import { abortableSleep, fakeSend, serviceSend, Side } from "./sides.js";

/** Exit statuses of `verify`. */
export const VERIFY_EXIT = { same: 0, differ: 1, "could not run": 2 } as const satisfies Record<Outcome, number>;

/** 429 answers waited out per request, and the longest wait accepted, in milliseconds. */
const RATE_LIMIT = { maxWaits: 5, maxWaitMs: 120_000, defaultWaitMs: 5_000 };

/** Signals that interrupt a run (it then cleans up before exiting). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** Repeats of a signal this soon after the first are copies of it. */
const SIGNAL_COPY_WINDOW_MS = 1_000;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The service's integrations, which also proves the key reaches it and can write (read-only keys cannot list them). */
async function preflight(client: ChecksClient, options: VerifyOptions): Promise<Channel[] | string> {
  try {
    return await client.channels.list();
  } catch (error) {
    if (error instanceof ConnectionError || error instanceof TimeoutError) return `could not reach the service at ${options.url}: ${error.message}`;
    if (error instanceof AuthenticationError) {
      return `the service refused ${API_KEY_VARIABLE} (${error.errorText ?? error.status ?? "401"}): verify needs the read-write API key of a project`;
    }
    if (error instanceof ChecksApiError) return `the service at ${options.url} did not answer as the Checks API does: ${error.message}`;
    throw error;
  }
}

/**
 * An in-process fake: live mode (the one compared) or seed mode (to tell
 * whether the service answers like a fake in seed mode) at its default
 * site root (the service's may have a path the fake does not serve under;
 * the normaliser takes both roots out), one project with the service's
 * integrations (new ids).
 */
function fakeSide(integrations: readonly Channel[], compat: Compat): Side {
  const fake = new FakeServer({ compat, control: false, clock: { mode: "real" } });
  // Room for every check the scenario creates, whatever the service's plan allows.
  const project = fake.createProject({ name: "verify", checkLimit: 1_000 });
  // A kind this version does not know (one the service added later) cannot be made; the comparison shows it missing.
  for (const { kind, name } of integrations) if (isKnownChannelKind(kind)) fake.addChannel(project.id, { kind, name });
  const keys = { readWrite: project.readWriteKey ?? "", readOnly: project.readOnlyKey ?? undefined, ping: project.pingKey };
  const site = fake.options.baseUrl;
  return new Side("fake", site, `${site}/ping/`, keys, fakeSend(fake));
}

/** Runs `verify` with the arguments after the word `verify`; resolves to the exit status. */
export async function verifyCommand(argv: string[], io: CommandIo): Promise<number> {
  const steps = SCENARIO;
  let options: VerifyOptions;
  try {
    options = parseVerifyArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`checks-fake-server verify: ${error.message}\nRun "checks-fake-server verify --help" for the options.\n`);
    return 2;
  }
  if (options.help) {
    io.out(VERIFY_USAGE);
    return 0;
  }
  const { apiKey } = options;
  // Whatever came from the service is printed with its control characters escaped and any key masked.
  const secrets = [apiKey, options.readOnlyKey, options.pingKey];
  const printable = (text: string) => printableMessage(text, secrets);
  const fail = (message: string) => {
    io.err(`checks-fake-server verify: ${printable(message)}\n`);
    return VERIFY_EXIT["could not run"];
  };
  if (apiKey === undefined) return fail(`${API_KEY_VARIABLE} is not set: verify needs the read-write API key of a project on the service`);
  if (apiKey.startsWith(READ_ONLY_KEY_PREFIX)) return fail(`${API_KEY_VARIABLE} is a read-only key: verify creates checks, so it needs the project's read-write key`);

  let client: ChecksClient;
  try {
    client = new ChecksClient({ apiKey, baseUrl: options.url, pingEndpoint: options.pingUrl, timeout: options.timeoutMs });
  } catch (error) {
    // The SDK's messages name the option, never the key's value.
    return fail(reason(error));
  }
  const cleanupCommand = `checks-fake-server verify --url ${options.url}${options.pingUrl === `${options.url}/ping/` ? "" : ` --ping-url ${options.pingUrl}`} --clean-up`;
  const table = new TablePrinter((line) => (options.json ? io.err : io.out)(`${escapeControls(line)}\n`));
  if (options.cleanUp !== undefined) return cleanUpCommand(client, options.cleanUp, `${cleanupCommand} ${options.cleanUp}`, table, printable);
  const integrations = await preflight(client, options);
  if (typeof integrations === "string") return fail(integrations);

  const tag = `${RUN_PREFIX}-${randomBytes(4).toString("hex")}`;
  const names = { tag, prefix: tag };
  const cleanup = new Cleanup();
  const interrupt = new AbortController();
  const service = new Side(
    "service",
    options.url,
    options.pingUrl,
    { readWrite: apiKey, readOnly: options.readOnlyKey, ping: options.pingKey },
    serviceSend(
      { ...RATE_LIMIT, sleep: abortableSleep, onWait: (ms) => io.err(`the service answered 429: waiting ${Math.ceil(ms / 1000)} s as it asked\n`) },
      undefined,
      options.timeoutMs,
    ),
  );
  const fake = fakeSide(integrations, "live");
  const seedFake = fakeSide(integrations, "seed");

  // A first signal stops the run after cleaning up; another one during the cleanup exits at once,
  // unless it comes within a second of the first: one Ctrl-C reaches a command run by npm twice.
  let cleaning = false;
  let firstAt: number | undefined;
  const onSignal = (signal: string) => {
    if (firstAt !== undefined && Date.now() - firstAt < SIGNAL_COPY_WINDOW_MS) return;
    if (!cleaning) {
      firstAt = Date.now();
      io.err(`${signal} received: stopping, then deleting the checks the run created\n`);
      interrupt.abort(new Error("interrupted"));
      return;
    }
    io.err(`${signal} received again: exiting without cleaning up; checks left on the service under the tag ${names.tag}: ${cleanup.pending.join(", ")}\n`);
    process.exit(VERIFY_EXIT["could not run"]);
  };
  const handlers = STOP_SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);

  const startedAt = new Date().toISOString();
  table.heading(options.url, names.tag);
  let result: RunResult;
  try {
    result = await runSteps(steps, { service, fake, seedFake, names, cleanup, signal: interrupt.signal, onStep: (step) => table.step(step) });
  } catch (error) {
    result = { steps: [], stopped: `the run failed: ${reason(error)}` };
  } finally {
    cleaning = true;
  }
  const cleaned = await cleanup.run(client, names.tag);
  for (const [signal, handler] of handlers) process.off(signal, handler);

  const count = (kind: StepReport["result"]) => result.steps.filter((step) => step.result === kind).length;
  const differ = count("differ");
  const leftSome = cleaned.left.length > 0 || cleaned.unlisted !== undefined;
  const outcome: Outcome = result.stopped !== undefined || leftSome ? "could not run" : differ > 0 ? "differ" : "same";
  const report: VerifyReport = {
    version: 2,
    site: options.url,
    tag: names.tag,
    startedAt,
    outcome,
    summary: { steps: steps.length, same: count("same"), differ, skipped: count("skipped"), notRun: steps.length - result.steps.length },
    steps: result.steps,
    cleanup: cleaned,
  };
  if (result.stopped !== undefined) report.problem = printable(result.stopped);
  if (leftSome) report.cleanupCommand = `${cleanupCommand} ${names.tag}`;
  if (cleaned.unlisted !== undefined) cleaned.unlisted = printable(cleaned.unlisted);
  // Most steps differ from live mode and far fewer from seed mode: the service is most likely a fake started without --compat live.
  if (result.seedDiffer !== undefined && differ > 0 && result.seedDiffer * 2 < differ) report.likeSeedMode = { differ: result.seedDiffer };
  table.summary(report);
  // Line by line: JSON.stringify leaves C1 controls and bidirectional marks raw inside strings.
  if (options.json) io.out(`${JSON.stringify(report, null, 2).split("\n").map(escapeControls).join("\n")}\n`);
  return VERIFY_EXIT[outcome];
}

/** `verify --clean-up <tag>`: deletes the checks a run left behind under its tag. */
async function cleanUpCommand(client: ChecksClient, tag: string, command: string, table: TablePrinter, printable: (text: string) => string): Promise<number> {
  const cleaned = await new Cleanup().run(client, tag);
  if (cleaned.unlisted !== undefined) cleaned.unlisted = printable(cleaned.unlisted);
  table.cleanup(cleaned, tag, command);
  return cleaned.left.length > 0 || cleaned.unlisted !== undefined ? VERIFY_EXIT["could not run"] : VERIFY_EXIT.same;
}
