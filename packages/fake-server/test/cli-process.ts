/**
 * Running the CLI in a child process for the CLI tests: from source through
 * tsx, with its output collected.
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository root, where `npm start` runs. */
export const root = fileURLToPath(new URL("../../..", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

/** A running (or finished) CLI process. */
export interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** The exit status, or `null` when a signal ended it. */
  exit: Promise<number | null>;
}

/** Runs `command` with `args`, collecting its output. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Run {
  const child = spawn(command, args, { cwd: root, ...options, stdio: "pipe" }) as ChildProcessWithoutNullStreams;
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Runs the CLI from source with `args`. */
export function start(args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  return run(process.execPath, ["--import", "tsx", cli, ...args], { env });
}

/** Waits until stdout holds a complete line matching `pattern`. */
export async function waitFor(run: Run, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = run.stdout().match(pattern);
    if (match && run.stdout().slice(match.index).includes("\n")) return match;
    const exited = await Promise.race([run.exit.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);
    if (exited) throw new Error(`CLI exited early.\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`);
  }
}

/** The URL the CLI printed. */
export async function listening(run: Run): Promise<string> {
  return (await waitFor(run, /^Listening on (http:\/\/\S+)$/m))[1]!;
}

/**
 * Whether anything still answers at `url`. A stopped server refuses at once;
 * a live one on a busy machine can take seconds to answer its first request.
 */
export async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/api/v3/status/`, { signal: AbortSignal.timeout(15_000) }).then(
    () => true,
    () => false,
  );
}
