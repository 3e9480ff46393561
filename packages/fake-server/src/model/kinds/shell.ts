/**
 * The `shell` kind: commands to run going down and going up. The service
 * runs no commands unless its operator turns them on, which it does not by
 * default, so every delivery fails; a direction without a command sends
 * nothing.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { jsonMember, made, sorted, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "shell";

/** The error of every shell delivery: the service does not run commands. */
export const SHELL_DISABLED = "Shell commands are not enabled";

/** The `shell` kind. */
export const shell = {
  kind: KIND,
  builder: {
    /**
     * Shell commands to run going down and up (the service runs them only when enabled; the fake never does).
     * @example
     * ```ts
     * channels.shell({ cmd_down: "logger down", cmd_up: "" });
     * ```
     */
    shell(commands: ChannelSettings<typeof KIND>): TypedChannel<typeof KIND> {
      return made(KIND, sorted(commands));
    },
  },
  refusal: SHELL_DISABLED,
  notifies: (value, direction) => {
    const command = jsonMember(value, `cmd_${direction}`);
    return command === undefined || (typeof command === "string" && command !== "");
  },
} satisfies KindModule<typeof KIND>;
