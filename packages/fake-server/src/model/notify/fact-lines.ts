/**
 * The lines of check facts that the text alerts (Telegram, Pushover,
 * Signal, GitHub issues) print one per line: project, tags, period or
 * schedule and time zone, the number of pings and the last one, every
 * value HTML-escaped as the service's templates print it. The kinds differ
 * only in how a label is marked (`<b>Project:</b>`, `**Project:**`) and
 * how tags and the schedule are set off.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "./chat-fields.js";
import { formatPeriod, tagList } from "./formats.js";
import type { AlertView } from "./view.js";

/** How a kind marks its facts. */
export interface FactStyle {
  /** A label with its colon, marked up (`<b>Tags:</b>`). */
  label(name: string): string;
  /** The (escaped) tags as shown. */
  tags(tags: string[]): string;
  /** An (escaped) schedule as code. */
  code(text: string): string;
}

/** The HTML style: `<b>Label:</b>`, tags separated by commas, `<code>` schedules. */
export const HTML_FACTS: FactStyle = {
  label: (name) => `<b>${name}:</b>`,
  tags: (tags) => tags.join(", "),
  code: (text) => `<code>${text}</code>`,
};

/** The check's facts, one per line. */
export function factLines(view: AlertView, style: FactStyle): string[] {
  const { check } = view;
  const lines: string[] = [];
  if (view.project.name) lines.push(`${style.label("Project")} ${escapeHtml(view.project.name)}`);
  const tags = tagList(check.tags);
  if (tags.length > 0) lines.push(`${style.label("Tags")} ${style.tags(tags.map(escapeHtml))}`);
  if (check.kind === "simple") lines.push(`${style.label("Period")} ${formatPeriod(check.timeout)}`);
  else lines.push(`${style.label("Schedule")} ${style.code(escapeHtml(check.schedule))}`, `${style.label("Time Zone")} ${escapeHtml(check.tz)}`);
  lines.push(`${style.label("Total Pings")} ${view.lastPing?.n ?? 0}`, `${style.label("Last Ping")} ${lastPingSummary(view)}`);
  return lines;
}
