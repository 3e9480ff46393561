#!/usr/bin/env node
/**
 * `checks-fake-server`: runs the fake as a local HTTP server.
 *
 * stdout gets what a user copies (the URL, the demo keys, a generated
 * control token, a `curl` line); stderr gets progress and errors. Exit
 * status 2 for bad options or an unusable state file, 1 for runtime errors,
 * 0 after SIGINT / SIGTERM / SIGHUP (the state is saved first).
 * @module
 */
import { listen, type RunningServer } from "./adapters/node-http.js";
import { parseCliArgs, UsageError, USAGE, type CliOptions } from "./cli/args.js";
import { controlAccess, type ControlAccess } from "./cli/control-access.js";
import { createDemo, type DemoProject } from "./cli/demo.js";
import { subcommandOf } from "./cli/subcommands.js";
import { checkStatePath, loadStateFile, StateFileError, StateFileSaver, type StateFileContent } from "./cli/state-file.js";
import { controlPrefix } from "./control/routes.js";
import { incomingHandlerOf, registerIncomingHandler } from "./http/incoming.js";
import { toResponse, type Reply } from "./http/reply.js";
import { FakeServer, type FakeServerOptions } from "./fake-server.js";

// The answer for the instant between binding the port and creating the fake.
const STARTING: Reply = { status: 503, headers: [], body: null };

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const say = (line = ""): void => void process.stdout.write(`${line}\n`);

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
    access = controlAccess(options, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`checks-fake-server: ${error.message}\nRun "checks-fake-server --help" for the options.`);
    return 2;
  }

  let saved: StateFileContent | undefined;
  let stateFile: string | undefined;
  if (options.state !== undefined) {
    try {
      stateFile = await checkStatePath(options.state);
      saved = await loadStateFile(stateFile);
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
  const server = await listen(target, { port: options.port, host: options.host });
  const url = publicUrl(server, options.host);
  fake = new FakeServer(fakeOptions(options, url, access));
  if (saved) fake.importState(saved);
  if (options.state !== undefined) log(saved ? `loaded state from ${options.state}` : `${options.state} does not exist yet: starting empty`);

  let demo: DemoProject | undefined;
  if (options.demo && !saved) demo = await createDemo(fake);
  else if (options.demo) log("--demo ignored: the state file already holds the projects");

  let saver: StateFileSaver | undefined;
  if (stateFile !== undefined) {
    saver = new StateFileSaver(stateFile, fake, options.clock, (message) => log(`checks-fake-server: ${message}`));
    await saver.save();
    saver.start();
  }

  // Ready to stop cleanly before the banner says the server is up: a script
  // may send its signal the moment it reads the first line.
  const stop = stopper(server, saver, options.state);
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(`${signal} received`));
  followNpm(stop);
  printBanner(fake, url, options.host, access, demo);
  return undefined;
}

function fakeOptions(options: CliOptions, url: string, access: ControlAccess): FakeServerOptions {
  const result: FakeServerOptions = {
    baseUrl: url,
    compat: options.compat,
    control: options.control && { token: access.token, allowedHosts: access.exposed ? ["*"] : [] },
    clock: { mode: options.clock },
  };
  if (options.seed !== undefined) result.seed = options.seed;
  return result;
}

/** The URL to print: a wildcard bind address is reached through `localhost`. */
function publicUrl(server: RunningServer, host: string): string {
  return host === "0.0.0.0" || host === "::" ? `http://localhost:${server.port}` : server.url;
}

function printBanner(fake: FakeServer, url: string, host: string, access: ControlAccess, demo: DemoProject | undefined): void {
  say(`Listening on ${url}`);
  const prefix = controlPrefix(fake);
  if (prefix === undefined) say("Remote control: off (--no-control)");
  else say(`Remote control: ${url}${prefix}`);
  // The one place the token is shown: a generated token is useless unless the user learns it.
  if (access.source === "generated") say(`  control token (generated): ${access.token ?? ""}`);
  if (access.source !== "none") say('  every control request needs "Authorization: Bearer <control token>"');
  if (access.exposed) {
    const guard = prefix === undefined ? "the remote control API is off" : "the remote control API requires the token";
    log(`--host ${host} is reachable beyond this machine: ${guard}`);
  }
  if (!demo) return;
  const { project, checks } = demo;
  say();
  say(`Demo project "${project.name}" (${project.id})`);
  say(`  read-write key: ${project.readWriteKey ?? "(none)"}`);
  say(`  read-only key:  ${project.readOnlyKey ?? "(none)"}`);
  say(`  ping key:       ${project.pingKey}`);
  say("  checks:");
  for (const check of checks) say(`    ${check.status.padEnd(7)} ${check.name}  ${url}/ping/${check.uuid}`);
  say();
  say("Try:");
  say(`  curl -H "X-Api-Key: ${project.readWriteKey ?? ""}" ${url}/api/v3/checks/`);
}

/** Stops the server and saves the state, once; a later request to stop (past the copy window) exits at once. */
function stopper(
  server: RunningServer,
  saver: StateFileSaver | undefined,
  stateFile: string | undefined,
): (reason: string) => void {
  let firstAt: number | undefined;
  return (reason) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < SIGNAL_COPY_WINDOW_MS) return;
      log(`${reason} again: exiting without waiting`);
      process.exit(1);
    }
    firstAt = Date.now();
    log(`${reason}: shutting down`);
    shutdown(server, saver, stateFile).then(
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

async function shutdown(server: RunningServer, saver: StateFileSaver | undefined, stateFile: string | undefined): Promise<void> {
  await server.close();
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
