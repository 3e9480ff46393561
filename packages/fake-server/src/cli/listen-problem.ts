/**
 * Why the CLI could not listen, in words a user can act on: a port in use,
 * a port that needs privileges, a `--host` that is not an address of this
 * machine or not a host at all. These are bad options (exit status 2);
 * anything else is a runtime error.
 * @module
 */

/** Where the CLI tried to listen. */
export interface ListenTarget {
  /** The `--host` value. */
  host: string;
  /** The `--port` value. */
  port: number;
}

/**
 * The message for a failed `listen` on `target`, or `undefined` when the
 * error is not one the options caused.
 */
export function listenProblem(error: unknown, target: ListenTarget): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${target.host.includes(":") ? `[${target.host}]` : target.host}:${target.port}`;
  switch (code) {
    case "EADDRINUSE":
      return `port ${target.port} is already in use on ${target.host} (another checks-fake-server?): stop that program, or choose another port with --port <n> (--port 0 picks a free one)`;
    case "EACCES":
      return `no permission to listen on ${where}: ports below 1024 need privileges; choose --port 1024 or above (--port 0 picks a free one)`;
    case "EADDRNOTAVAIL":
      return `--host ${target.host} is not an address of this machine: use 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface`;
    case "ENOTFOUND":
    case "EAI_NONAME":
    case "EAI_AGAIN":
    case "EAI_FAIL":
      return `--host ${target.host} is neither an IP address nor a host name that resolves (${code}): use 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface`;
    default:
      return undefined;
  }
}
