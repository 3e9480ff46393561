/**
 * What the incident tools that take a check as an incident keyed by its
 * public `unique_key` share (Spike, PagerTree and Splunk On-Call). Each
 * posts JSON to the integration's URL with a title such as
 * `name is DOWN (received a failure signal)` and, going down after a
 * ping, a description adding `Last ping was 5 minutes ago.`.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { nameThenCode, reasonSuffix, templated } from "./formats.js";
import { naturalTime } from "./natural-time.js";
import type { AlertView } from "./view.js";

/** `name is DOWN (reason)` or `name is UP`; the name as given (`escape`: HTML-escaped, as some templates print it). */
export function headline(view: AlertView, escape = false): string {
  const name = escape ? escapeHtml(nameThenCode(view)) : nameThenCode(view);
  return `${name} is ${view.flip.status.toUpperCase()}${reasonSuffix(view)}`;
}

/** The headline as a sentence and, for a down flip after a ping, when that ping came. */
export function description(view: AlertView, escape: boolean): string {
  const lines = [`${headline(view, escape)}.`];
  if (view.flip.status === "down" && view.lastPing !== null) lines.push("", `Last ping was ${naturalTime(view.lastPing.at, view.now)}.`);
  return templated(lines.join("\n"));
}
