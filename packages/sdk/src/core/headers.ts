/**
 * Header checks at construction: a value an HTTP client would refuse (a key
 * read from a file with its trailing newline) fails when the client is built,
 * with a message that says what is wrong and never shows the value.
 * @module
 */

// RFC 9110 token: the characters of a header name and a method.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const NAMES: Record<string, string> = {
  "\t": "a tab",
  "\n": "a line feed",
  "\r": "a carriage return",
  " ": "a space",
  "\0": "a NUL character",
};

function describeChar(char: string): string {
  return NAMES[char] ?? `the character U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function where(index: number, length: number): string {
  return index === 0 ? "at the start" : index === length - 1 ? "at the end" : `at position ${index + 1}`;
}

/**
 * Throws a `TypeError` unless `value` is a header value every transport
 * sends as given: no line breaks or other control characters, nothing beyond
 * Latin-1, no space or tab around it. With `key`, only visible ASCII is
 * allowed (an API key has no whitespace). `what` names the value.
 */
export function checkHeaderValue(value: unknown, what: string, key = false): string {
  if (typeof value !== "string") throw new TypeError(`${what} must be a string`);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const space = code === 0x20 || code === 0x09;
    const bad = key
      ? code <= 0x20 || code >= 0x7f
      : (code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff || (space && (i === 0 || i === value.length - 1));
    if (bad) {
      const rule = key
        ? "must not contain whitespace, control or non-ASCII characters"
        : "must not contain control characters or characters beyond Latin-1, nor start or end with whitespace";
      throw new TypeError(`${what} ${rule}: it has ${describeChar(value.charAt(i))} ${where(i, value.length)}`);
    }
  }
  return value;
}

/** True when `name` is an HTTP token: a valid header name or method. */
export function isToken(name: unknown): name is string {
  return typeof name === "string" && TOKEN.test(name);
}

/** Throws a `TypeError` unless `name` is an HTTP token. */
function checkToken(name: unknown, what: string): string {
  if (!isToken(name)) throw new TypeError(`${what} is not a valid HTTP token`);
  return name;
}

/**
 * `headers` checked: names are tokens, values are sendable; the values are
 * never shown. Names are lowercased, as the SDK writes its own, so that a
 * header is sent once whatever the case of its name.
 */
export function checkHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  if (headers !== undefined && (typeof headers !== "object" || headers === null || Array.isArray(headers))) {
    throw new TypeError("headers must be an object of header names and values");
  }
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    checkToken(name, `the header name ${JSON.stringify(name)}`);
    checked[name.toLowerCase()] = checkHeaderValue(value, `the value of the header ${name}`);
  }
  return checked;
}
