/**
 * Reading and writing the CLI's `--state` file.
 * @module
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import type { FakeServer } from "../fake-server.js";

/** The fake's state as stored in the file. */
export type StateFileContent = ReturnType<FakeServer["exportState"]>;

/** The state stored in `file`, or `undefined` when the file does not exist yet. */
export async function loadStateFile(file: string): Promise<StateFileContent | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as StateFileContent;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Writes `state` to `file` atomically (a temporary file renamed over it), so
 * a crash while saving never leaves a half-written state behind.
 */
export async function saveStateFile(file: string, state: StateFileContent): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state)}\n`, "utf8");
  await rename(temporary, file);
}
