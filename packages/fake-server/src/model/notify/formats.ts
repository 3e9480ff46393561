/**
 * The small formats every alert shares: a check's period (`1 day 2 hours`),
 * a downtime sentence (`2 hours, 5 minutes`), the last ping's kind
 * (`Exit status 7`), the long reason of a down flip, dates as emails print
 * them, and the links to the check's public ("cloaked") page and the logo.
 * Times are shown in UTC.
 * @module
 */
import { codePointLength, cutCodePoints } from "../../text/code-points.js";
import { pyStrip } from "../../text/py-whitespace.js";
import type { AlertPing, AlertView } from "./view.js";

const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
/** Longest ping body a chat message shows, in characters. */
export const CHAT_BODY_MAX_LENGTH = 1000;
const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/**
 * A period in seconds as the service prints it: weeks, days, hours and
 * minutes, zero parts and seconds left out, weeks only for a whole number
 * of weeks (`1 minute`, `8 days`, `2 weeks`, `1 day 2 hours`).
 */
export function formatPeriod(seconds: number): string {
  let rest = Math.trunc(seconds);
  const parts: string[] = [];
  for (const [unit, size] of [
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3600],
    ["minute", 60],
  ] as const) {
    if (unit === "week" && rest % size !== 0) continue;
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(count(n, unit));
  }
  return parts.join(" ");
}

/**
 * A downtime as the alerts' sentence says it, whole seconds, two largest
 * units: `1 day, 3 hours`, `2 hours, 0 minutes`, `5 minutes, 1 second`,
 * `38 seconds`.
 */
export function formatDowntime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${count(days, "day")}, ${count(hours, "hour")}`;
  if (hours > 0) return `${count(hours, "hour")}, ${count(minutes, "minute")}`;
  if (minutes > 0) return `${count(minutes, "minute")}, ${count(seconds, "second")}`;
  return count(seconds, "second");
}

/** The kind of the last ping as messages name it: `Success`, `Failure`, `Exit status 7`, `Start`, `Log`, `Ignored`. */
export function lastPingKind(ping: AlertPing): string {
  switch (ping.type) {
    case "fail":
      return ping.exitStatus ? `Exit status ${ping.exitStatus}` : "Failure";
    case "start":
      return "Start";
    case "log":
      return "Log";
    case "ign":
      return "Ignored";
    default:
      return "Success";
  }
}

/** Why a check went down, in the words of the alerts, or `null` for a flip without a reason (an up flip). */
export function reasonLong(reason: AlertView["flip"]["reason"]): string | null {
  if (reason === "timeout") return "success signal did not arrive on time, grace time passed";
  if (reason === "fail") return "received a failure signal";
  return null;
}

/** The check's name, or its UUID when it has none. */
export function nameThenCode(view: AlertView): string {
  return view.check.name || view.check.uuid;
}

/** The check's tags as a list: split at spaces, empty pieces dropped, each stripped. */
export function tagList(tags: string): string[] {
  return tags
    .split(" ")
    .map((tag) => pyStrip(tag))
    .filter((tag) => tag !== "");
}

/** The check's public page: `{root}/cloaked/{unique_key}/`. */
export function cloakedUrl(view: AlertView): string {
  return `${view.site.root}/cloaked/${view.check.uniqueKey}/`;
}

/** The site logo the chat kinds show: `{root}/static/img/logo.png`. */
export function logoUrl(view: AlertView): string {
  return `${view.site.root}/static/img/logo.png`;
}

/** A time (epoch ms) as an email's RFC 5322 date: `Thu, 26 Nov 2026 00:58:53 +0000`. */
export function rfc5322Date(ms: number): string {
  const d = new Date(ms);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const date = `${pad(d.getUTCDate())} ${MONTH_NAMES[d.getUTCMonth()]} ${pad(d.getUTCFullYear(), 4)}`;
  return `${DAY_NAMES[d.getUTCDay()]}, ${date} ${time} +0000`;
}

/** A day as the email's "since" note prints it: `Nov 26, 2026`. */
export function shortDate(ms: number): string {
  const d = new Date(ms);
  return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** A time (epoch ms) as `$NOW` gives it: whole seconds, `2026-11-26T00:58:53+00:00`. */
export function isoSeconds(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

/** The last ping's body as text (invalid UTF-8 replaced by U+FFFD), or `""` when it has none. */
export function pingBodyText(ping: AlertPing | null): string {
  return ping?.body ? UTF8.decode(ping.body) : "";
}

/**
 * The last ping's body for a chat message: `""` when there is none, cut to
 * `max` characters with a `[truncated]` line when longer.
 */
export function cutBody(ping: AlertPing | null, max: number): string {
  const body = pingBodyText(ping);
  if (codePointLength(body) <= max) return body;
  return `${cutCodePoints(body, max)}\n[truncated]`;
}

/**
 * What the service does to every message it renders from a template:
 * surrounding whitespace stripped, no-break spaces made plain spaces.
 */
export function templated(text: string): string {
  return pyStrip(text).replaceAll("\u00a0", " ");
}

/** For an up flip after a down one: how long the check was down (`38 seconds`); otherwise `null`. */
export function downtimeText(view: AlertView): string | null {
  return view.flip.status === "up" && view.downtimeMs ? formatDowntime(view.downtimeMs) : null;
}

/** ` (received a failure signal)` after a down flip's headline, or `""` when the flip has no reason. */
export function reasonSuffix(view: AlertView): string {
  const reason = reasonLong(view.flip.reason);
  return reason ? ` (${reason})` : "";
}
