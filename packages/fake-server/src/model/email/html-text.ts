/**
 * HTML to plain text for the email body filter, following the
 * live service: Python's `HTMLParser` with character references converted,
 * only text outside `<script>` and `<style>` kept, pieces joined without
 * separators, whitespace runs collapsed and the ends trimmed.
 * @module
 */
import { LEGACY_REFERENCES, NAMED_REFERENCES } from "./html-entities.js";
import { pyCollapseWhitespace } from "../../text/py-whitespace.js";

/** Elements whose content is raw text, dropped from the result. */
const HIDDEN_ELEMENTS = new Set(["script", "style"]);

/** A tag name, from its first letter to whitespace, `/` or `>`. */
const TAG_NAME = /[a-zA-Z][^\t\n\r\f />\0]*/y;

/** Character references as Python's `html.unescape` finds them. */
const CHAR_REF = /&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)/g;

/** Numeric references the HTML standard remaps (C1 controls read as windows-1252, NUL, CR). */
const REMAPPED_NUMERIC: ReadonlyMap<number, number> = new Map([
  [0x00, 0xfffd], [0x0d, 0x0d], [0x80, 0x20ac], [0x81, 0x81], [0x82, 0x201a], [0x83, 0x0192],
  [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021], [0x88, 0x02c6], [0x89, 0x2030],
  [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x8d, 0x8d], [0x8e, 0x017d], [0x8f, 0x8f],
  [0x90, 0x90], [0x91, 0x2018], [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022],
  [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc], [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a],
  [0x9c, 0x0153], [0x9d, 0x9d], [0x9e, 0x017e], [0x9f, 0x0178],
]);

/** Code points a numeric reference may not produce; Python drops them. */
function isDroppedCodePoint(cp: number): boolean {
  return (
    (cp >= 0x01 && cp <= 0x08) ||
    cp === 0x0b ||
    (cp >= 0x0e && cp <= 0x1f) ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0xfdd0 && cp <= 0xfdef) ||
    (cp & 0xfffe) === 0xfffe
  );
}

function numericReference(body: string): string {
  const hex = body[1] === "x" || body[1] === "X";
  const digits = body.slice(hex ? 2 : 1).replace(/;$/, "");
  const cp = Number.parseInt(digits, hex ? 16 : 10);
  const remapped = REMAPPED_NUMERIC.get(cp);
  if (remapped !== undefined) return String.fromCodePoint(remapped);
  if ((cp >= 0xd800 && cp <= 0xdfff) || !(cp <= 0x10ffff)) return "\ufffd";
  if (isDroppedCodePoint(cp)) return "";
  return String.fromCodePoint(cp);
}

function namedReference(match: string, body: string): string {
  const exact = body.endsWith(";") ? NAMED_REFERENCES.get(body.slice(0, -1)) : undefined;
  if (exact !== undefined) return String.fromCodePoint(exact);
  // Like the HTML standard, a legacy name may stand without ";" and run into the following text.
  for (let length = body.length - 1; length > 1; length--) {
    const name = body.slice(0, length);
    const cp = NAMED_REFERENCES.get(name);
    if (cp !== undefined && LEGACY_REFERENCES.has(name)) return String.fromCodePoint(cp) + body.slice(length);
  }
  if (!body.endsWith(";")) {
    const cp = NAMED_REFERENCES.get(body);
    if (cp !== undefined && LEGACY_REFERENCES.has(body)) return String.fromCodePoint(cp);
  }
  return match;
}

/** Decodes character references (`&amp;`, `&#65;`, `&#x41;`, legacy `&nbsp` without `;`). */
function decodeCharacterReferences(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(CHAR_REF, (match, body: string) =>
    body.startsWith("#") ? numericReference(body) : namedReference(match, body),
  );
}

/**
 * `indexOf` for a scan that only moves forward: remembers the last answer per
 * searched string, so malformed input full of unclosed `<` or quotes costs
 * linear time instead of rescanning to the end at every `<`.
 */
class ForwardFinder {
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  /** Index of `needle` at or after `from`, -1 when absent. */
  next(needle: string, from: number): number {
    const cached = this.found.get(needle);
    if (cached && from >= cached.from && (cached.at < 0 || from <= cached.at)) return cached.at;
    const at = this.text.indexOf(needle, from);
    this.found.set(needle, { from, at });
    return at;
  }

  /** Index just after `needle` at or after `from`, or the end of the text when it never comes. */
  past(needle: string, from: number): number {
    const at = this.next(needle, from);
    return at < 0 ? this.text.length : at + needle.length;
  }
}

/**
 * Index of the `>` closing a start tag whose attributes begin at `from`; a
 * quoted attribute value may contain `>`, an unclosed quote is an ordinary
 * character. -1 when no `>` follows.
 */
function startTagEnd(find: ForwardFinder, from: number): number {
  let position = from;
  for (;;) {
    const close = find.next(">", position);
    if (close < 0) return -1;
    const double = find.next('"', position);
    const single = find.next("'", position);
    const quote = double < 0 ? single : single < 0 ? double : Math.min(double, single);
    if (quote < 0 || quote > close) return close;
    const quoteEnd = find.next(quote === double ? '"' : "'", quote + 1);
    if (quoteEnd < 0) return close;
    position = quoteEnd + 1;
  }
}

/** Start of the end tag that closes a raw-text element, or the end of `html`. */
function rawTextEnd(html: string, element: string, from: number): number {
  const closing = new RegExp(`</${element}(?=[\\t\\n\\r\\f />]|$)`, "gi");
  closing.lastIndex = from;
  const found = closing.exec(html);
  return found ? found.index : html.length;
}

/**
 * Converts an HTML document or fragment to the text the email body filter
 * searches: tags, comments and declarations dropped, `<script>`/`<style>`
 * content dropped, character references decoded, text pieces concatenated
 * without separators, whitespace runs (Python's definition) collapsed to one
 * space and the ends trimmed. `<b>S</b>UCCESS` → `SUCCESS`.
 */
export function htmlToText(html: string): string {
  const find = new ForwardFinder(html);
  const pieces: string[] = [];
  let position = 0;
  while (position < html.length) {
    const open = find.next("<", position);
    if (open < 0) {
      pieces.push(decodeCharacterReferences(html.slice(position)));
      break;
    }
    pieces.push(decodeCharacterReferences(html.slice(position, open)));
    const markup = readMarkup(html, find, open);
    if (markup.hides !== undefined) {
      // Raw text of <script>/<style>: its end tag only restores visibility.
      position = find.past(">", rawTextEnd(html, markup.hides, markup.end));
    } else {
      position = markup.end;
    }
    if (markup.literal) pieces.push("<");
  }
  return pyCollapseWhitespace(pieces.join(""));
}

interface Markup {
  /** Where parsing resumes. */
  end: number;
  /** The `<` started no markup and is text. */
  literal?: true;
  /** A hidden element was opened: its name. */
  hides?: string;
}

/** Reads the markup starting with the `<` at `open`. */
function readMarkup(html: string, find: ForwardFinder, open: number): Markup {
  const next = html.charAt(open + 1);
  if (/[a-zA-Z]/.test(next)) {
    // Without a later `>` there is no tag; checking first keeps the name scan from running to the end each time.
    if (find.next(">", open + 1) < 0) return { end: open + 1, literal: true };
    TAG_NAME.lastIndex = open + 1;
    const name = (TAG_NAME.exec(html)?.[0] ?? "").toLowerCase();
    const close = startTagEnd(find, TAG_NAME.lastIndex);
    if (close < 0) return { end: open + 1, literal: true };
    // `<script/>` opens and closes at once: it hides nothing.
    const selfClosing = html.charAt(close - 1) === "/";
    return HIDDEN_ELEMENTS.has(name) && !selfClosing ? { end: close + 1, hides: name } : { end: close + 1 };
  }
  if (next === "/") {
    // An end tag, or a bogus comment when no name follows; either runs to the next `>`.
    const close = find.next(">", open + 2);
    return close < 0 ? { end: open + 1, literal: true } : { end: close + 1 };
  }
  if (html.startsWith("<!--", open)) return { end: find.past("-->", open + 4) };
  if (next === "!" || next === "?") return { end: find.past(">", open + 2) };
  return { end: open + 1, literal: true };
}
