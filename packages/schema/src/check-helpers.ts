/**
 * Reading a check representation without zod: its UUID and its kind.
 * @module
 */
import type { Check } from "./check.js";

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

/**
 * The UUID of a read-write check: its `uuid` member when present (live),
 * otherwise parsed from `update_url` or `ping_url` (seed).
 */
export function checkUuid(check: Pick<Check, "update_url" | "ping_url"> & { uuid?: string | undefined }): string {
  if (check.uuid) return check.uuid;
  const match = UUID_AT_END.exec(check.update_url) ?? UUID_AT_END.exec(check.ping_url);
  if (!match?.[1]) throw new TypeError("check has no uuid, update_url or ping_url with a UUID");
  return match[1];
}

/** True for a check with `schedule` and `tz` (cron or OnCalendar), false for a simple check. */
export function isScheduled<T extends { timeout?: unknown; schedule?: unknown }>(
  check: T,
): check is T & { schedule: string; tz: string } {
  return typeof check.schedule === "string";
}
