/**
 * The raw text of a JSON object's top-level members, for what parsing
 * loses: `JSON.parse` reads `3600`, `3600.0` and `3.6e3` as the same number,
 * while the service's Python parser makes the last two floats; and it puts
 * members named like array indexes first, while Python keeps written order.
 * @module
 */

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
  return i;
}

// The index just after the string token starting at `at` (an opening quote).
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

// The index just after the value token starting at `at`: a string, an
// object or array (nesting counted, strings skipped), or a bare token.
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first === "{" || first === "[") {
    let depth = 0;
    let i = at;
    while (i < text.length) {
      const char = text[i] as string;
      if (char === '"') {
        i = stringEnd(text, i);
        continue;
      }
      if (char === "{" || char === "[") depth++;
      else if (char === "}" || char === "]") depth--;
      i++;
      if (depth === 0) return i;
    }
    return i;
  }
  let i = at;
  while (i < text.length && !WHITESPACE.has(text[i] as string) && text[i] !== "," && text[i] !== "}") i++;
  return i;
}

// Each top-level member of the object `text` as its unescaped name and the
// raw text of its value, in written order; nothing when `text` is no object.
function* members(text: string): Generator<[name: string, token: string]> {
  let i = skipWhitespace(text, 0);
  if (text[i] !== "{") return;
  i = skipWhitespace(text, i + 1);
  while (text[i] === '"') {
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1);
    const end = valueEnd(text, i);
    yield [key, text.slice(i, end)];
    i = skipWhitespace(text, end);
    if (text[i] !== ",") break;
    i = skipWhitespace(text, i + 1);
  }
}

/**
 * The raw value tokens of the top-level members named in `names`, as
 * written in `text` (member names compared after unescaping; for a repeated
 * member the last one counts, as when parsing). `text` must be a JSON object
 * that parses; anything else gives an empty map.
 */
export function memberTokens(text: string, names: ReadonlySet<string>): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const [key, token] of members(text)) if (names.has(key)) tokens.set(key, token);
  return tokens;
}

/**
 * The names of the top-level members of the JSON object `text` in the order
 * Python's parser keeps them (where each first appears), which `JSON.parse`
 * does not keep for names that look like array indexes (`"10"` comes first
 * there). `text` must be a JSON object that parses; anything else gives none.
 */
export function memberNames(text: string): string[] {
  const names = new Set<string>();
  for (const [key] of members(text)) names.add(key);
  return [...names];
}
