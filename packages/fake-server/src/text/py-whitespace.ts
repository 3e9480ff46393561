/**
 * Whitespace as the live service's Python code sees it (`str.strip()`,
 * `re` `\s`): JavaScript's `trim()` and `\s` differ in a few characters
 * (U+001C–U+001F and U+0085 are whitespace only in Python, U+FEFF only in
 * JavaScript), which would change which keywords and texts match.
 * @module
 */

const CLASS = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const ONE = new RegExp(`^${CLASS}$`);
const RUNS = new RegExp(`${CLASS}+`, "g");

function isSpace(text: string, index: number): boolean {
  return ONE.test(text.charAt(index));
}

/** `text.strip()` of Python: removes leading and trailing whitespace. */
export function pyStrip(text: string): string {
  // Index scans instead of an anchored /\s+$/, which backtracks quadratically on long inner runs.
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text, start)) start++;
  while (end > start && isSpace(text, end - 1)) end--;
  return text.slice(start, end);
}

/** Python's `re.sub(r"\s+", " ", text).strip()`: every whitespace run becomes one space, ends trimmed. */
export function pyCollapseWhitespace(text: string): string {
  return pyStrip(text.replace(RUNS, " "));
}
