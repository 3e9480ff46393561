/**
 * How an example talks to the outside world: printed lines, environment and
 * arguments are passed in, so the same `main()` runs as a script and in tests.
 * @module
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** What an example reads and writes. */
export interface Io {
  /** Prints one line of output. */
  print: (line: string) => void;
  /** Environment variables (`CHECKS_API_URL`, `CHECKS_API_KEY`, …). */
  env: Record<string, string | undefined>;
  /** Command-line arguments after the script name. */
  args: string[];
}

/** The console, the process environment and the command line. */
export function processIo(): Io {
  return { print: (line) => console.log(line), env: process.env, args: process.argv.slice(2) };
}

/**
 * Runs `main` with the process's console, environment and arguments when the
 * module is the script `tsx` was started with (not when a test imports it).
 * A failure is printed and sets exit status 1.
 */
export function runIfScript(moduleUrl: string, main: (io: Io) => Promise<void>): void {
  const script = process.argv[1];
  if (script === undefined || resolve(script) !== fileURLToPath(moduleUrl)) return;
  main(processIo()).catch((error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    process.exitCode = 1;
  });
}

/** `text` padded with spaces to `width` characters. */
export function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** A duration in whole minutes as `2h 40m`, `5m`, `3d 1h`. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days}d` : "", hours ? `${hours}h` : "", rest || (!days && !hours) ? `${rest}m` : ""];
  return parts.filter(Boolean).join(" ");
}

/** How long ago `then` was, seen from `now`: `12m ago`, `never`. */
export function ago(then: string | null, now: Date): string {
  return then === null ? "never" : `${formatDuration(now.getTime() - Date.parse(then))} ago`;
}
