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
import type { AlertView } from "./view.js";

/** Where a template is rendered, which decides escaping and whether `$BODY` is known. */
export type TemplatePart = "url" | "body" | "header";

/** Placeholder names with their values (each worked out only when a template uses it), in the order they are tried. */
export type PlaceholderValues = ReadonlyArray<readonly [name: string, value: () => string]>;

/**
 * The placeholder values of one delivery for one part of the request, in
 * the order the service tries them: `$CODE`, `$STATUS`, `$NOW`,
 * `$NAME_JSON`, `$NAME`, `$SLUG`, `$TAGS`, `$JSON`, then (bodies only)
 * `$BODY_JSON` and `$BODY`, then `$EXITSTATUS` and `$TAG1`…`$TAGn`. In a
 * URL the values that may hold arbitrary text are percent-encoded; the
 * UUID, status, slug and exit status go in as they are.
 */
export function placeholderValues(view: AlertView, part: TemplatePart): PlaceholderValues {
  const escape = part === "url" ? percentEncode : (text: string) => text;
  const values: Array<[string, () => string]> = [
    ["$CODE", () => view.check.uuid],
    ["$STATUS", () => view.flip.status],
    ["$NOW", () => escape(isoSeconds(view.flip.at))],
    ["$NAME_JSON", () => escape(serviceJson(view.check.name))],
    ["$NAME", () => escape(view.check.name)],
    ["$SLUG", () => view.check.slug],
    ["$TAGS", () => escape(view.check.tags)],
    ["$JSON", () => escape(view.check.json)],
  ];
  if (part === "body") {
    values.push(["$BODY_JSON", () => serviceJson(pingBodyText(view.lastPing))], ["$BODY", () => pingBodyText(view.lastPing)]);
  }
  values.push(["$EXITSTATUS", () => String(view.lastPing?.exitStatus ?? -1)]);
  tagList(view.check.tags).forEach((tag, i) => values.push([`$TAG${i + 1}`, () => escape(tag)]));
  return values;
}

/** Renders `template` with `values` by the service's algorithm (see the module notes). */
export function substitute(template: string, values: PlaceholderValues): string {
  const [head = "", ...pieces] = template.split("$");
  const worked = new Map<string, string>();
  let out = head;
  for (const rest of pieces) {
    const piece = `$${rest}`;
    const match = values.find(([name]) => piece.startsWith(name));
    if (match === undefined) {
      out += piece;
      continue;
    }
    const [name, value] = match;
    if (!worked.has(name)) worked.set(name, value());
    out += (worked.get(name) as string) + piece.slice(name.length);
  }
  return out;
}

/** Every character above U+00FF replaced by its decimal reference `&#N;`, so that the text can go out as Latin-1. */
export function latin1References(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    out += code > 0xff ? `&#${code};` : char;
  }
  return out;
}
