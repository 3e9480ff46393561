/**
 * The address of a `MAIL FROM:` / `RCPT TO:` / `VRFY` argument, read the way
 * the service's SMTP server reads it (aiosmtpd, through Python's RFC 5322
 * address parser): `<addr>`, a bare `addr` and the null path `<>` are all
 * addresses, a missing `>` is forgiven, and what follows the address is
 * returned as its parameters.
 * @module
 */

/** What the argument held: the address (`"<>"` for the null path, `""` for no argument) and the text after it. */
export type ParsedPath = { address: string; rest: string } | { malformed: true } | { crash: "IndexError" };

const WSP = " \t";
const SPECIALS = '()<>@,:;.\\"[]';
const ATOM_ENDS = SPECIALS + WSP;
// Characters that end a word of a phrase: the specials but `.`, `"` and `(`.
const PHRASE_ENDS = ')<>@,:;\\[]';
const DOT_ATOM_ENDS = ATOM_ENDS.replace(".", "");

class ParseError extends Error {}
// Python raises IndexError where its parser looks past the end of the text; the server answers with that error's text.
class EndOfText extends Error {}

/** Skips folding whitespace and (nested) comments. */
function skipCfws(text: string): string {
  let rest = text;
  for (;;) {
    const char = rest.charAt(0);
    if (char !== "" && WSP.includes(char)) rest = rest.slice(1);
    else if (char === "(") {
      let depth = 0;
      let index = 0;
      for (; index < rest.length; index++) {
        const c = rest.charAt(index);
        if (c === "\\") index++;
        else if (c === "(") depth++;
        else if (c === ")" && --depth === 0) break;
      }
      rest = rest.slice(index + 1);
    } else return rest;
  }
}

function atext(text: string): [string, string] {
  let end = 0;
  while (end < text.length && !ATOM_ENDS.includes(text.charAt(end))) end++;
  if (end === 0) throw new ParseError();
  return [text.slice(0, end), text.slice(end)];
}

/** `atom *("." atom)`, then CFWS. */
function dotAtom(text: string): [string, string] {
  let value = "";
  let rest = text;
  for (;;) {
    const [word, after] = atext(rest);
    value += word;
    rest = after;
    if (!rest.startsWith(".")) break;
    value += ".";
    rest = rest.slice(1);
    if (rest === "" || ATOM_ENDS.includes(rest.charAt(0))) throw new ParseError();
  }
  return [value, skipCfws(rest)];
}

function quotedString(text: string): [string, string] {
  let value = "";
  let index = 1;
  for (; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === "\\") value += text.charAt(++index);
    else if (char === '"') break;
    else value += char;
  }
  return [value, skipCfws(text.slice(index + 1))];
}

function localPart(text: string): [string, string] {
  let rest = skipCfws(text);
  if (rest === "") throw new ParseError();
  let value = "";
  if (rest.startsWith('"')) [value, rest] = quotedString(rest);
  else if (!ATOM_ENDS.includes(rest.charAt(0))) [value, rest] = dotAtom(rest);
  else if (rest.charAt(0) !== "\\" && PHRASE_ENDS.includes(rest.charAt(0))) throw new ParseError();
  // An obsolete local part (words with spaces, backslashes) runs on to the next special.
  if (rest !== "" && (rest.charAt(0) === "\\" || !PHRASE_ENDS.includes(rest.charAt(0)))) {
    let end = 0;
    while (end < rest.length && (rest.charAt(end) === "\\" || !PHRASE_ENDS.includes(rest.charAt(end)))) end++;
    value = `${value}${rest.slice(0, end)}`.replace(/[ \t]+$/, "");
    rest = rest.slice(end);
  }
  return [value, rest];
}

function domain(text: string): [string, string] {
  if (text === "") throw new EndOfText();
  let rest = skipCfws(text);
  if (rest === "") throw new ParseError();
  if (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    if (close < 0) return [`${rest}]`, ""];
    return [rest.slice(0, close + 1), skipCfws(rest.slice(close + 1))];
  }
  let value: string;
  [value, rest] = dotAtom(rest);
  if (rest.startsWith("@")) throw new ParseError();
  while (rest.startsWith(".")) {
    const [word, after] = atext(skipCfws(rest.slice(1)));
    value += `.${word}`;
    rest = skipCfws(after);
  }
  return [value.replace(/\s+/g, ""), rest];
}

function addrSpec(text: string): [string, string] {
  const [local, rest] = localPart(text);
  const quoted = [...local].some((char) => DOT_ATOM_ENDS.includes(char)) ? `"${local.replace(/(["\\])/g, "\\$1")}"` : local;
  if (!rest.startsWith("@")) return [quoted, rest];
  const [host, after] = domain(rest.slice(1));
  return [`${quoted}@${host}`, after];
}

function angleAddr(text: string): [string, string] {
  let rest = skipCfws(text).slice(1);
  if (rest === "") throw new EndOfText();
  if (rest.startsWith(">")) return ["<>", rest.slice(1)];
  let address: string;
  try {
    [address, rest] = addrSpec(rest);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    // An obsolete source route (`<@relay:user@host>`) before the address.
    const route = /^[\s,]*@[^:]*:/.exec(rest);
    if (!route) throw error;
    [address, rest] = addrSpec(rest.slice(route[0].length));
  }
  if (rest.startsWith(">")) rest = rest.slice(1);
  return [address, skipCfws(rest)];
}

/** Reads the address at the start of `arg` (already stripped of `FROM:` / `TO:` and surrounding whitespace). */
export function parsePath(arg: string): ParsedPath {
  if (arg === "") return { address: "", rest: "" };
  try {
    const [address, rest] = arg.trimStart().startsWith("<") ? angleAddr(arg) : addrSpec(arg);
    return { address, rest };
  } catch (error) {
    if (error instanceof EndOfText) return { crash: "IndexError" };
    return { malformed: true };
  }
}
