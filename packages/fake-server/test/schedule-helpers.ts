/**
 * Helpers for the schedule-engine tests: readable instants and fire-time chains.
 * Offsets are read from Intl directly, independently of the engine's zone code.
 */
import { nextFireTime } from "../src/model/schedule/index.js";

/** `instant` as `YYYY-MM-DDTHH:MM[:SS]±HH:MM` in `tz` (seconds only when not zero). */
export function local(instant: number, tz: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "longOffset",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? "";
  const offset = part("timeZoneName").replace("GMT", "") || "+00:00";
  const seconds = part("second") === "00" ? "" : `:${part("second")}`;
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}${seconds}${offset}`;
}

/** `instant` in UTC as `YYYY-MM-DDTHH:MM[:SS]Z`, or "none". */
export function utc(instant: number | undefined): string {
  if (instant === undefined) return "none";
  const text = new Date(instant).toISOString().replace(".000Z", "Z");
  return text.endsWith(":00Z") ? `${text.slice(0, -4)}Z` : text;
}

/** Epoch ms of an ISO text with an offset or `Z`. */
export function at(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad instant ${iso}`);
  return ms;
}

/** The next `count` fire times after `start`, each searched from the previous one. */
export function fireTimes(schedule: string, tz: string, start: number, count: number): (number | undefined)[] {
  const times: (number | undefined)[] = [];
  let previous: number | undefined = start;
  while (times.length < count && previous !== undefined) {
    previous = nextFireTime(schedule, tz, previous);
    times.push(previous);
  }
  return times;
}

/** {@link fireTimes} shown with {@link local} in `tz` ("none" for the end of the schedule). */
export function localFireTimes(schedule: string, tz: string, start: number, count: number): string[] {
  return fireTimes(schedule, tz, start, count).map((t) => (t === undefined ? "none" : local(t, tz)));
}

/** {@link fireTimes} shown with {@link utc}. */
export function utcFireTimes(schedule: string, tz: string, start: number, count: number): string[] {
  return fireTimes(schedule, tz, start, count).map(utc);
}
