#!/usr/bin/env node
/**
 * `checks-fake-server`: runs the fake as a local HTTP server.
 *
 * stdout gets what a user copies (the URL, the demo keys, a `curl` line);
 * stderr gets progress and errors. Exit status 2 for bad options, 1 for
 * runtime errors, 0 after SIGINT / SIGTERM (the state is saved first).
 * @module
 */
import { listen, type RunningServer } from "./adapters/node-http.js";
import { parseCliArgs, UsageError, USAGE, type CliOptions } from "./cli/args.js";
import { createDemo, type DemoProject } from "./cli/demo.js";
import { loadStateFile, saveStateFile, type StateFileContent } from "./cli/state-file.js";
import { controlPrefix } from "./control/routes.js";
import { incomingHandlerOf, registerIncomingHandler } from "./http/incoming.js";
import { toResponse, type Reply } from "./http/reply.js";
import { FakeServer, type FakeServerOptions } from "./fake-server.js";

// The answer for the instant between binding the port and creating the fake.
const STARTING: Reply = { status: 503, headers: [], body: null };

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const say = (line = ""): void => void process.stdout.write(`${line}\n`);

/** Runs the CLI; resolves to an exit status, or `undefined` while the server keeps running. */
async function main(argv: string[]): Promise<number | undefined> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`checks-fake-server: ${error.message}\nRun "checks-fake-server --help" for the options.`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }

  const saved = options.state === undefined ? undefined : await loadStateFile(options.state);
  if (options.state !== undefined) log(saved ? `loaded state from ${options.state}` : `${options.state} does not exist yet: starting empty`);

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
  fake = new FakeServer(fakeOptions(options, url));
  if (saved) fake.importState(saved);

  let demo: DemoProject | undefined;
  if (options.demo && !saved) demo = await createDemo(fake);
  else if (options.demo) log("--demo ignored: the state file already holds the projects");

  printBanner(fake, url, demo);
  handleSignals(server, fake, options.state);
  return undefined;
}

function fakeOptions(options: CliOptions, url: string): FakeServerOptions {
  const result: FakeServerOptions = {
    baseUrl: url,
    compat: options.compat,
    control: options.control,
    clock: { mode: options.clock },
  };
  if (options.seed !== undefined) result.seed = options.seed;
  return result;
}

/** The URL to print: a wildcard bind address is reached through `localhost`. */
function publicUrl(server: RunningServer, host: string): string {
  return host === "0.0.0.0" || host === "::" ? `http://localhost:${server.port}` : server.url;
}

function printBanner(fake: FakeServer, url: string, demo: DemoProject | undefined): void {
  say(`Listening on ${url}`);
  const prefix = controlPrefix(fake);
  if (prefix !== undefined) say(`Remote control: ${url}${prefix}`);
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

function handleSignals(server: RunningServer, fake: FakeServer, stateFile: string | undefined): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received: shutting down`);
    shutdown(server, fake, stateFile).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`checks-fake-server: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function shutdown(server: RunningServer, fake: FakeServer, stateFile: string | undefined): Promise<void> {
  await server.close();
  if (stateFile === undefined) return;
  const state: StateFileContent = fake.exportState();
  await saveStateFile(stateFile, state);
  log(`state saved to ${stateFile}`);
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
