/**
 * Relative times as the service's messages print them ("Last ping: 2
 * minutes ago"), the English wording of Django's `naturaltime`: under a
 * second `now`; then seconds, minutes or hours (`a second ago`, `5 minutes
 * ago`, `an hour ago`); from a day on, the two largest calendar units
 * (`1 day, 2 hours ago`, `3 months, 1 week ago`). A time after `now` reads
 * `… from now` the same way.
 * @module
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Days per month for the month arithmetic, February always 28, as the service counts. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const UNITS = ["year", "month", "week", "day", "hour", "minute"] as const;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function timeOfDay(date: Date): number {
  return date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Django's `timesince(from, to)` with depth 2: the two largest non-zero adjacent units. */
function elapsed(from: number, to: number): string {
  if (Math.floor((to - from) / SECOND) <= 0) return count(0, "minute");
  const start = new Date(from);
  const end = new Date(to);
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  if (
    start.getUTCDate() > end.getUTCDate() ||
    (start.getUTCDate() === end.getUTCDate() && timeOfDay(start) > timeOfDay(end))
  ) {
    months--;
  }
  const years = Math.floor(months / 12);
  months -= years * 12;
  let pivot = from;
  if (years !== 0 || months !== 0) {
    const monthIndex = start.getUTCMonth() + months;
    const year = start.getUTCFullYear() + years + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    // The pivot keeps whole seconds only, as the service's does.
    pivot = Date.UTC(
      year,
      month,
      Math.min(MONTH_DAYS[month] as number, start.getUTCDate()),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    );
  }
  let remaining = to - pivot;
  const parts = [years, months];
  for (const chunk of [WEEK, DAY, HOUR, MINUTE]) {
    const n = Math.floor(remaining / chunk);
    parts.push(n);
    remaining -= n * chunk;
  }
  const first = parts.findIndex((n) => n !== 0);
  if (first === -1) return count(0, "minute");
  const out = [count(parts[first] as number, UNITS[first] as string)];
  const second = parts[first + 1];
  if (second !== undefined && second !== 0) out.push(count(second, UNITS[first + 1] as string));
  return out.join(", ");
}

function phrase(n: number, one: string, unit: string, suffix: string): string {
  return n === 1 ? `${one} ${suffix}` : `${n} ${unit}s ${suffix}`;
}

/** How long ago (or ahead) `at` is, seen from `now` (both epoch ms), as the service's messages say it. */
export function naturalTime(at: number, now: number): string {
  const past = at < now;
  const delta = Math.abs(now - at);
  const suffix = past ? "ago" : "from now";
  if (delta >= DAY) return `${past ? elapsed(at, now) : elapsed(now, at)} ${suffix}`;
  const seconds = Math.floor(delta / SECOND);
  if (seconds === 0) return "now";
  if (seconds < 60) return phrase(seconds, "a second", "second", suffix);
  if (seconds < 3600) return phrase(Math.floor(seconds / 60), "a minute", "minute", suffix);
  return phrase(Math.floor(seconds / 3600), "an hour", "hour", suffix);
}
