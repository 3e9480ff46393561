/**
 * Webhook templates: the `$PLACEHOLDER` values of one delivery and the
 * service's substitution, which is not a search for whole words. The
 * template is cut at every `$`; each piece after the first is given the
 * value of the first placeholder, in a fixed order, whose name it starts
 * with, and the rest of the piece is kept as written. So `$NAMEX` is the
 * name followed by `X`, `$TAG10` is the first tag followed by `0`,
 * `$$STATUS` is `$down`, an unknown `$WORD` stays as it is, and a value
 * that itself holds `$NAME` is never expanded again.
 * @module
 */
import { serviceJson } from "../../text/json.js";
import { percentEncode } from "../../text/percent.js";
import { isoSeconds, pingBodyText, tagList } from "./formats.js";
import { RENDER_LIMIT_ERROR, RENDERED_ALERT_MAX_LENGTH } from "./limits.js";
import type { AlertView } from "./view.js";

/** Where a template is rendered, which decides escaping and whether `$BODY` is known. */
export type TemplatePart = "url" | "body" | "header";

/** Placeholder names with their values (each worked out only when a template uses it, and then once), in the order they are tried. */
export type PlaceholderValues = ReadonlyArray<readonly [name: string, value: () => string]>;

/** The values of the three parts for one flip's check, flip and last ping. */
interface FlipValues {
  check: AlertView["check"];
  flip: AlertView["flip"];
  lastPing: AlertView["lastPing"];
  parts: Partial<Record<TemplatePart, PlaceholderValues>>;
}

// Every channel a flip notifies sees the same check, flip and last ping
// objects; their values (the escaped `$JSON` above all) are worked out once
// for all of them rather than once per channel and part. Only the latest
// flip is kept: its channels are rendered one after another.
let latest: FlipValues | null = null;

function once(work: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= work());
}

/**
 * The placeholder values of one delivery for one part of the request, in
 * the order the service tries them: `$CODE`, `$STATUS`, `$NOW`,
 * `$NAME_JSON`, `$NAME`, `$SLUG`, `$TAGS`, `$JSON`, then (bodies only)
 * `$BODY_JSON` and `$BODY`, then `$EXITSTATUS` and `$TAG1`…`$TAGn`. In a
 * URL the values that may hold arbitrary text are percent-encoded; the
 * UUID, status, slug and exit status go in as they are. Views that share
 * their check, flip and last ping objects share the values.
 */
export function placeholderValues(view: AlertView, part: TemplatePart): PlaceholderValues {
  if (latest === null || latest.check !== view.check || latest.flip !== view.flip || latest.lastPing !== view.lastPing) {
    latest = { check: view.check, flip: view.flip, lastPing: view.lastPing, parts: {} };
  }
  return (latest.parts[part] ??= valuesFor(view, part));
}

function valuesFor(view: AlertView, part: TemplatePart): PlaceholderValues {
  const escape = part === "url" ? percentEncode : (text: string) => text;
  const values: Array<[string, () => string]> = [
    ["$CODE", () => view.check.uuid],
    ["$STATUS", () => view.flip.status],
    ["$NOW", once(() => escape(isoSeconds(view.flip.at)))],
    ["$NAME_JSON", once(() => escape(serviceJson(view.check.name)))],
    ["$NAME", once(() => escape(view.check.name))],
    ["$SLUG", () => view.check.slug],
    ["$TAGS", once(() => escape(view.check.tags))],
    ["$JSON", once(() => escape(view.check.json))],
  ];
  if (part === "body") {
    values.push(["$BODY_JSON", once(() => serviceJson(pingBodyText(view.lastPing)))], ["$BODY", once(() => pingBodyText(view.lastPing))]);
  }
  values.push(["$EXITSTATUS", () => String(view.lastPing?.exitStatus ?? -1)]);
  tagList(view.check.tags).forEach((tag, i) => values.push([`$TAG${i + 1}`, once(() => escape(tag))]));
  return values;
}

/**
 * Renders `template` with `values` by the service's algorithm (see the
 * module notes).
 * @throws RangeError ({@link RENDER_LIMIT_ERROR}) as soon as the text is longer than `limit` characters.
 */
export function substitute(template: string, values: PlaceholderValues, limit = RENDERED_ALERT_MAX_LENGTH): string {
  let start = template.indexOf("$");
  if (start < 0) return template;
  let out = template.slice(0, start);
  // Each piece runs from one `$` to the next; a name holds no `$` past its first character, so it never reaches past its piece.
  while (start >= 0) {
    const next = template.indexOf("$", start + 1);
    const end = next < 0 ? template.length : next;
    let rest = start;
    let value = "";
    for (const [name, work] of values) {
      if (!template.startsWith(name, start)) continue;
      value = work();
      rest = start + name.length;
      break;
    }
    out += value + template.slice(rest, end);
    if (out.length > limit) throw new RangeError(RENDER_LIMIT_ERROR);
    start = next;
  }
  return out;
}

const BEYOND_LATIN1 = /[^\x00-\xff]/;

/** Every character above U+00FF replaced by its decimal reference `&#N;`, so that the text can go out as Latin-1. */
export function latin1References(text: string): string {
  if (!BEYOND_LATIN1.test(text)) return text;
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    out += code > 0xff ? `&#${code};` : char;
  }
  return out;
}
