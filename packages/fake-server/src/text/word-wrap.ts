/**
 * Word wrapping as the service's alert emails wrap a ping body (Django's
 * `wordwrap` filter, which is Python's `textwrap` with long words kept
 * whole): every line of the text is wrapped on its own, lengths counted in
 * code points, tabs expanded to 8-column stops first.
 * @module
 */
import { codePointLength } from "./code-points.js";
import { pyStrip } from "./py-whitespace.js";

/** What Python's `str.splitlines` breaks at. */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
/** The runs `textwrap` breaks lines at (its own fixed set of whitespace). */
const BREAKABLE = /([\t\n\v\f\r ]+)/;
const TAB_SIZE = 8;

/** Python's `str.splitlines()`: no empty piece after a final line break. */
function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Python's `str.expandtabs()` for a text without line breaks. */
function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  let column = 0;
  for (const char of line) {
    if (char === "\t") {
      const pad = TAB_SIZE - (column % TAB_SIZE);
      out += " ".repeat(pad);
      column += pad;
    } else {
      out += char;
      column++;
    }
  }
  return out;
}

/** `TextWrapper.wrap` with `break_long_words` and `break_on_hyphens` off and whitespace kept. */
function wrapLine(line: string, width: number): string[] {
  const chunks = expandTabs(line)
    .split(BREAKABLE)
    .filter((chunk) => chunk !== "")
    .reverse();
  const lines: string[] = [];
  while (chunks.length > 0) {
    const current: string[] = [];
    let length = 0;
    if (lines.length > 0 && pyStrip(chunks.at(-1) as string) === "") chunks.pop();
    while (chunks.length > 0) {
      const next = codePointLength(chunks.at(-1) as string);
      if (length + next > width) break;
      current.push(chunks.pop() as string);
      length += next;
    }
    // A word longer than the width goes whole on a line of its own.
    if (chunks.length > 0 && current.length === 0 && codePointLength(chunks.at(-1) as string) > width) {
      current.push(chunks.pop() as string);
    }
    if (current.length > 0 && pyStrip(current.at(-1) as string) === "") current.pop();
    if (current.length > 0) lines.push(current.join(""));
  }
  return lines;
}

/**
 * Wraps `text` at `width` columns the way the service's `wordwrap` filter
 * does: existing line breaks kept (Python's set of them, each becoming
 * `\n`), a break consuming the spaces it replaces, a word longer than the
 * width left whole, a line of only whitespace kept as it is, a final line
 * break kept.
 */
export function wordWrap(text: string, width: number): string {
  const out: string[] = [];
  for (const line of splitLines(text)) {
    const wrapped = wrapLine(line, width);
    if (wrapped.length === 0) out.push(line);
    else out.push(...wrapped);
  }
  if (text.endsWith("\n")) out.push("");
  return out.join("\n");
}
