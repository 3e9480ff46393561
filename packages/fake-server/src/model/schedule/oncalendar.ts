/**
 * Next occurrence of an OnCalendar schedule: each line is
 * walked in wall-clock time of its zone; times inside a spring-forward gap are
 * skipped and an ambiguous time counts once, at its first occurrence.
 * @module
 */

import { SECOND_MS, floorTo, nextWallMatch } from "./calendar.js";
import { LAST_YEAR, type OnCalendarLine } from "./oncalendar-expression.js";
import { type Zone, gapEnd, getZone, instantsOf, wallAt } from "./zone.js";

function nextLineTime(line: OnCalendarLine, zone: Zone, after: number): number | undefined {
  let from = wallAt(zone, after) + SECOND_MS;
  for (;;) {
    const wall = nextWallMatch(line, from, LAST_YEAR);
    if (wall === undefined) return undefined;
    const [first] = instantsOf(zone, wall);
    if (first === undefined) {
      from = gapEnd(zone, wall);
      continue;
    }
    // Starting inside a repeated hour, a wall time can be found whose first
    // occurrence is already past; the library would return it, the contract says "after".
    if (first > after) return first;
    from = wall + SECOND_MS;
  }
}

/**
 * Earliest occurrence over all `lines` strictly after `after` truncated to whole
 * seconds; lines without a zone of their own use `zone`. Undefined when no line
 * has another occurrence before the year 2200.
 */
export function nextOnCalendarTime(lines: readonly OnCalendarLine[], zone: Zone, after: number): number | undefined {
  const start = floorTo(after, SECOND_MS);
  let earliest: number | undefined;
  for (const line of lines) {
    const time = nextLineTime(line, line.zone === undefined ? zone : getZone(line.zone), start);
    if (time !== undefined && (earliest === undefined || time < earliest)) earliest = time;
  }
  return earliest;
}
