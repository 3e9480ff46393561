/**
 * Parser of systemd OnCalendar schedules with the rules of the `oncalendar`
 * library the live service uses: one expression per
 * line, an optional trailing time-zone name per line, shorthands, and
 * `[weekdays] [date] [time]` expressions.
 * @module
 */

import { pyCollapseWhitespace, pyStrip } from "../../text/py-whitespace.js";
import { type CalendarPattern, type NextTable, dayOfWeek, daysInMonth, nextTable } from "./calendar.js";
import { type Field, type FieldErrors, fieldErrors, range } from "./fields.js";
import { isZoneName } from "./zone.js";

/** One line of an OnCalendar schedule. */
export interface OnCalendarLine extends CalendarPattern {
  /** The zone the line names, or undefined to use the check's own time zone. */
  readonly zone: string | undefined;
}

/** Thrown for text that is not an OnCalendar schedule the service accepts. */
export class OnCalendarSyntaxError extends Error {
  override readonly name = "OnCalendarSyntaxError";
}

const { bad, digits }: FieldErrors = fieldErrors(OnCalendarSyntaxError);

/** Last year the library iterates into (it stops at 2200). */
export const LAST_YEAR = 2199;

const SHORTHANDS: Readonly<Record<string, string>> = {
  minutely: "*-*-* *:*:00",
  hourly: "*-*-* *:00:00",
  daily: "*-*-* 00:00:00",
  monthly: "*-*-01 00:00:00",
  weekly: "Mon *-*-* 00:00:00",
  yearly: "*-01-01 00:00:00",
  annually: "*-01-01 00:00:00",
  quarterly: "*-01,04,07,10-01 00:00:00",
  semiannually: "*-01,07-01 00:00:00",
};

const DAY_NAMES = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const DAY_ABBREVIATIONS = DAY_NAMES.map((name) => name.slice(0, 3));

const WEEKDAY: Field = { name: "day-of-week", min: 0, max: 6 };
const YEAR: Field = { name: "year", min: 1970, max: LAST_YEAR };
const MONTH: Field = { name: "month", min: 1, max: 12 };
const DAY: Field = { name: "day-of-month", min: 1, max: 31 };
const HOUR: Field = { name: "hour", min: 0, max: 23 };
const MINUTE: Field = { name: "minute", min: 0, max: 59 };
const SECOND: Field = { name: "second", min: 0, max: 59 };

function value(field: Field, text: string): number {
  if (field === WEEKDAY) {
    const upper = text.toUpperCase();
    const index = Math.max(DAY_NAMES.indexOf(upper), DAY_ABBREVIATIONS.indexOf(upper));
    if (index < 0) bad(field);
    return index;
  }
  let number = digits(field, text);
  if (field === YEAR && number < 70) number += 2000;
  if (field === YEAR && number < 100) number += 1900;
  if (number < field.min || number > field.max) bad(field);
  return number;
}

/**
 * One field's values. Days counted from the end of the month (`~n`) come out
 * negative: -1 is the last day.
 */
function parseField(field: Field, text: string, fromEnd = false): Set<number> {
  if (text === "*" && field !== WEEKDAY) return new Set(range(field.min, field.max));
  if (field === WEEKDAY && text.endsWith(",")) return parseField(field, text.slice(0, -1));
  if (field === WEEKDAY && text.includes("-")) return parseField(field, text.replaceAll("-", ".."));
  if (field === DAY && text.startsWith("~")) return parseField(field, text.slice(1), true);
  // The service rejects a star combined with anything else (`*/15`, `*,1`): write `0/15`.
  if (text.includes("*")) bad(field);
  if (text.includes(",")) {
    const union = new Set<number>();
    for (const item of text.split(",")) for (const v of parseField(field, item, fromEnd)) union.add(v);
    return union;
  }
  if (text.includes("/") && field !== WEEKDAY) {
    const at = text.indexOf("/");
    const step = digits(field, text.slice(at + 1));
    if (step === 0) bad(field);
    const items = parseField(field, text.slice(0, at), fromEnd);
    if (items.size === 1) {
      const [start = 0] = items;
      return new Set(range(start, fromEnd ? 0 : field.max, step));
    }
    const sorted = [...items].sort((a, b) => a - b);
    return new Set(sorted.filter((_, index) => index % step === 0));
  }
  if (text.includes("..")) {
    const at = text.indexOf("..");
    const start = value(field, text.slice(0, at));
    const end = value(field, text.slice(at + 2));
    if (end < start) bad(field);
    return new Set(fromEnd ? range(-end, -start) : range(start, end));
  }
  const single = value(field, text);
  if (!fromEnd) return new Set([single]);
  // systemd rejects `~` days above 28.
  if (single > 28) bad(field);
  return new Set([-single]);
}

function table(field: Field, values: Set<number>): NextTable {
  return nextTable(values, field.max);
}

function yearFinder(years: Set<number>): (year: number) => number | undefined {
  const next = table(YEAR, years);
  return (year) => {
    if (year > LAST_YEAR) return undefined;
    const found = next[Math.max(year, 0)] ?? -1;
    return found < 0 ? undefined : found;
  };
}

function dayMatcher(days: Set<number>, weekdays: Set<number>) {
  const fromStart = new Uint8Array(32);
  const fromEnd = new Uint8Array(32);
  for (const d of days) {
    if (d > 0) fromStart[d] = 1;
    else if (d < 0) fromEnd[-d] = 1;
  }
  // Monday = 0 … Sunday = 6, as in Python's date.weekday().
  const allowed = new Uint8Array(7);
  for (const w of weekdays) allowed[w] = 1;
  return (year: number, month: number, day: number): boolean =>
    allowed[(dayOfWeek(year, month, day) + 6) % 7] === 1 &&
    (fromStart[day] === 1 || fromEnd[daysInMonth(year, month) - day + 1] === 1);
}

/** Parses one expression (no time zone, no surrounding whitespace). */
function parseExpression(text: string, zone: string | undefined): OnCalendarLine {
  const expanded = SHORTHANDS[text.toLowerCase()] ?? text;
  const parts = pyCollapseWhitespace(expanded.replaceAll("~", "-~")).split(" ").filter((part) => part !== "");
  if (parts.length === 0) throw new OnCalendarSyntaxError("Wrong number of fields");

  let hours = new Set([0]);
  let minutes = new Set([0]);
  let seconds = new Set([0]);
  const last = parts.at(-1) ?? "";
  if (last.includes(":")) {
    parts.pop();
    const [hourText = "", minuteText = "", secondText = "0", ...extra] = last.split(":");
    if (extra.length > 0) throw new OnCalendarSyntaxError("Bad time");
    hours = parseField(HOUR, hourText);
    minutes = parseField(MINUTE, minuteText);
    seconds = parseField(SECOND, secondText);
  }

  let years = new Set(range(YEAR.min, YEAR.max));
  let months = new Set(range(MONTH.min, MONTH.max));
  let days = new Set(range(DAY.min, DAY.max));
  const date = parts.at(-1);
  if (date !== undefined && date.includes("-") && /^[0-9*]/.test(date)) {
    parts.pop();
    const pieces = date.split("-");
    if (pieces.length === 2) pieces.unshift("*");
    const [yearText = "", monthText = "", dayText = ""] = pieces;
    if (pieces.length !== 3) throw new OnCalendarSyntaxError("Bad date");
    years = parseField(YEAR, yearText);
    months = parseField(MONTH, monthText);
    days = parseField(DAY, dayText);
  }

  let weekdays = new Set(range(WEEKDAY.min, WEEKDAY.max));
  const weekdayText = parts.shift();
  if (weekdayText !== undefined) weekdays = parseField(WEEKDAY, weekdayText);
  if (parts.length > 0) throw new OnCalendarSyntaxError("Wrong number of fields");

  return {
    zone,
    nextYear: yearFinder(years),
    months: table(MONTH, months),
    matchDay: dayMatcher(days, weekdays),
    hours: table(HOUR, hours),
    minutes: table(MINUTE, minutes),
    seconds: table(SECOND, seconds),
  };
}

/** Splits off a trailing time-zone name, as the library does for each line. */
function parseLine(line: string): OnCalendarLine {
  const text = pyStrip(line);
  if (text.includes(" ")) {
    const tokens = pyCollapseWhitespace(text).split(" ");
    const zone = tokens.at(-1) ?? "";
    // No zone name starts with a digit or a star, which are how dates and times start.
    if (!/^[0-9*]/.test(zone) && isZoneName(zone)) {
      return parseExpression(pyStrip(text.slice(0, text.length - zone.length)), zone);
    }
  }
  return parseExpression(text, undefined);
}

/**
 * Parses an OnCalendar schedule: its lines (an empty line between them is an error),
 * each with an optional trailing zone name.
 * @throws OnCalendarSyntaxError when the service would reject the schedule.
 */
export function parseOnCalendar(schedule: string): OnCalendarLine[] {
  return pyStrip(schedule).split("\n").map(parseLine);
}
