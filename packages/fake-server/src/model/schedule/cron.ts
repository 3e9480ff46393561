/**
 * Next fire time of a cron expression in a time zone, with cronsim's two DST
 * regimes (`docs/reference.md#cron`).
 * @module
 */

import { MINUTE_MS, ceilTo, floorTo, nextWallMatch, yearOf } from "./calendar.js";
import type { CronExpression } from "./cron-expression.js";
import { type Zone, firstOffsetChange, gapEnd, instantsOf, offsetAt, wallAt } from "./zone.js";

/** cronsim gives up when nothing matches within this many years of the start. */
const SEARCH_YEARS = 50;
/**
 * Longest stretch assumed to hold at most one offset change: a found match
 * further away is confirmed by probing the offset at this spacing.
 */
const PROBE_MS = 7 * 24 * 60 * MINUTE_MS;

/**
 * Fixed-time regime: walk wall-clock time as if there were no DST. A result in
 * a spring-forward gap moves forward to the first minute that exists; a result
 * in a fall-back overlap takes its first occurrence.
 */
function nextFixedTime(expression: CronExpression, zone: Zone, after: number): number | undefined {
  let from = floorTo(wallAt(zone, after), MINUTE_MS) + MINUTE_MS;
  const lastYear = yearOf(from) + SEARCH_YEARS;
  for (;;) {
    const wall = nextWallMatch(expression, from, lastYear);
    if (wall === undefined) return undefined;
    let shown = wall;
    let instants = instantsOf(zone, shown);
    while (instants.length === 0) {
      shown = Math.max(shown + MINUTE_MS, ceilTo(gapEnd(zone, shown), MINUTE_MS));
      instants = instantsOf(zone, shown);
    }
    const [first = Number.NaN] = instants;
    // Starting inside the repeated hour, a wall time can be found whose first
    // occurrence is already past; cronsim would return it, the contract says "after".
    if (first > after) return first;
    from = wall + MINUTE_MS;
  }
}

/**
 * Real-time regime: walk real minutes and test each one's local fields, so a
 * repeated hour fires twice and times inside a gap never occur. Implemented by
 * searching wall-clock time under the current offset and restarting at the
 * offset change whenever one happens before the match.
 */
function nextRealTime(expression: CronExpression, zone: Zone, after: number): number | undefined {
  let instant = floorTo(after, MINUTE_MS) + MINUTE_MS;
  const lastYear = yearOf(wallAt(zone, instant)) + SEARCH_YEARS;
  for (;;) {
    const offset = offsetAt(zone, instant);
    const wall = nextWallMatch(expression, instant + offset, lastYear);
    if (wall === undefined) return undefined;
    const candidate = wall - offset;
    let checked = instant;
    let changed: number | undefined;
    for (let probe = Math.min(instant + PROBE_MS, candidate); ; probe = Math.min(probe + PROBE_MS, candidate)) {
      if (offsetAt(zone, probe) !== offset) {
        changed = probe;
        break;
      }
      if (probe >= candidate) break;
      checked = probe;
    }
    if (changed === undefined) return candidate;
    instant = firstOffsetChange(zone, checked, changed, offset);
  }
}

/**
 * First fire time of `expression` strictly after the instant `after` (whole
 * seconds), evaluated in `zone`; undefined when none exists within 50 years.
 */
export function nextCronTime(expression: CronExpression, zone: Zone, after: number): number | undefined {
  return expression.fixedTime ? nextFixedTime(expression, zone, after) : nextRealTime(expression, zone, after);
}
