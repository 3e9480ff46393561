/**
 * The schedule engine of the fake service: cron (cronsim 2.7 rules) and
 * systemd OnCalendar (oncalendar 1.1 rules) expressions, their validation and
 * their next fire times in a time zone. Pure computation, no I/O; parsed
 * expressions and time-zone formatters are cached.
 * @module
 */

import { pyCollapseWhitespace, pyStrip } from "../../text/py-whitespace.js";
import { floorTo, SECOND_MS } from "./calendar.js";
import { nextCronTime } from "./cron.js";
import { type CronExpression, CronSyntaxError, parseCron } from "./cron-expression.js";
import { nextOnCalendarTime } from "./oncalendar.js";
import { type OnCalendarLine, OnCalendarSyntaxError, parseOnCalendar } from "./oncalendar-expression.js";
import { getZone } from "./zone.js";

/** Start of the service's validity search: a schedule must fire after 2000-01-01 00:00. */
const VALIDATION_START = Date.UTC(2000, 0, 1);
/**
 * Instants the engine evaluates from (years 1000–9000); outside this window
 * `Intl` and `Date` arithmetic stop being reliable, and no check lives there.
 */
const EARLIEST_START = Date.UTC(1000, 0, 1);
const LATEST_START = Date.UTC(9000, 0, 1);
/** Bound of the parse cache; schedules are short and few, the bound only stops unbounded growth. */
const CACHE_LIMIT = 1000;

type Parsed = { kind: "cron"; expression: CronExpression } | { kind: "oncalendar"; lines: OnCalendarLine[] } | null;
const parsed = new Map<string, Parsed>();

/**
 * Kind detection (`docs/reference.md#schedules-cron-and-oncalendar`): trimmed, single line, exactly 5
 * whitespace-separated parts → "cron", else "oncalendar".
 */
export function scheduleKind(schedule: string): "cron" | "oncalendar" {
  const text = pyStrip(schedule);
  return !text.includes("\n") && pyCollapseWhitespace(text).split(" ").length === 5 ? "cron" : "oncalendar";
}

function parse(schedule: string): Parsed {
  if (parsed.has(schedule)) return parsed.get(schedule) ?? null;
  let result: Parsed;
  try {
    result =
      scheduleKind(schedule) === "cron"
        ? { kind: "cron", expression: parseCron(schedule) }
        : { kind: "oncalendar", lines: parseOnCalendar(schedule) };
  } catch (error) {
    if (!(error instanceof CronSyntaxError || error instanceof OnCalendarSyntaxError)) throw error;
    result = null;
  }
  if (parsed.size >= CACHE_LIMIT) parsed.clear();
  parsed.set(schedule, result);
  return result;
}

/**
 * First fire time strictly after `afterMs` truncated to whole seconds,
 * evaluated in `tz` (IANA name), in epoch ms; undefined when there is none
 * (also for a schedule that does not parse).
 *
 * Cron follows cronsim's DST rules (a fixed-time job in a spring-forward gap
 * runs when the gap ends, once in a repeated hour; other jobs run on real
 * time, so twice in a repeated hour and never in a gap) and stops after a
 * 50-year search; OnCalendar skips gap times, runs once in a repeated hour
 * and stops at the year 2200. Unlike the service's libraries, the result is
 * never at or before `afterMs`, even when it lies inside a repeated hour.
 * A start that is not a finite instant between the years 1000 and 9000 has no fire time.
 * @throws RangeError when `tz` (or a zone the schedule names) is unknown to `Intl`.
 */
export function nextFireTime(schedule: string, tz: string, afterMs: number): number | undefined {
  if (!(afterMs >= EARLIEST_START && afterMs <= LATEST_START)) return undefined;
  const expression = parse(schedule);
  if (expression === null) return undefined;
  const zone = getZone(tz);
  const after = floorTo(afterMs, SECOND_MS);
  return expression.kind === "cron"
    ? nextCronTime(expression.expression, zone, after)
    : nextOnCalendarTime(expression.lines, zone, after);
}

/**
 * The service's validation: parses, and has a fire time after 2000-01-01 00:00
 * (cron: naive, 50-year search; OnCalendar: UTC, before 2200).
 */
export function isValidSchedule(schedule: string): boolean {
  return nextFireTime(schedule, "UTC", VALIDATION_START) !== undefined;
}
