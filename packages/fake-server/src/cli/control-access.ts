/**
 * Who may drive the CLI's server over the remote-control API: on the
 * loopback interface, programs on this machine (the control API's host and
 * origin checks keep browsers' pages out); bound beyond it, only holders of
 * a token, given or generated.
 * @module
 */
import { randomBytes } from "node:crypto";
import { isLoopbackHost, isTokenText } from "../control/guard.js";
import type { CliOptions } from "./args.js";
import { UsageError } from "./flags.js";

/** The environment variable read when `--control-token` is not given (it keeps the token out of `ps`). */
export const TOKEN_VARIABLE = "CHECKS_FAKE_SERVER_CONTROL_TOKEN";

/** The control API's token and where it came from. */
export interface ControlAccess {
  /** The token every control request must carry, if any. */
  token: string | undefined;
  /** `given` (flag or environment), `generated` (to be printed once), or `none`. */
  source: "given" | "generated" | "none";
  /** Bound beyond loopback: any `Host` may reach the server, so the token is the guard. */
  exposed: boolean;
}

/**
 * Decides the control API's access from the command line and the environment.
 * @throws UsageError for a given token no `Authorization` header can carry (the message does not show it).
 */
export function controlAccess(options: Pick<CliOptions, "host" | "control" | "controlToken">, env: NodeJS.ProcessEnv): ControlAccess {
  const exposed = !isLoopbackHost(options.host.includes(":") ? `[${options.host}]` : options.host);
  const given = options.controlToken ?? (env[TOKEN_VARIABLE] || undefined);
  if (!options.control) return { token: undefined, source: "none", exposed };
  if (given !== undefined && !isTokenText(given)) {
    throw new UsageError("the control token must be printable ASCII without spaces (it travels as Authorization: Bearer <token>)");
  }
  if (given !== undefined) return { token: given, source: "given", exposed };
  // 192 random bits, URL-safe so that it pastes into a header or a shell unquoted.
  if (exposed) return { token: randomBytes(24).toString("base64url"), source: "generated", exposed };
  return { token: undefined, source: "none", exposed };
}
