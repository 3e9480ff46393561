/**
 * The `email` kind: an address, notified of both directions unless one is
 * switched off. Its settings are `{"value": address, "up": bool, "down":
 * bool}`, or a bare address (both directions on); not both directions off.
 * A delivery is one message to the address (`email-alert.ts`).
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { checkDeclared } from "../notify/declared-settings.js";
import { renderEmail } from "../notify/email-alert.js";
import { made, sorted, type Directions, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "email";

/** An email channel's settings. */
export interface EmailSettings {
  /** Recipient address. */
  address: string;
  /** Whether up flips are sent. */
  up: boolean;
  /** Whether down flips are sent. */
  down: boolean;
}

/** Reads an email channel's settings, or throws a `ChannelValueError`. */
export function parseEmailSettings(value: string): EmailSettings {
  const object = checkDeclared(KIND, value);
  if (object === null) return { address: value, up: true, down: true };
  return { address: object.value as string, up: object.up as boolean, down: object.down as boolean };
}

/** The `email` kind. */
export const email = {
  kind: KIND,
  builder: {
    /**
     * An email address, notified of both directions unless told otherwise.
     * @example
     * ```ts
     * channels.email("ops@example.com", { up: false }); // down alerts only
     * ```
     */
    email(address: string, { up = true, down = true }: Directions = {}): TypedChannel<typeof KIND> {
      return made(KIND, sorted({ value: address, up, down } satisfies ChannelSettings<typeof KIND>));
    },
  },
  render: (view) => renderEmail(view, parseEmailSettings(view.channel.value).address),
  notifies: (value, direction) => parseEmailSettings(value)[direction],
} satisfies KindModule<typeof KIND>;
