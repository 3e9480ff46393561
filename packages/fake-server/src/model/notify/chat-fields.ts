/**
 * The facts the chat kinds list under an alert (Slack, Mattermost,
 * Discord, Rocket.Chat and Teams differ only in details): the description,
 * project, tags, the period or the schedule and its time zone, the number
 * of pings and what the last one was and when (`Failure, now`, `Never`).
 * @module
 */
import { naturalTime } from "./natural-time.js";
import { formatPeriod, lastPingKind, tagList } from "./formats.js";
import type { AlertView } from "./view.js";

/** One listed fact; `short` facts may sit side by side. */
export interface ChatField {
  /** Label. */
  title: string;
  /** Text. */
  value: string;
  /** Present (always `true`) for a fact that fits half a row. */
  short?: true;
}

/** How a kind words the shared facts. */
export interface FieldStyle {
  /** Appended to every label (Teams ends labels with `:`). */
  labelEnd: string;
  /** Whether the description is a half-row fact. */
  shortDescription: boolean;
  /** The description as shown. */
  description(desc: string): string;
  /** The tags as shown. */
  tags(tags: string[]): string;
  /** A cron or OnCalendar expression with its `*` kept from reading as markup. */
  schedule(expression: string): string;
}

/** A fact; `short` unless told otherwise. */
export function field(title: string, value: string, short = true): ChatField {
  return short ? { title, value, short: true } : { title, value };
}

/** `Failure, 2 minutes ago` for the last ping, or `Never`. */
export function lastPingSummary(view: AlertView): string {
  const ping = view.lastPing;
  return ping ? `${lastPingKind(ping)}, ${naturalTime(ping.at, view.now)}` : "Never";
}

/** The facts of the check, in the order every chat kind lists them. */
export function checkFields(view: AlertView, style: FieldStyle): ChatField[] {
  const { check } = view;
  const label = (title: string): string => `${title}${style.labelEnd}`;
  const fields: ChatField[] = [];
  if (check.desc) fields.push(field(label("Description"), style.description(check.desc), style.shortDescription));
  if (view.project.name) fields.push(field(label("Project"), view.project.name));
  const tags = tagList(check.tags);
  if (tags.length > 0) fields.push(field(label("Tags"), style.tags(tags)));
  if (check.kind === "simple") {
    fields.push(field(label("Period"), formatPeriod(check.timeout)));
  } else {
    fields.push(field(label("Schedule"), style.schedule(check.schedule)), field(label("Time Zone"), check.tz));
  }
  fields.push(
    field(label("Total Pings"), String(view.lastPing?.n ?? 0)),
    field(label("Last Ping"), lastPingSummary(view)),
  );
  return fields;
}
