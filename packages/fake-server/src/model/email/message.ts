/**
 * Inbound email pings (`docs/reference.md#inbound-email`): recipient addresses, message parsing,
 * the text the email filters search, and the rendering stored as the ping
 * body when a test delivers a structured message.
 * @module
 */
import { htmlToText } from "./html-text.js";
import {
  type Entity,
  binaryString,
  decodeBody,
  decodeEncodedWords,
  encodeHeaderWords,
  encodeQuotedPrintable,
  headerValue,
  parseEntity,
  parseParameterized,
} from "./mime.js";

export { htmlToText } from "./html-text.js";

/** An inbound message: structured parts, or the complete raw message in `raw` (which then wins). */
export interface EmailMessage {
  /** Envelope sender address. */
  from?: string;
  /** Recipient address. */
  to?: string;
  /** `Subject` header text; RFC 2047 encoded words in it are decoded like in a raw message. */
  subject?: string;
  /** The `text/plain` part. */
  text?: string;
  /** The `text/html` part. */
  html?: string;
  /** The complete RFC 5322 message (headers and body). */
  raw?: string;
}

/** What the email filters need from a parsed message. */
export interface ParsedEmail {
  /** The decoded `Subject`, `""` when the header is missing. */
  subject: string;
  /** The main `text/plain` part, decoded; absent when the message has none. */
  text?: string;
  /** The main `text/html` part, decoded (still HTML); absent when the message has none. */
  html?: string;
}

/** Nesting deeper than this is not searched: a hostile message must not exhaust the stack. */
const MAX_DEPTH = 32;

function contentType(entity: Entity): { type: string; params: ReadonlyMap<string, string> } {
  const parsed = parseParameterized(headerValue(entity, "content-type"));
  // A missing or malformed type means text/plain (RFC 2045 §5.2), as in Python's parser.
  const type = /^[^/\s]+\/[^/\s]+$/.test(parsed.value) ? parsed.value : "text/plain";
  return { type, params: parsed.params };
}

function isAttachment(entity: Entity): boolean {
  return parseParameterized(headerValue(entity, "content-disposition")).value === "attachment";
}

/**
 * The body parts of a multipart body: the text between `--boundary` lines up
 * to the `--boundary--` line (or the end), preamble dropped; the line break
 * before each delimiter belongs to the delimiter.
 */
function multipartParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split("\n")) {
    if (line.startsWith(`--${boundary}`)) {
      const rest = line.slice(boundary.length + 2);
      const closing = rest.startsWith("--");
      if (closing || /^[ \t]*$/.test(rest)) {
        if (current) parts.push(current.join("\n"));
        current = closing ? undefined : [];
        if (closing) return parts;
        continue;
      }
    }
    current?.push(line);
  }
  if (current) parts.push(current.join("\n"));
  return parts;
}

/**
 * The first non-attachment `text/{subtype}` part in depth-first order, the way
 * Python's `EmailMessage.get_body((subtype,))` picks the body the live service
 * searches: every multipart is entered except `multipart/related`, of which
 * only the root part (`start` parameter, else the first part) counts.
 */
function findBody(entity: Entity, subtype: "plain" | "html", depth: number): Entity | undefined {
  if (depth > MAX_DEPTH || isAttachment(entity)) return undefined;
  const { type, params } = contentType(entity);
  if (type.startsWith("text/")) return type === `text/${subtype}` ? entity : undefined;
  const boundary = params.get("boundary");
  if (!type.startsWith("multipart/") || !boundary) return undefined;
  const parts = multipartParts(entity.body, boundary).map(parseEntity);
  if (type === "multipart/related") {
    const start = params.get("start");
    const root = (start && parts.find((part) => headerValue(part, "content-id") === start)) || parts[0];
    return root && findBody(root, subtype, depth + 1);
  }
  for (const part of parts) {
    const found = findBody(part, subtype, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function partText(entity: Entity, binary: boolean): string {
  return decodeBody(entity.body, headerValue(entity, "content-transfer-encoding"), contentType(entity).params.get("charset"), binary);
}

function parse(raw: string, binary: boolean): ParsedEmail {
  const message = parseEntity(raw.replace(/\r\n/g, "\n"));
  let subject = headerValue(message, "subject") ?? "";
  // Bytes outside ASCII in a header are not characters to the service's parser: they match no keyword.
  if (binary) subject = subject.replace(/[\x80-\xff]/g, "\ufffd");
  const result: ParsedEmail = { subject: decodeEncodedWords(subject) };
  const plain = findBody(message, "plain", 0);
  if (plain) result.text = partText(plain, binary);
  const html = findBody(message, "html", 0);
  if (html) result.html = partText(html, binary);
  return result;
}

/**
 * Parses a raw RFC 5322 message: the `Subject` header (unfolded, RFC 2047
 * encoded words decoded; `""` when missing) and the main `text/plain` and
 * `text/html` parts (found through nested `multipart/alternative`, `mixed`,
 * `related`; transfer encoding and charset decoded; attachments ignored).
 * Line breaks are read as `\n` whether the message uses CRLF or LF.
 */
export function parseEmail(raw: string): ParsedEmail {
  return parse(raw, false);
}

/**
 * Parses a message from its bytes, as the service parses an email ping:
 * like {@link parseEmail}, except that a part sent without a transfer
 * encoding is decoded in its declared charset, US-ASCII when it declares
 * none (every byte outside ASCII then reads U+FFFD), and header bytes
 * outside ASCII read U+FFFD.
 */
function parseEmailBytes(bytes: Uint8Array): ParsedEmail {
  return parse(binaryString(bytes), true);
}

/**
 * The decoded `Subject` of a message given as its bytes, read as UTF-8 text
 * (as an alert shows it): only the header block is read, so a large message
 * costs no more than a small one.
 */
export function emailSubject(bytes: Uint8Array): string {
  const end = headerBlockEnd(bytes);
  return parseEmail(new TextDecoder().decode(bytes.subarray(0, end))).subject;
}

/** Where the header block of a message ends: just past its first empty line, or the end. */
function headerBlockEnd(bytes: Uint8Array): number {
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) {
    if (bytes[i + 1] === 0x0a) return i + 2;
    if (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a) return i + 3;
  }
  return bytes.length;
}

/**
 * A message as an alert attaches it (`last-ping.eml`): a multipart message
 * loses its own attached messages (`message/rfc822` parts), so that alerts
 * about alerts do not nest without end; any other message stays as it is.
 * Line breaks come back as CRLF when a part was dropped.
 */
export function withoutAttachedMessages(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const { type, params } = contentType(parseEntity(text));
  const boundary = params.get("boundary");
  if (!type.startsWith("multipart/") || !boundary) return raw;
  const headEnd = text.indexOf("\n\n");
  if (headEnd < 0) return raw;
  const parts = multipartParts(text.slice(headEnd + 2), boundary);
  const kept = parts.filter((part) => contentType(parseEntity(part)).type !== "message/rfc822");
  if (kept.length === parts.length) return raw;
  const body = kept.map((part) => `--${boundary}\n${part}\n`).join("");
  return `${text.slice(0, headEnd)}\n\n${body}--${boundary}--\n`.replace(/\n/g, "\r\n");
}

/** Which parts of a message a check's email filters search. */
export interface EmailFilters {
  /** Search the subject. */
  filter_subject: boolean;
  /** Search the plain-text and HTML parts. */
  filter_body: boolean;
}

function searchText(parsed: ParsedEmail, filters: EmailFilters): string {
  const pieces: string[] = [];
  if (filters.filter_subject) pieces.push(parsed.subject);
  if (filters.filter_body) {
    if (parsed.text !== undefined) pieces.push(parsed.text);
    if (parsed.html !== undefined) pieces.push(htmlToText(parsed.html));
  }
  return pieces.join("\n");
}

const UTF8 = new TextEncoder();

function parsedOf(message: EmailMessage): ParsedEmail {
  if (message.raw !== undefined) return parseEmailBytes(UTF8.encode(message.raw));
  return {
    subject: decodeEncodedWords(message.subject ?? ""),
    ...(message.text !== undefined && { text: message.text }),
    ...(message.html !== undefined && { html: message.html }),
  };
}

/**
 * The text the email filters search, pieces joined with
 * `\n`: the subject when `filter_subject` is on; when `filter_body` is on the
 * plain-text part and the HTML part converted to text, each only if present.
 * A message with `raw` is parsed from its UTF-8 bytes, as a message that came
 * over SMTP; otherwise its structured parts are used.
 */
export function emailSearchText(message: EmailMessage, filters: EmailFilters): string {
  return searchText(parsedOf(message), filters);
}

/**
 * The texts a message offers the email filters, each worked out once: the
 * message is parsed on the first call and each combination of filters is
 * built once, however many checks ask.
 */
export class SearchTexts {
  readonly #source: () => ParsedEmail;
  #parsed: ParsedEmail | undefined;
  readonly #texts = new Map<string, string>();

  /** Texts of `message` (structured, or `raw`); `bytes`, when given, are its exact bytes and are parsed instead. */
  constructor(message: EmailMessage, bytes?: Uint8Array) {
    this.#source = bytes ? () => parseEmailBytes(bytes) : () => parsedOf(message);
  }

  /** The text searched under `filters`. */
  for(filters: EmailFilters): string {
    const key = `${filters.filter_subject ? 1 : 0}${filters.filter_body ? 1 : 0}`;
    let text = this.#texts.get(key);
    if (text === undefined) {
      this.#parsed ??= this.#source();
      text = searchText(this.#parsed, filters);
      this.#texts.set(key, text);
    }
    return text;
  }
}

/** A header value that can be written as it is: printable ASCII, no leading or trailing space, not overlong. */
const PLAIN_HEADER = /^(?:[\x21-\x7e](?:[\x20-\x7e]{0,900}[\x21-\x7e])?)?$/;

/** Longest line SMTP carries (RFC 5321 §4.5.3.1.6, without the CRLF). */
const MAX_LINE = 998;

/**
 * Whether body text can travel as 7bit and come back unchanged: printable
 * ASCII and tabs in lines of at most 998 characters, and no line starting
 * with `--` (which could be taken for a multipart boundary).
 */
function isPlainBody(text: string): boolean {
  return text.split("\n").every((line) => line.length <= MAX_LINE && /^[\t\x20-\x7e]*$/.test(line) && !line.startsWith("--"));
}

/** Header lines and body of one text part. */
function textPart(subtype: "plain" | "html", text: string): { headers: string[]; body: string } {
  const plain = isPlainBody(text);
  return {
    headers: [
      `Content-Type: text/${subtype}; charset="utf-8"`,
      `Content-Transfer-Encoding: ${plain ? "7bit" : "quoted-printable"}`,
    ],
    body: plain ? text.replace(/\n/g, "\r\n") : encodeQuotedPrintable(text),
  };
}

/** A header field line; values that cannot be written as they are become encoded words. */
function headerLine(name: string, value: string): string {
  return `${name}: ${PLAIN_HEADER.test(value) ? value : encodeHeaderWords(value)}`;
}

/** A `From`/`To` line: addresses cannot be encoded words, so only line breaks are neutralised. */
function addressLine(name: string, value: string): string {
  return `${name}: ${value.replace(/[\r\n]+/g, " ")}`;
}

/**
 * A simple RFC 5322 rendering of a structured message, stored as the ping
 * body when a test delivers parts instead of a raw message: `From`, `To`,
 * `Subject` (RFC 2047 encoded words when it is not plain ASCII), `MIME-Version`
 * and a UTF-8 `text/plain`, `text/html` or `multipart/alternative` body
 * (7bit when possible, else quoted-printable); CRLF line endings.
 * `parseEmail(renderEmail(m))` gives back `subject`, `text` and `html`; a
 * message with neither text nor HTML renders an empty `text/plain` body.
 */
export function renderEmail(message: EmailMessage): string {
  const headers: string[] = [];
  if (message.from !== undefined) headers.push(addressLine("From", message.from));
  if (message.to !== undefined) headers.push(addressLine("To", message.to));
  if (message.subject !== undefined) headers.push(headerLine("Subject", message.subject));
  headers.push("MIME-Version: 1.0");
  const parts = [
    ...(message.text !== undefined ? [textPart("plain", message.text)] : []),
    ...(message.html !== undefined ? [textPart("html", message.html)] : []),
  ];
  const [only] = parts;
  if (parts.length < 2) {
    const part = only ?? textPart("plain", "");
    return [...headers, ...part.headers, "", part.body].join("\r\n");
  }
  // "=_" never occurs in quoted-printable output and 7bit parts have no line starting with "--", so no part can contain the delimiter.
  const boundary = "=_fake-server-alternative";
  const body = parts.map((part) => [`--${boundary}`, ...part.headers, "", part.body].join("\r\n"));
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    ...body,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/**
 * Local part shaped like a version-4 UUID, any letter case. The service's
 * pattern also lets `|` stand for the variant digit: its SMTP server takes
 * such an address, and no check has it.
 */
const UUID_MAILBOX = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB|][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;
/** Local part `{ping_key}+{slug}`. */
const SLUG_MAILBOX = /^([A-Za-z0-9_-]{22})\+([a-z0-9_-]+)$/;

/** Where an inbound recipient points, or why the SMTP server refuses it at `RCPT TO`. */
export type RecipientTarget =
  | { kind: "uuid"; uuid: string }
  | { kind: "slug"; pingKey: string; slug: string }
  | { kind: "rejected"; reason: "Recipient rejected" | "Invalid mailbox" };

/**
 * Checks a recipient address as the SMTP server does at `RCPT TO`
 * (`docs/reference.md#addresses`). The domain must equal `domain`
 * exactly (else `Recipient rejected`); the local part must be a
 * version-4-shaped UUID (returned lower case, since lookup ignores case) or
 * `{22-character ping key}+{slug}` (else `Invalid mailbox`). Surrounding whitespace and angle brackets are ignored.
 */
export function parseRecipient(address: string, domain: string): RecipientTarget {
  const bare = address.trim().replace(/^<(.*)>$/s, "$1");
  // The service splits at the first "@": a second one makes the domain wrong.
  const at = bare.indexOf("@");
  if (at < 0 || bare.slice(at + 1) !== domain) return { kind: "rejected", reason: "Recipient rejected" };
  const local = bare.slice(0, at);
  if (UUID_MAILBOX.test(local)) return { kind: "uuid", uuid: local.toLowerCase() };
  const slug = SLUG_MAILBOX.exec(local);
  if (slug) return { kind: "slug", pingKey: slug[1] ?? "", slug: slug[2] ?? "" };
  return { kind: "rejected", reason: "Invalid mailbox" };
}
