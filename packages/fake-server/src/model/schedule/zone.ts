/**
 * Time-zone arithmetic on top of `Intl.DateTimeFormat`: offsets, wall-clock
 * times of instants, and the reverse mapping from a wall-clock time to the
 * instants that show it (none inside a spring-forward gap, two inside a
 * fall-back overlap).
 *
 * Wall-clock times are encoded like instants of a naive calendar: the
 * milliseconds `Date.UTC` gives for the local fields.
 * @module
 */

import { TIMEZONE_ALIASES, TIMEZONES } from "@checks-api/schema/lite";
import { DAY_MS, MINUTE_MS, SECOND_MS, floorTo, wallFromFields } from "./calendar.js";

/** A time zone resolved once: its formatter, or the knowledge that it never leaves UTC. */
export interface Zone {
  /** The name the zone was looked up by. */
  readonly name: string;
  /** Formatter giving the wall-clock fields; undefined for zones that are always UTC. */
  readonly format: Intl.DateTimeFormat | undefined;
}

const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT"]);
const zones = new Map<string, Zone>();

/**
 * The zone called `name` (an IANA name `Intl` accepts), created on first use and cached.
 * @throws RangeError when `Intl` does not know the zone.
 */
export function getZone(name: string): Zone {
  let zone = zones.get(name);
  if (zone === undefined) {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    const resolved = format.resolvedOptions().timeZone;
    zone = { name, format: UTC_NAMES.has(resolved) ? undefined : format };
    zones.set(name, zone);
  }
  return zone;
}

/** Offset of local time from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function offsetAt(zone: Zone, instant: number): number {
  if (zone.format === undefined) return 0;
  const whole = floorTo(instant, SECOND_MS);
  // format() is about three times faster than formatToParts(); its en-US shape is "M/D/YYYY, HH:MM:SS".
  const [month, day, year, hour, minute, second] = zone.format.format(whole).split(/\D+/).map(Number);
  return wallFromFields(year ?? 0, month ?? 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0) - whole;
}

/** Wall-clock time shown in `zone` at `instant`. */
export function wallAt(zone: Zone, instant: number): number {
  return instant + offsetAt(zone, instant);
}

/** The offsets in force a day before and a day after `wall`, which bracket any DST change near it. */
function surroundingOffsets(zone: Zone, wall: number): [number, number] {
  return [offsetAt(zone, wall - DAY_MS), offsetAt(zone, wall + DAY_MS)];
}

/**
 * The instants at which `zone` shows the wall-clock time `wall`, earliest first:
 * one normally, none inside a spring-forward gap, two inside a fall-back overlap.
 */
export function instantsOf(zone: Zone, wall: number): number[] {
  if (zone.format === undefined) return [wall];
  const [before, after] = surroundingOffsets(zone, wall);
  const found: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = wall - offset;
    if (offsetAt(zone, instant) === offset) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

/**
 * For a wall-clock time inside a spring-forward gap: the first wall-clock time
 * after the gap (the local time at the instant of the change). Always later than `wall`.
 */
export function gapEnd(zone: Zone, wall: number): number {
  const [before, after] = surroundingOffsets(zone, wall);
  if (after <= before) return wall + SECOND_MS;
  // The change happens in (wall - after, wall - before]: the first instant of that
  // window still has the old offset, the last one already the new one.
  let low = wall - after;
  let high = wall - before;
  while (high - low > SECOND_MS) {
    const middle = low + floorTo((high - low) / 2, SECOND_MS);
    if (middle <= low) break;
    if (offsetAt(zone, middle) === after) high = middle;
    else low = middle;
  }
  return Math.max(high + after, wall + SECOND_MS);
}

/**
 * The first minute-aligned instant in `(low, high]` whose offset differs from `offset`,
 * given that `low` has that offset and `high` has another one.
 */
export function firstOffsetChange(zone: Zone, low: number, high: number, offset: number): number {
  let known = low;
  let changed = high;
  while (changed - known > MINUTE_MS) {
    const middle = known + floorTo((changed - known) / 2, MINUTE_MS);
    if (middle <= known) break;
    if (offsetAt(zone, middle) === offset) known = middle;
    else changed = middle;
  }
  return changed;
}

let zoneNames: Set<string> | undefined;

/**
 * True if `name` is a zone name the service's IANA database knows, spelled in its
 * exact case (`US/Eastern` yes, `utc` no): used for zones written inside OnCalendar lines.
 */
export function isZoneName(name: string): boolean {
  // Intl matches names case-insensitively, so exact spelling is checked against known lists.
  zoneNames ??= new Set([...TIMEZONES, ...Object.keys(TIMEZONE_ALIASES), ...Intl.supportedValuesOf("timeZone")]);
  if (!zoneNames.has(name)) return false;
  try {
    getZone(name);
    return true;
  } catch {
    return false;
  }
}
