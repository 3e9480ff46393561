/**
 * Percent-encoding and decoding: decoding to bytes is shared by badge
 * request paths, RFC 2231 MIME parameters and the credentials of a URL;
 * encoding is how webhook URLs and forms carry substituted values.
 * @module
 */

const utf8 = new TextEncoder();

/**
 * Percent-decodes `%XX` sequences to bytes; other characters (including a `%`
 * not followed by two hex digits) stand for their own UTF-8 bytes.
 */
export function percentDecodeBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text.charAt(i) === "%" && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      const code = text.codePointAt(i) ?? 0;
      if (code < 0x80) bytes.push(code);
      else bytes.push(...utf8.encode(String.fromCodePoint(code)));
      if (code > 0xffff) i++;
    }
  }
  return Uint8Array.from(bytes);
}

/** What each byte becomes under Python's `urllib.parse.quote` (its default `safe="/"` included). */
const QUOTED: readonly string[] = Array.from({ length: 256 }, (_, byte) => {
  const char = String.fromCharCode(byte);
  return /^[A-Za-z0-9_.\-~/]$/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
});

/**
 * Python's `urllib.parse.quote(text)`: every UTF-8 byte except ASCII
 * letters, digits, `_ . - ~` and `/` becomes `%XX` (upper-case hex). A lone
 * surrogate, which Python could not encode, is taken as U+FFFD.
 */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of utf8.encode(text)) out += QUOTED[byte] as string;
  return out;
}

/**
 * Python's `urllib.parse.urlencode(fields)`: each name and value as
 * `quote_plus` writes it (a space as `+`, `/` encoded too), pairs joined
 * with `&`.
 */
export function formEncode(fields: ReadonlyArray<readonly [name: string, value: string]>): string {
  const plus = (text: string) => percentEncode(text).replaceAll("/", "%2F").replaceAll("%20", "+");
  return fields.map(([name, value]) => `${plus(name)}=${plus(value)}`).join("&");
}
