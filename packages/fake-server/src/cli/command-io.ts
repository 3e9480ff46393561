/**
 * What a command of the CLI is given of its process.
 * @module
 */

/** Where a command writes, and what it reads of its process. */
export interface CommandIo {
  /** The environment (API keys). */
  env: NodeJS.ProcessEnv;
  /** Writes to stdout. */
  out: (text: string) => void;
  /** Writes to stderr. */
  err: (text: string) => void;
}
