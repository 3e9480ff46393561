/**
 * Which directions a channel is silent for. The service skips such a
 * channel without a delivery record: an email channel with that direction
 * switched off, a webhook without a URL for it, ntfy, Gotify or Pushover
 * with that priority off, SMS, WhatsApp and Signal with that switch off, a
 * shell channel without that command; phone calls and GitHub issues only
 * ever report `down`, and retired kinds never deliver. Every other kind
 * notifies both ways, and so does any channel without settings (`""`).
 * @module
 */
import { RETIRED_CHANNEL_KINDS } from "@checks-api/schema/lite";
import { parseEmailSettings, parseNtfySettings, parseWebhookSettings } from "./settings.js";
import type { AlertDirection } from "./view.js";

/** Kinds that only ever report a check going down. */
const DOWN_ONLY: ReadonlySet<string> = new Set(["call", "github"]);
const RETIRED: ReadonlySet<string> = new Set(RETIRED_CHANNEL_KINDS);

/** A JSON object's member, or `undefined` when the text is not an object that has it. */
function jsonMember(value: string, name: string): unknown {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || !Object.hasOwn(parsed, name)) return undefined;
    return (parsed as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

// For the kinds whose settings the fake does not check, a text it cannot
// read counts as on: the delivery is then recorded rather than lost.
const SWITCHES: Readonly<Record<string, (value: string, direction: AlertDirection) => boolean>> = {
  email: (value, direction) => parseEmailSettings(value)[direction],
  webhook: (value, direction) => parseWebhookSettings(value)[direction].url !== "",
  ntfy: (value, direction) => {
    const settings = parseNtfySettings(value);
    return (direction === "up" ? settings.priorityUp : settings.priority) !== 0;
  },
  sms: (value, direction) => jsonMember(value, direction) === true,
  whatsapp: (value, direction) => jsonMember(value, direction) === true,
  signal: (value, direction) => jsonMember(value, direction) === true,
  gotify: (value, direction) => jsonMember(value, direction === "up" ? "priority_up" : "priority") !== 0,
  shell: (value, direction) => {
    const command = jsonMember(value, `cmd_${direction}`);
    return command === undefined || (typeof command === "string" && command !== "");
  },
  po: (value, direction) => {
    // `key|priority` or `key|priority|up priority`; -3 turns a direction off.
    const pieces = value.split("|");
    const priority = direction === "up" && pieces.length === 3 ? pieces[2] : pieces[1];
    return priority?.trim() !== "-3";
  },
};

/**
 * Whether a channel of `kind` with settings `value` is notified of a flip
 * in `direction` (`false`: skipped, no delivery record). Settings that
 * `validateChannelValue` refuses count as on, so that such a delivery is
 * recorded with its error rather than skipped.
 */
export function notifies(kind: string, value: string, direction: AlertDirection): boolean {
  if (RETIRED.has(kind)) return false;
  if (DOWN_ONLY.has(kind)) return direction === "down";
  const on = Object.hasOwn(SWITCHES, kind) ? SWITCHES[kind] : undefined;
  if (on === undefined || value === "") return true;
  try {
    return on(value, direction);
  } catch {
    return true;
  }
}
