/**
 * The CLI's `--state` file: checked at start, read once, then kept up to
 * date while the server runs (within about a second of every change) and
 * written a last time at shutdown. The file carries the compat mode of the
 * fake that wrote it. Every write is atomic and durable: a
 * temporary file is written, flushed to disk and renamed over the file, so
 * that a crash or a SIGKILL leaves either the previous document or the new
 * one, never a mix.
 * @module
 */
import { lstat, open, readdir, readFile, readlink, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { COMPAT_MODES, type Compat } from "@checks-api/schema/lite";
import type { FakeServer } from "../fake-server.js";
import { validateState } from "../model/state-validation.js";

/**
 * The fake's state as stored in the file, with the compat mode of the fake
 * that wrote it (absent in files written before it was kept): a file
 * imported from the live service is served in live mode without `--compat`.
 */
export type StateFileContent = ReturnType<FakeServer["exportState"]> & { compat?: Compat };

/** A state file the CLI cannot use; it exits with status 2 and this message, leaving the file as it is. */
export class StateFileError extends Error {
  /** Creates the error with the message shown to the user. */
  constructor(message: string) {
    super(message);
    this.name = "StateFileError";
  }
}

/** How often the running server looks for changes to save, in milliseconds. */
export const SAVE_INTERVAL_MS = 1_000;

/** Mode of a state file the server creates: read and write for its owner only. */
const PRIVATE_MODE = 0o600;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const temporaryOf = (file: string): string => `${file}.${process.pid}.tmp`;

// Enough for any real chain of links; more means a loop.
const MAX_LINKS = 40;

/**
 * The file `file` stands for: itself, or the end of its chain of symbolic
 * links (which may not exist yet). Saves replace the file by renaming over
 * it, which would turn a link into a file and leave its target stale.
 */
async function linkTarget(file: string, flag: string): Promise<string> {
  let path = resolve(file);
  for (let links = 0; links < MAX_LINKS; links++) {
    const info = await lstat(path).catch(() => undefined);
    if (!info?.isSymbolicLink()) return path;
    path = resolve(dirname(path), await readlink(path));
  }
  throw new StateFileError(`cannot use ${flag} ${file}: too many levels of symbolic links`);
}

/**
 * Checks that `file` can be used before the server starts: its directory
 * exists and is writable (proved by creating and removing the temporary
 * file the saves use), and the file, if it exists, is a regular file. A
 * symbolic link stands for the file it points to.
 * @param flag The option that named the file, for the messages.
 * @returns The path to read and save: `file`, or the file its links lead to.
 * @throws StateFileError saying what is wrong.
 */
export async function checkStatePath(file: string, flag = "--state"): Promise<string> {
  const target = await linkTarget(file, flag);
  const directory = dirname(target);
  const info = await stat(directory).catch(() => undefined);
  if (!info?.isDirectory()) throw new StateFileError(`cannot use ${flag} ${file}: directory ${directory} does not exist`);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isFile()) throw new StateFileError(`cannot use ${flag} ${file}: it is not a regular file`);
  const temporary = temporaryOf(target);
  try {
    // Not exclusive: a save cut short by a kill may have left this name behind, and a restart can get the same pid.
    await (await open(temporary, "w")).close();
  } catch (error) {
    throw new StateFileError(`cannot use ${flag} ${file}: cannot write in ${directory} (${reason(error)})`);
  }
  await rm(temporary, { force: true });
  return target;
}

// The part of a temporary's name after `<state file>.`: a process id as the saves write it.
const TEMPORARY_SUFFIX = /^([1-9][0-9]*)\.tmp$/;

/** Whether process `pid` exists (one of another user, which cannot be signalled, counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temporary files that saves of `file` (as {@link checkStatePath}
 * returned it) left behind when their process was killed mid-save: regular
 * files named exactly `<file>.<pid>.tmp` whose process no longer runs (one
 * that runs may be saving right now). Each may hold every key of a state.
 * Nothing else in the directory is touched.
 * @returns The names of the files removed.
 */
export async function removeStaleTemporaries(file: string): Promise<string[]> {
  const directory = dirname(file);
  const prefix = `${basename(file)}.`;
  const names = await readdir(directory).catch(() => []);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = TEMPORARY_SUFFIX.exec(name.slice(prefix.length))?.[1];
    // The pid of this process is its own: checkStatePath has just rewritten and removed that name.
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    const path = join(directory, name);
    if (!(await lstat(path).catch(() => undefined))?.isFile()) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * What a JSON parser said about a text, without the excerpt of the text
 * V8 quotes in some messages: a state file holds API keys.
 */
function parseProblem(error: unknown): string {
  const message = reason(error);
  return message.endsWith(" is not valid JSON") ? "an unexpected character (the text is not quoted here: it holds keys)" : message;
}

/**
 * The state document stored in `file`, checked as `FakeServer.importState`
 * checks it, or `undefined` when the file does not exist yet.
 * @throws StateFileError when the file is not a state document this fake reads (then it is never written).
 */
export async function loadStateFile(file: string): Promise<StateFileContent | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(`cannot read --state ${file}: ${reason(error)}`);
  }
  const refuse = (why: string): never => {
    throw new StateFileError(`${file} is not a state document this server can load (${why}); it was left untouched`);
  };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    refuse(`not JSON: ${parseProblem(error)}`);
  }
  let state: StateFileContent;
  try {
    state = validateState(document);
  } catch (error) {
    return refuse(reason(error));
  }
  if (state.compat !== undefined && !COMPAT_MODES.includes(state.compat)) refuse(`compat is not one of ${COMPAT_MODES.join(", ")}`);
  return state;
}

/**
 * The compat mode to serve a loaded state file in: the file's own, unless
 * `--compat` asked for another, which is refused (a file written in live
 * mode holds what the live service shows, and seed mode would show it
 * otherwise).
 * @param given The `--compat` given on the command line, if any.
 * @throws StateFileError when the two differ.
 */
export function compatOf(file: string, saved: StateFileContent | undefined, given: Compat | undefined): Compat | undefined {
  const written = saved?.compat;
  if (written === undefined || given === undefined || written === given) return written ?? given;
  throw new StateFileError(
    `${file} was written by a fake in ${written} mode${written === "live" ? " (as checks-fake-server import writes it)" : ""}, ` +
      `and --compat ${given} would serve it otherwise: leave --compat out, or give --compat ${written}`,
  );
}

/** What the saver reads of the fake. */
export type SavedFake = Pick<FakeServer, "revision" | "exportState" | "options">;

/**
 * Keeps `file` up to date with the fake: {@link StateFileSaver.save} writes
 * only when the state differs from what the file holds, and the saver calls
 * it every {@link SAVE_INTERVAL_MS} once started. Saves never overlap.
 */
export class StateFileSaver {
  readonly #file: string;
  readonly #fake: SavedFake;
  readonly #realClock: boolean;
  readonly #onError: (message: string) => void;
  #savedRevision: number | undefined;
  #savedKey: string | undefined;
  #queue: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #lastError: string | undefined;

  /**
   * @param file The state file.
   * @param fake The fake whose state it holds.
   * @param clock The fake's clock mode: a real clock's time is not a change worth a write (it is not restored on load).
   * @param onError Told (once per distinct message) when a periodic save fails; the next one retries.
   */
  constructor(file: string, fake: SavedFake, clock: "real" | "virtual", onError: (message: string) => void) {
    this.#file = file;
    this.#fake = fake;
    this.#realClock = clock === "real";
    this.#onError = onError;
  }

  /** Starts saving every {@link SAVE_INTERVAL_MS}; the timer does not keep the process alive. */
  start(): void {
    this.#timer = setInterval(() => {
      this.save().then(
        () => (this.#lastError = undefined),
        (error: unknown) => {
          const message = `could not save the state to ${this.#file}: ${reason(error)}`;
          if (message !== this.#lastError) this.#onError(message);
          this.#lastError = message;
        },
      );
    }, SAVE_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Stops the timer and writes the state a last time (if it changed); rejects when that write fails. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.save();
  }

  /** Writes the state when it changed since the last save; resolves to whether it wrote. */
  save(): Promise<boolean> {
    const run = this.#queue.then(() => this.#saveNow());
    this.#queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async #saveNow(): Promise<boolean> {
    const revision = this.#fake.revision;
    if (revision === this.#savedRevision) return false;
    const state = stateFileContent(this.#fake.exportState(), this.#fake.options.compat);
    const text = `${JSON.stringify(state)}\n`;
    const key = this.#realClock ? JSON.stringify({ ...state, clock: 0 }) : text;
    if (key === this.#savedKey) {
      this.#savedRevision = revision;
      return false;
    }
    await writeAtomically(this.#file, text, "keep");
    this.#savedRevision = revision;
    this.#savedKey = key;
    return true;
  }
}

/** A fake's state as the file holds it: marked with the compat mode to serve it in (second, where a reader looks). */
export function stateFileContent(state: ReturnType<FakeServer["exportState"]>, compat: Compat): StateFileContent {
  const { version, ...rest } = state;
  return { version, compat, ...rest };
}

/**
 * Writes a state document to `file` as the running server saves it,
 * atomically, but readable by its owner only whatever mode a file it
 * replaces had: it holds the keys of a project on the service.
 */
export function writeStateFile(file: string, state: StateFileContent): Promise<void> {
  return writeAtomically(file, `${JSON.stringify(state)}\n`, "private");
}

/**
 * Writes `text` to `file` through a temporary file that is flushed to disk
 * and renamed over it; the directory is flushed too, so that the rename
 * survives a power cut.
 */
async function writeAtomically(file: string, text: string, mode: "keep" | "private"): Promise<void> {
  const temporary = temporaryOf(file);
  // The document holds every key: a new file is its owner's alone, and a
  // save keeps the mode the user gave an existing one unless told not to.
  const existing = mode === "keep" ? (await stat(file).catch(() => undefined))?.mode : undefined;
  const permissions = (existing ?? PRIVATE_MODE) & 0o777;
  try {
    const handle = await open(temporary, "w", PRIVATE_MODE);
    try {
      await handle.chmod(permissions);
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const directory = await open(dirname(resolve(file)), "r").catch(() => undefined);
  // Windows cannot open a directory, and some file systems cannot flush one:
  // there the rename is as durable as it gets.
  if (directory) await directory.sync().catch(() => undefined).finally(() => directory.close());
}
