/**
 * Percent-decoding to bytes, shared by badge request paths and RFC 2231
 * MIME parameters.
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
