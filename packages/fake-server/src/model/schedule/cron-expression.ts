/**
 * Parser of 5-field cron expressions with the rules of cronsim 2.7, the
 * library the live service uses: the term grammar is
 * tried in a fixed order, names and `L` are case-insensitive, and the
 * day-of-month/day-of-week fields combine with AND when either starts with
 * `*`, with OR otherwise.
 * @module
 */

import { pyCollapseWhitespace } from "../../text/py-whitespace.js";
import { type CalendarPattern, type NextTable, dayOfWeek, daysInMonth, nextTable } from "./calendar.js";
import { type Field, type FieldErrors, fieldErrors, range } from "./fields.js";

/** A parsed cron expression: the wall-clock pattern plus what the DST handling needs to know. */
export interface CronExpression extends CalendarPattern {
  /**
   * True when neither the minute nor the hour field starts with `*`: such jobs run at
   * fixed wall-clock times and get the "fixed-time" DST handling.
   */
  readonly fixedTime: boolean;
}

/** Thrown for text that is not a cron expression cronsim accepts. */
export class CronSyntaxError extends Error {
  override readonly name = "CronSyntaxError";
}

const { bad, digits }: FieldErrors = fieldErrors(CronSyntaxError);

const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Day-of-month and day-of-week items that are not plain numbers, encoded as
// numbers outside every field's range so that one set holds a field's items.
const LAST_DAY = -1;
const LAST_WEEKDAY = -2;
const lastOf = (weekday: number): number => -10 - weekday;
const nthOf = (weekday: number, nth: number): number => 100 * nth + weekday;

interface CronField extends Field {
  readonly names?: readonly string[];
  readonly firstName?: number;
}

const MINUTE: CronField = { name: "minute", min: 0, max: 59 };
const HOUR: CronField = { name: "hour", min: 0, max: 23 };
const DAY: CronField = { name: "day-of-month", min: 1, max: 31 };
const MONTH: CronField = { name: "month", min: 1, max: 12, names: MONTH_NAMES, firstName: 1 };
const WEEKDAY: CronField = { name: "day-of-week", min: 0, max: 7, names: DAY_NAMES, firstName: 0 };

function value(field: CronField, text: string): number {
  const index = field.names?.indexOf(text) ?? -1;
  if (index >= 0) return index + (field.firstName ?? 0);
  const number = digits(field, text);
  if (number < field.min || number > field.max) bad(field);
  return number;
}

/** One field's items, following cronsim's order of checks. */
function parseTerm(field: CronField, text: string): Set<number> {
  if (text === "*") return new Set(range(field.min, field.max));
  if (text.includes(",")) {
    const union = new Set<number>();
    for (const item of text.split(",")) for (const v of parseTerm(field, item)) union.add(v);
    return union;
  }
  if (field === WEEKDAY && text.includes("L")) {
    const weekday = digits(field, text.slice(0, -1));
    if (weekday > field.max) bad(field);
    return new Set([lastOf(weekday)]);
  }
  if (field === WEEKDAY && text.includes("#")) {
    const at = text.indexOf("#");
    const nth = digits(field, text.slice(at + 1));
    if (nth < 1 || nth > 5) bad(field);
    return new Set([nthOf(value(field, text.slice(0, at)), nth)]);
  }
  if (text.includes("/")) {
    const at = text.indexOf("/");
    const step = digits(field, text.slice(at + 1));
    if (step === 0) bad(field);
    const items = parseTerm(field, text.slice(0, at));
    if (items.size === 1) {
      const [start = 0] = items;
      if (start === LAST_DAY || start === LAST_WEEKDAY) return items;
      return new Set(range(start, field.max, step));
    }
    const sorted = [...items].sort((a, b) => a - b);
    return new Set(sorted.filter((_, index) => index % step === 0));
  }
  if (text.includes("-")) {
    const at = text.indexOf("-");
    const start = value(field, text.slice(0, at));
    const end = value(field, text.slice(at + 1));
    if (end < start) bad(field);
    return new Set(range(start, end));
  }
  if (field === DAY && text === "LW") return new Set([LAST_WEEKDAY]);
  if (field === DAY && text === "L") return new Set([LAST_DAY]);
  return new Set([value(field, text)]);
}

function lastWeekdayOfMonth(year: number, month: number): number {
  const last = daysInMonth(year, month);
  const weekday = dayOfWeek(year, month, last);
  return weekday === 6 ? last - 1 : weekday === 0 ? last - 2 : last;
}

function dayMatcher(dayText: string, days: Set<number>, weekdayText: string, weekdays: Set<number>) {
  const plainDays = new Uint8Array(32);
  for (const d of days) if (d >= 1) plainDays[d] = 1;
  const lastDay = days.has(LAST_DAY);
  const lastWeekday = days.has(LAST_WEEKDAY);
  // Sunday is both 0 and 7; folding 7 onto 0 lets each test look up one index.
  const plain = new Uint8Array(7);
  const last = new Uint8Array(7);
  const nth = new Uint8Array(7 * 6);
  for (const item of weekdays) {
    if (item >= 100) nth[(item % 100) % 7 + 7 * Math.floor(item / 100)] = 1;
    else if (item <= -10) last[(-10 - item) % 7] = 1;
    else plain[item % 7] = 1;
  }
  const both = dayText.startsWith("*") || weekdayText.startsWith("*");

  const matchDayOfMonth = (year: number, month: number, day: number): boolean =>
    plainDays[day] === 1 ||
    (lastDay && day === daysInMonth(year, month)) ||
    (lastWeekday && day === lastWeekdayOfMonth(year, month));
  const matchDayOfWeek = (year: number, month: number, day: number): boolean => {
    const weekday = dayOfWeek(year, month, day);
    return (
      plain[weekday] === 1 ||
      (last[weekday] === 1 && day + 7 > daysInMonth(year, month)) ||
      nth[weekday + 7 * Math.floor((day + 6) / 7)] === 1
    );
  };
  return both
    ? (year: number, month: number, day: number) =>
        matchDayOfMonth(year, month, day) && matchDayOfWeek(year, month, day)
    : (year: number, month: number, day: number) =>
        matchDayOfMonth(year, month, day) || matchDayOfWeek(year, month, day);
}

function table(field: CronField, items: Set<number>): NextTable {
  return nextTable(items, field.max);
}

/**
 * Parses a 5-field cron expression (surrounding whitespace allowed, fields
 * separated by any whitespace, case-insensitive).
 * @throws CronSyntaxError when cronsim would reject the expression.
 */
export function parseCron(text: string): CronExpression {
  const parts = pyCollapseWhitespace(text.toUpperCase()).split(" ");
  const [minuteText, hourText, dayText, monthText, weekdayText] = parts;
  if (
    parts.length !== 5 ||
    minuteText === undefined ||
    hourText === undefined ||
    dayText === undefined ||
    monthText === undefined ||
    weekdayText === undefined
  ) {
    throw new CronSyntaxError("Wrong number of fields");
  }
  const minutes = parseTerm(MINUTE, minuteText);
  const hours = parseTerm(HOUR, hourText);
  const days = parseTerm(DAY, dayText);
  const months = parseTerm(MONTH, monthText);
  const weekdays = parseTerm(WEEKDAY, weekdayText);

  // cronsim rejects day lists no listed month is long enough for (`0 0 30 2 *`).
  const smallestDay = Math.min(...days);
  if (smallestDay > 29 && smallestDay > Math.max(...[...months].map((m) => LONGEST_MONTH[m - 1] ?? 31))) bad(DAY);

  return {
    fixedTime: !minuteText.startsWith("*") && !hourText.startsWith("*"),
    nextYear: (year) => year,
    months: table(MONTH, months),
    matchDay: dayMatcher(dayText, days, weekdayText, weekdays),
    hours: table(HOUR, hours),
    minutes: table(MINUTE, minutes),
    seconds: nextTable([0], 59),
  };
}
