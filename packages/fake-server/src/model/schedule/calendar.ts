/**
 * Naive calendar arithmetic and the wall-clock search shared by the cron and
 * OnCalendar engines. A wall-clock time is the number `Date.UTC` gives for
 * its fields; no time zone is involved here.
 * @module
 */

/** One second in milliseconds. */
export const SECOND_MS = 1000;
/** One minute in milliseconds. */
export const MINUTE_MS = 60 * SECOND_MS;
/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** `value` rounded down to a multiple of `unit`. */
export function floorTo(value: number, unit: number): number {
  return Math.floor(value / unit) * unit;
}

/** `value` rounded up to a multiple of `unit`. */
export function ceilTo(value: number, unit: number): number {
  return Math.ceil(value / unit) * unit;
}

/** Wall-clock time of the given fields (month 1–12). */
export function wallFromFields(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (year >= 0 && year < 100) {
    // Date.UTC reads years 0–99 as 1900–1999.
    const date = new Date(wall);
    date.setUTCFullYear(year);
    return date.getTime();
  }
  return wall;
}

/** Calendar year of a wall-clock time. */
export function yearOf(wall: number): number {
  return new Date(wall).getUTCFullYear();
}

/** Whether `year` is a leap year in the proleptic Gregorian calendar. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Number of days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] ?? 31);
}

const WEEKDAY_SHIFT = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Day of the week of a date, 0 = Sunday … 6 = Saturday (Sakamoto's method). */
export function dayOfWeek(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  const w = y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + (WEEKDAY_SHIFT[month - 1] ?? 0) + day;
  return ((w % 7) + 7) % 7;
}

/**
 * Lookup table over a field's values: `table[v]` is the smallest allowed value
 * `>= v`, or -1 when there is none. Its last slot (one past the field maximum)
 * is always -1, which lets the search carry into the next larger unit.
 */
export type NextTable = Int16Array;

/** Builds the {@link NextTable} of the allowed `values` of a field whose values end at `max`. */
export function nextTable(values: Iterable<number>, max: number): NextTable {
  const table = new Int16Array(max + 2).fill(-1);
  for (const value of values) if (value >= 0 && value <= max) table[value] = value;
  for (let v = max - 1; v >= 0; v--) if (table[v] === -1) table[v] = table[v + 1] ?? -1;
  return table;
}

/** The fields a wall-clock time must match, as the search sees them. */
export interface CalendarPattern {
  /** Smallest allowed year `>= year`, or undefined when there is none. */
  nextYear(year: number): number | undefined;
  /** Allowed months, 1–12. */
  readonly months: NextTable;
  /** Whether the date is an allowed day (day-of-month and day-of-week rules together). */
  matchDay(year: number, month: number, day: number): boolean;
  /** Allowed hours, 0–23. */
  readonly hours: NextTable;
  /** Allowed minutes, 0–59. */
  readonly minutes: NextTable;
  /** Allowed seconds, 0–59. */
  readonly seconds: NextTable;
}

/**
 * The first wall-clock time at or after `from` (rounded up to a whole second)
 * that matches `pattern`, searching no later than the end of `lastYear`.
 * Jumps field by field (month, day, hour, minute, second) instead of stepping.
 */
export function nextWallMatch(pattern: CalendarPattern, from: number, lastYear: number): number | undefined {
  const start = new Date(ceilTo(from, SECOND_MS));
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + 1;
  let day = start.getUTCDate();
  let hour = start.getUTCHours();
  let minute = start.getUTCMinutes();
  let second = start.getUTCSeconds();
  for (;;) {
    if (month > 12) {
      year++;
      month = 1;
    }
    const allowedYear = pattern.nextYear(year);
    if (allowedYear === undefined || allowedYear > lastYear) return undefined;
    if (allowedYear !== year) {
      year = allowedYear;
      month = 1;
      day = 1;
      hour = minute = second = 0;
    }
    const allowedMonth = pattern.months[month] ?? -1;
    if (allowedMonth < 0) {
      year++;
      month = 1;
      day = 1;
      hour = minute = second = 0;
      continue;
    }
    if (allowedMonth !== month) {
      month = allowedMonth;
      day = 1;
      hour = minute = second = 0;
    }
    const length = daysInMonth(year, month);
    let allowedDay = day;
    while (allowedDay <= length && !pattern.matchDay(year, month, allowedDay)) allowedDay++;
    if (allowedDay > length) {
      month++;
      day = 1;
      hour = minute = second = 0;
      continue;
    }
    if (allowedDay !== day) {
      day = allowedDay;
      hour = minute = second = 0;
    }
    const allowedHour = pattern.hours[hour] ?? -1;
    if (allowedHour < 0) {
      day++;
      hour = minute = second = 0;
      continue;
    }
    if (allowedHour !== hour) {
      hour = allowedHour;
      minute = second = 0;
    }
    const allowedMinute = pattern.minutes[minute] ?? -1;
    if (allowedMinute < 0) {
      hour++;
      minute = second = 0;
      continue;
    }
    if (allowedMinute !== minute) {
      minute = allowedMinute;
      second = 0;
    }
    const allowedSecond = pattern.seconds[second] ?? -1;
    if (allowedSecond < 0) {
      minute++;
      second = 0;
      continue;
    }
    return wallFromFields(year, month, day, hour, minute, allowedSecond);
  }
}
