/**
 * MIME building blocks for inbound email (RFC 2045–2047): header fields,
 * encoded words, transfer encodings and charsets, both directions.
 *
 * Messages are handled as JavaScript strings. Bytes that a transfer encoding
 * produces (base64, quoted-printable, encoded words) are decoded with the
 * declared charset; `7bit`/`8bit`/`binary` content is taken as the characters
 * the string already holds.
 * @module
 */

import { percentDecodeBytes } from "../../text/percent.js";

/** A header field as found in the message, value unfolded. */
export interface HeaderField {
  /** The field name in lower case. */
  name: string;
  /** The value with folding line breaks removed and leading whitespace trimmed. */
  value: string;
}

/** A MIME entity: its header fields and its body text (line breaks as `\n`). */
export interface Entity {
  /** Header fields in message order. */
  headers: HeaderField[];
  /** Everything after the header block. */
  body: string;
}

/** A parsed `Content-Type`-like value: lower-case `type/subtype` and parameters (names lower case). */
export interface ParameterizedValue {
  /** `text/plain`, `multipart/alternative`, … lower case; `""` when absent or malformed. */
  value: string;
  /** Parameters by lower-case name. */
  params: ReadonlyMap<string, string>;
}

/** A header line (`Name: value`) as Python's email parser recognises one. */
const HEADER_LINE = /^([\x21-\x39\x3b-\x7e]+):(.*)$/;

/**
 * Splits an entity into header fields and body. Like Python's parser, the
 * header block ends at the first empty line or at the first line that is
 * neither a header nor a continuation (that line then starts the body), and a
 * leading mbox `From ` line is skipped.
 */
export function parseEntity(text: string): Entity {
  const lines = text.split("\n");
  const headers: HeaderField[] = [];
  let index = 0;
  if (lines[0]?.startsWith("From ")) index = 1;
  for (; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const last = headers[headers.length - 1];
    if (line === "") {
      index++;
      break;
    }
    if (last && (line.startsWith(" ") || line.startsWith("\t"))) {
      last.value += line;
      continue;
    }
    const field = HEADER_LINE.exec(line);
    if (!field) break;
    headers.push({ name: (field[1] ?? "").toLowerCase(), value: (field[2] ?? "").replace(/^[ \t]+/, "") });
  }
  return { headers, body: lines.slice(index).join("\n") };
}

/** Value of the first header field called `name` (lower case), or `undefined`. */
export function headerValue(entity: Entity, name: string): string | undefined {
  return entity.headers.find((field) => field.name === name)?.value;
}

/** Splits at `;` outside double quotes. */
function splitParameters(value: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value.charAt(i);
    if (quoted && char === "\\") {
      current += char + value.charAt(i + 1);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

/**
 * Parses `type/subtype; name=value; name="quoted value"` (also
 * `Content-Disposition`). RFC 2231 `name*=charset'lang'value` is decoded;
 * continuations (`name*0`) are not needed by anything that reads these values.
 */
export function parseParameterized(header: string | undefined): ParameterizedValue {
  const [head = "", ...rest] = splitParameters(header ?? "");
  const params = new Map<string, string>();
  for (const part of rest) {
    const equals = part.indexOf("=");
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    const raw = unquote(part.slice(equals + 1));
    if (name.endsWith("*")) {
      const pieces = raw.split("'");
      const [charset, encoded] = pieces.length >= 3 ? [pieces[0] || "utf-8", pieces.slice(2).join("'")] : ["utf-8", raw];
      params.set(name.slice(0, -1), decodeBytes(percentDecodeBytes(encoded), charset));
    } else if (!params.has(name)) {
      params.set(name, raw);
    }
  }
  return { value: head.trim().toLowerCase(), params };
}

const utf8 = new TextEncoder();

/** Labels of US-ASCII, which WHATWG `TextDecoder` would read as windows-1252. */
const ASCII_LABELS = new Set(["us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "csascii", "cp367", "us"]);

/** Decoders by charset label; `null` marks a label `TextDecoder` does not know. */
const decoders = new Map<string, TextDecoder | null>();

/** A decoder for `label` that, like Python's codecs, keeps a BOM and replaces invalid input. */
function decoderFor(label: string): TextDecoder | null {
  let decoder = decoders.get(label);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(label, { ignoreBOM: true });
    } catch {
      decoder = null;
    }
    // Labels come from untrusted messages: keep the cache from growing without bound.
    if (decoders.size < 256) decoders.set(label, decoder);
  }
  return decoder;
}

/**
 * Decodes bytes in `charset` with replacement characters for invalid input,
 * like Python's `bytes.decode(charset, "replace")`. US-ASCII (also the MIME
 * default) maps every byte above 0x7F to U+FFFD; a charset `TextDecoder` does
 * not know is read as UTF-8.
 */
function decodeBytes(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? "us-ascii").trim().toLowerCase();
  if (ASCII_LABELS.has(label)) return binaryString(bytes).replace(/[\x80-\xff]/g, "\ufffd");
  return (decoderFor(label) ?? decoderFor("utf-8"))?.decode(bytes) ?? "";
}

/** Whether `TextDecoder` (or the US-ASCII special case) can decode `charset`. */
function isKnownCharset(charset: string): boolean {
  const label = charset.trim().toLowerCase();
  return ASCII_LABELS.has(label) || decoderFor(label) !== null;
}

/** Bytes of a base64 text, ignoring characters outside the alphabet and missing padding. */
function base64Bytes(text: string): Uint8Array {
  let clean = text.replace(/[^A-Za-z0-9+/]/g, "");
  // A lone sixth bit group cannot form a byte; decoders drop it.
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const UTF16 = new TextDecoder("utf-16le");

/**
 * One character a byte. (TextDecoder's "latin1" is windows-1252, which
 * remaps 0x80–0x9F; widening each byte to a UTF-16 code unit is exact, and
 * native.)
 */
export function binaryString(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  units.set(bytes);
  return UTF16.decode(units);
}

/** The bytes of a text that holds one byte a character. */
function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A quoted-printable soft line break: `=`, optional trailing whitespace, end of line. */
const SOFT_BREAK = /=[ \t]*(?:\n|$)/y;

/**
 * Bytes of a quoted-printable text: `=XX` is a byte, `=` at a line end a soft
 * line break, a malformed `=` stays literal, line breaks are `\n`; characters
 * outside Latin-1 that should not be there are taken as their UTF-8 bytes.
 */
function quotedPrintableBytes(text: string): Uint8Array {
  const bytes: number[] = [];

  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === "=") {
      const hex = text.slice(i + 1, i + 3);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
        continue;
      }
      SOFT_BREAK.lastIndex = i;
      const softBreak = SOFT_BREAK.exec(text);
      if (softBreak) {
        i += softBreak[0].length - 1;
        continue;
      }
    }
    const code = char.charCodeAt(0);
    if (code < 0x100) bytes.push(code);
    else bytes.push(...utf8.encode(text.slice(i, i + (code >= 0xd800 && code < 0xdc00 ? 2 : 1))));
    if (code >= 0xd800 && code < 0xdc00) i++;
  }
  return Uint8Array.from(bytes);
}

/**
 * The text of a body given its `Content-Transfer-Encoding` and charset:
 * base64 and quoted-printable are decoded to bytes, then to text in the
 * charset; any other encoding (`7bit`, `8bit`, `binary`, unknown) leaves the
 * text as it is, unless `binary` says the text holds one byte a character
 * (a message read from its bytes): those bytes are then decoded in the
 * charset too, US-ASCII when none is named, as the service reads mail.
 */
export function decodeBody(body: string, transferEncoding: string | undefined, charset: string | undefined, binary = false): string {
  const encoding = (transferEncoding ?? "").trim().toLowerCase();
  if (encoding === "base64") return decodeBytes(base64Bytes(body), charset);
  if (encoding === "quoted-printable") return decodeBytes(quotedPrintableBytes(body), charset);
  if (!binary) return body;
  // US-ASCII (also when no charset is named): the bytes are already the characters, but for those past ASCII.
  if (ASCII_LABELS.has((charset ?? "us-ascii").trim().toLowerCase())) return body.replace(/[\x80-\xff]/g, "\ufffd");
  return decodeBytes(latin1Bytes(body), charset);
}

/** An RFC 2047 encoded word; the charset may carry an RFC 2231 language (`utf-8*en`). */
const ENCODED_WORD = /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([BbQq])\?([^?\s]*)\?=/g;

function encodedWordBytes(encoding: string, text: string): Uint8Array {
  if (encoding === "b" || encoding === "B") return base64Bytes(text);
  return quotedPrintableBytes(text.replace(/_/g, " "));
}

/**
 * Decodes the RFC 2047 encoded words of an unstructured header value
 * (`=?UTF-8?B?...?=`, `=?iso-8859-1?Q?...?=`). Whitespace between two encoded
 * words is dropped, and adjacent words in the same charset are decoded
 * together so a character split across words survives. Words in a charset
 * nobody knows stay as they are.
 */
export function decodeEncodedWords(value: string): string {
  if (!value.includes("=?")) return value;
  let output = "";
  let pending: { charset: string; bytes: Uint8Array[] } | undefined;
  let last = 0;
  const flush = (): void => {
    if (!pending) return;
    const size = pending.bytes.reduce((total, part) => total + part.length, 0);
    const joined = new Uint8Array(size);
    let offset = 0;
    for (const part of pending.bytes) {
      joined.set(part, offset);
      offset += part.length;
    }
    output += decodeBytes(joined, pending.charset);
    pending = undefined;
  };
  for (const word of value.matchAll(ENCODED_WORD)) {
    const [whole, charset = "", encoding = "", text = ""] = word;
    const between = value.slice(last, word.index);
    last = word.index + whole.length;
    if (!isKnownCharset(charset)) {
      flush();
      output += between + whole;
      continue;
    }
    const bytes = encodedWordBytes(encoding, text);
    const adjacent = pending !== undefined && /^[ \t\r\n]*$/.test(between);
    if (adjacent && pending?.charset.toLowerCase() === charset.toLowerCase()) {
      pending.bytes.push(bytes);
      continue;
    }
    flush();
    if (!adjacent) output += between;
    pending = { charset, bytes: [bytes] };
  }
  flush();
  return output + value.slice(last);
}

/** Largest UTF-8 payload of one `=?UTF-8?B?...?=` word that keeps it within RFC 2047's 75 characters. */
const ENCODED_WORD_BYTES = 45;

/**
 * Encodes a header value as UTF-8 base64 encoded words, split at character
 * boundaries so every word decodes on its own, folded one word per line.
 */
export function encodeHeaderWords(value: string): string {
  const words: number[][] = [];
  let chunk: number[] = [];
  for (const char of value) {
    const bytes = utf8.encode(char);
    if (chunk.length + bytes.length > ENCODED_WORD_BYTES) {
      words.push(chunk.splice(0));
    }
    chunk.push(...bytes);
  }
  if (chunk.length > 0 || words.length === 0) words.push(chunk);
  return words.map((bytes) => `=?UTF-8?B?${bytesToBase64(Uint8Array.from(bytes))}?=`).join("\r\n ");
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Longest encoded line quoted-printable allows, soft-break `=` included. */
const QP_LINE = 76;

/**
 * Quoted-printable of the UTF-8 bytes of `text`. Every `\n` becomes a hard
 * line break (CRLF) and every `\r` is written `=0D`, so decoding gives back the
 * exact text, whatever line endings it used.
 */
export function encodeQuotedPrintable(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const tokens: string[] = [];
      for (const byte of utf8.encode(line)) {
        const literal = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32 || byte === 9;
        tokens.push(literal ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`);
      }
      // Trailing whitespace would be stripped in transit.
      const lastToken = tokens[tokens.length - 1];
      if (lastToken === " " || lastToken === "\t") tokens[tokens.length - 1] = lastToken === " " ? "=20" : "=09";
      const lines: string[] = [];
      let current = "";
      for (const token of tokens) {
        if (current.length + token.length > QP_LINE - 1) {
          lines.push(`${current}=`);
          current = "";
        }
        current += token;
      }
      lines.push(current);
      return lines.join("\r\n");
    })
    .join("\r\n");
}
