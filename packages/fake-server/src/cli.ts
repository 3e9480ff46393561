#!/usr/bin/env node
/**
 * `checks-fake-server`: runs the fake as a local HTTP server.
 *
 * stdout gets what a user copies (the URL, the demo keys, a generated
 * control token, a `curl` line); stderr gets progress and errors. Exit
 * status 2 for bad options or an unusable state file, 1 for runtime errors,
 * 0 after SIGINT / SIGTERM / SIGHUP (the state is saved first), and
 * after its output pipe was closed by the reader (`| head -3`).
 * @module
 */
import { lookup } from "node:dns/promises";
import { listen, type RunningServer } from "./adapters/node-http.js";
import { parseCliArgs, USAGE, type CliOptions } from "./cli/args.js";
import { UsageError } from "./cli/flags.js";
import { banner, publicUrl } from "./cli/banner.js";
import { controlAccess, type ControlAccess } from "./cli/control-access.js";
import { createDemo, type DemoProject } from "./cli/demo.js";
import { listenProblem } from "./cli/listen-problem.js";
import { FAKE_SERVER_VERSION } from "./cli/version.js";
import { subcommandOf } from "./cli/subcommands.js";
import type { StateFileContent, StateFileSaver } from "./cli/state-file.js";
import { controlPrefix } from "./control/routes.js";
import { incomingHandlerOf, registerIncomingHandler } from "./http/incoming.js";
import { toResponse, type Reply } from "./http/reply.js";
import { FakeServer, type FakeServerOptions } from "./fake-server.js";
import type { RunningSmtpServer } from "./smtp/listener.js";

// The answer for the instant between binding the port and creating the fake.
const STARTING: Reply = { status: 503, headers: [], body: null };

// Streams whose reader went away: nothing more is written to them.
const closed = new Set<NodeJS.WriteStream>();
const write = (stream: NodeJS.WriteStream, line: string): void => {
  if (!closed.has(stream)) stream.write(`${line}\n`);
};
const log = (line: string): void => write(process.stderr, line);
const say = (line = ""): void => write(process.stdout, line);

/** Signals that stop the server; SIGHUP is what a closing terminal sends. */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
// One Ctrl-C reaches the server from the terminal and again through npm:
// repeats this soon after the first signal are copies of it.
const SIGNAL_COPY_WINDOW_MS = 1_000;
// How often a server started by npm looks whether its parent is still there.
const PARENT_CHECK_MS = 500;

/** Runs the CLI; resolves to an exit status, or `undefined` while the server keeps running. */
async function main(argv: string[]): Promise<number | undefined> {
  const subcommand = await subcommandOf(argv);
  if (subcommand) return subcommand.run(subcommand.args, { env: process.env, out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) });
  let options: CliOptions;
  let access: ControlAccess;
  try {
    options = parseCliArgs(argv);
    if (options.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (options.version) {
      say(`checks-fake-server ${FAKE_SERVER_VERSION}`);
      return 0;
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`checks-fake-server: ${error.message}\nRun "checks-fake-server --help" for the options.`);
    return 2;
  }
  // The address --host names decides what the banner prints and whether
  // the server is reachable beyond this machine (`--host 0` is every interface).
  let address: string;
  try {
    address = (await lookup(options.host)).address;
    access = controlAccess({ ...options, host: address }, process.env);
  } catch (error) {
    const problem = error instanceof UsageError ? error.message : listenProblem(error, options);
    if (problem === undefined) throw error;
    log(`checks-fake-server: ${problem}`);
    return 2;
  }

  let saved: StateFileContent | undefined;
  let stateFile: string | undefined;
  // The state file's code loads only with --state.
  let stateFiles: typeof import("./cli/state-file.js") | undefined;
  if (options.state !== undefined) {
    stateFiles = await import("./cli/state-file.js");
    const { checkStatePath, compatOf, loadStateFile, removeStaleTemporaries, StateFileError } = stateFiles;
    try {
      stateFile = await checkStatePath(options.state);
      const stale = await removeStaleTemporaries(stateFile);
      if (stale.length > 0) log(`removed what saves killed mid-write left behind: ${stale.join(", ")}`);
      saved = await loadStateFile(stateFile);
      options.compat = compatOf(options.state, saved, options.compatGiven ? options.compat : undefined) ?? options.compat;
    } catch (error) {
      if (!(error instanceof StateFileError)) throw error;
      log(`checks-fake-server: ${error.message}`);
      return 2;
    }
  }

  // The fake's base URL must name the real port, which port 0 only reveals
  // once bound: the server starts first and forwards to the fake made right after.
  let fake: FakeServer | undefined;
  const target = { handle: (request: Request) => (fake ? fake.handle(request) : Promise.resolve(toResponse(STARTING))) };
  // The fake's internal entry point, so the server skips WHATWG objects as it does for a `FakeServer`.
  registerIncomingHandler(target, (incoming) => {
    const direct = fake && incomingHandlerOf(fake);
    return direct ? direct(incoming) : STARTING;
  });
  let server: RunningServer;
  try {
    server = await listen(target, { port: options.port, host: options.host });
  } catch (error) {
    const problem = listenProblem(error, options);
    if (problem === undefined) throw error;
    log(`checks-fake-server: ${problem}`);
    return 2;
  }
  const url = publicUrl(server.port, options.host, address);
  fake = new FakeServer(fakeOptions(options, url, access));
  if (saved) fake.importState(saved);
  if (options.state !== undefined) {
    const mode = saved?.compat !== undefined && !options.compatGiven ? ` (in ${saved.compat} mode, the file's)` : "";
    log(saved ? `loaded state from ${options.state}${mode}` : `${options.state} does not exist yet: starting empty`);
  }

  let demo: DemoProject | undefined;
  if (options.demo && !saved) demo = await createDemo(fake);
  else if (options.demo) log("--demo ignored: the state file already holds the projects");

  let smtp: RunningSmtpServer | undefined;
  if (options.smtpPort !== undefined) {
    try {
      smtp = await fake.listenSmtp({ port: options.smtpPort, host: options.host });
    } catch (error) {
      const problem = listenProblem(error, { host: options.host, port: options.smtpPort });
      if (problem === undefined) throw error;
      log(`checks-fake-server: --smtp-port: ${problem}`);
      await server.close();
      return 2;
    }
  }

  let saver: StateFileSaver | undefined;
  if (stateFile !== undefined && stateFiles !== undefined) {
    saver = new stateFiles.StateFileSaver(stateFile, fake, options.clock, (message) => log(`checks-fake-server: ${message}`));
    await saver.save();
    saver.start();
  }

  // Ready to stop cleanly before the banner says the server is up: a script
  // may send its signal the moment it reads the first line.
  const servers = { close: async () => void (await Promise.all([server.close(), smtp?.close()])) };
  const stop = stopper(servers, saver, options.state, fake);
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(`${signal} received`));
  followNpm(stop);
  stopWhenOutputCloses(stop);
  const lines = banner({
    url,
    controlPrefix: controlPrefix(fake),
    host: options.host,
    access,
    demo,
    projects: (saved?.projects ?? []).map((project) => ({ ...project, checks: saved!.checks.filter((check) => check.project === project.id).length })),
    smtp: smtp && { url: publicUrl(smtp.port, options.host, address).replace(/^http:/, "smtp:"), domain: fake.options.pingEmailDomain },
  });
  lines.err.forEach(log);
  lines.out.forEach(say);
  return undefined;
}

function fakeOptions(options: CliOptions, url: string, access: ControlAccess): FakeServerOptions {
  const result: FakeServerOptions = {
    baseUrl: url,
    compat: options.compat,
    control: options.control && { token: access.token, allowedHosts: access.exposed ? ["*"] : [] },
    clock: { mode: options.clock },
    notifications: { delivery: options.notifications, attemptTimeoutMs: options.attemptTimeoutMs, vendorUrls: options.vendorUrls, smtpRelay: options.smtpRelay },
  };
  if (options.seed !== undefined) result.seed = options.seed;
  if (options.emailDomain !== undefined) result.pingEmailDomain = options.emailDomain;
  Object.assign(result, options.limits);
  return result;
}

// A reader that stops early (`| head -3`) closes the pipe: nothing is
// written there any more, and the server stops as if signalled, without a
// word, since whoever started it is no longer listening.
function stopWhenOutputCloses(stop: (reason: string | undefined) => void): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      closed.add(stream);
      stop(undefined);
    });
  }
}

/**
 * Stops the server and saves the state, once; a later signal (past the copy
 * window) exits at once. `undefined` stops without a word and never hurries
 * a stop under way.
 */
function stopper(
  server: Pick<RunningServer, "close">,
  saver: StateFileSaver | undefined,
  stateFile: string | undefined,
  fake: FakeServer,
): (reason: string | undefined) => void {
  let firstAt: number | undefined;
  return (reason) => {
    if (firstAt !== undefined) {
      if (reason === undefined || Date.now() - firstAt < SIGNAL_COPY_WINDOW_MS) return;
      log(`${reason} again: exiting without waiting`);
      process.exit(1);
    }
    firstAt = Date.now();
    if (reason !== undefined) log(`${reason}: shutting down`);
    shutdown(server, saver, stateFile, fake).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`checks-fake-server: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
}

// Run by npm (`npx`, `npm exec`, a package script), the server is the child of
// a shell that npm signals and that may die without passing the signal on.
// Left alone it would live on as an orphan holding its port, so when its
// parent goes it stops as if signalled. Outside npm a detached server
// (`nohup … &`) is what the user asked for, and is left running.
function followNpm(stop: (reason: string) => void): void {
  if (process.env["npm_command"] === undefined) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop("npm, the parent process, exited");
  }, PARENT_CHECK_MS).unref();
}

async function shutdown(server: Pick<RunningServer, "close">, saver: StateFileSaver | undefined, stateFile: string | undefined, fake: FakeServer): Promise<void> {
  await server.close();
  // A hanging webhook receiver must not hold the exit; the aborted deliveries are saved as such.
  await fake.close();
  if (saver === undefined) return;
  await saver.stop();
  log(`state saved to ${stateFile ?? ""}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
  (error: unknown) => {
    log(`checks-fake-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
