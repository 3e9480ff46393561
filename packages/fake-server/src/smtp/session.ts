/**
 * One SMTP conversation as the service's listener holds it (`manage.py
 * smtpd`: aiosmtpd 1.4.6 with its defaults, which are 32 MiB messages,
 * SMTPUTF8 offered, 8BITMIME offered, no TLS, no AUTH): every reply code and
 * text, the limits on command and message lines, and the recipient checks
 * of the service's handler. Bytes in, replies out; the socket is the
 * listener's business.
 * @module
 */
import type { SmtpDelivery } from "../model/email/deliver.js";
import { parseRecipient } from "../model/email/message.js";
import { parsePath } from "./address.js";

/** The largest message the listener takes, in bytes: the service's (its SMTP server's default, 32 MiB). */
export const SMTP_MESSAGE_MAX_BYTES = 33_554_432;
/**
 * Accepted `RCPT TO` commands one message may have, repeats included; one
 * more is answered `452 4.5.3 Too many recipients`. The service sets no
 * limit: this one bounds what a client can make the fake hold.
 */
export const SMTP_MAX_RECIPIENTS = 1_000;

/**
 * A message taken at the end of `DATA`: its envelope sender, its recipients
 * in `RCPT` order (repeats included) and its exact bytes (dot-stuffing
 * removed, line endings as sent); the listener adds where it came from.
 */
export type ReceivedMail = Omit<SmtpDelivery, "remoteAddr">;

/** What a session needs from the listener. */
export interface SessionHost {
  /** The server's name in the greeting and `HELO`/`EHLO` replies. */
  name: string;
  /** The ping email domain recipients must be at. */
  domain(): string;
  /** Sends one reply line (without CRLF). */
  reply(line: string): void;
  /** Closes the connection once the replies sent are flushed. */
  close(): void;
  /** Called for each valid command: the listener's timer starts again. */
  activity(): void;
  /** Takes a message. */
  deliver(mail: ReceivedMail): void;
}

const IDENT = "Python SMTP 1.4.6";
const COMMAND_LINE_MAX = 512;
// The reader's limit: a line longer than this never reaches the command parser.
const READ_LIMIT = 1001;
// Data lines: 998 octets, CRLF and a transparency dot.
const DATA_LINE_MAX = 1001;
// Unknown commands a connection may send; the last one closes it.
const BOGUS_LIMIT = 5;
// Each EHLO lengthens the MAIL line limit by what SIZE= and SMTPUTF8 need (the service's server does so once per EHLO).
const EHLO_MAIL_EXTRA = 36;

const SYNTAX: Record<string, [string, string?]> = {
  AUTH: ["AUTH <mechanism>"],
  DATA: ["DATA"],
  EHLO: ["EHLO hostname"],
  HELO: ["HELO hostname"],
  HELP: ["HELP [command]"],
  MAIL: ["MAIL FROM: <address>", " [SP <mail-parameters>]"],
  NOOP: ["NOOP [ignored]"],
  QUIT: ["QUIT"],
  RCPT: ["RCPT TO: <address>", " [SP <mail-parameters>]"],
  RSET: ["RSET"],
  VRFY: ["VRFY <address>"],
};
const KNOWN = new Set([...Object.keys(SYNTAX), "EXPN", "STARTTLS"]);
const SUPPORTED = `Supported commands: ${Object.keys(SYNTAX).sort().join(" ")}`;

const UTF8 = new TextDecoder();
const EMPTY = Buffer.alloc(0);

/** Python's `bytes.strip()` / `str.strip()` for the ASCII whitespace SMTP arguments carry. */
const strip = (text: string): string => text.replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, "");

/** The parameters after an address, as the service's server checks them (`NAME` or `NAME=value`, upper-cased). */
function parameters(rest: string): Map<string, string | true> | null {
  const params = new Map<string, string | true>();
  for (const word of rest.toUpperCase().split(/\s+/).filter(Boolean)) {
    const equals = word.indexOf("=");
    const name = equals < 0 ? word : word.slice(0, equals);
    const value = equals < 0 ? true : word.slice(equals + 1);
    if (!/^[\p{L}\p{N}]+$/u.test(name) || value === "") return null;
    params.set(name, value);
  }
  return params;
}

/** The conversation state of one connection; feed it bytes with {@link SmtpSession.receive}. */
export class SmtpSession {
  readonly #host: SessionHost;
  #heloName: string | null = null;
  #extended = false;
  #ehloCount = 0;
  #mailFrom: string | null = null;
  #recipients: string[] = [];
  #bogus = BOGUS_LIMIT;
  #closed = false;
  // Command mode: bytes of the current line; `#discarding` once it passed the read limit.
  #pending: Buffer = Buffer.alloc(0);
  #discarding = false;
  // Data mode.
  #inData = false;
  // The message so far, in one buffer that grows by doubling: a message of many short lines costs its bytes,
  // not an object per line (a 32 MiB message of empty lines held as pieces took 1.6 GB).
  #data: Buffer = EMPTY;
  #kept = 0;
  #dataBytes = 0;
  #state: "nominal" | "too-long" | "too-much" = "nominal";
  #lineLength = 0;
  #lineStart = true;

  constructor(host: SessionHost) {
    this.#host = host;
    host.reply(`220 ${host.name} ${IDENT}`);
  }

  /** Takes the next bytes from the client. */
  receive(chunk: Buffer): void {
    let input = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = Buffer.alloc(0);
    while (input.length > 0 && !this.#closed) input = this.#inData ? this.#readData(input) : this.#readCommand(input);
  }

  #readCommand(input: Buffer): Buffer {
    const newline = input.indexOf(0x0a);
    if (newline < 0) {
      if (this.#discarding || input.length > READ_LIMIT) this.#discarding = true;
      else this.#pending = Buffer.from(input);
      return Buffer.alloc(0);
    }
    const line = input.subarray(0, newline + 1);
    const rest = input.subarray(newline + 1);
    if (this.#discarding || newline > READ_LIMIT) {
      this.#discarding = false;
      this.#host.reply("500 Command line too long");
    } else this.#command(line);
    return rest;
  }

  #command(raw: Buffer): void {
    let end = raw.length;
    while (end > 0 && (raw[end - 1] === 0x0a || raw[end - 1] === 0x0d)) end--;
    const line = raw.subarray(0, end);
    if (line.length === 0) return this.#host.reply("500 Error: bad syntax");
    const space = line.indexOf(0x20);
    const commandBytes = space < 0 ? line : line.subarray(0, space);
    if (commandBytes.some((byte) => byte > 0x7f)) return this.#host.reply("500 Error: bad syntax");
    const command = commandBytes.toString("latin1").toUpperCase();
    const argBytes = space < 0 ? "" : UTF8.decode(line.subarray(space + 1));
    const arg = argBytes === "" ? null : strip(argBytes);
    const limit = this.#extended && command === "MAIL" ? COMMAND_LINE_MAX + EHLO_MAIL_EXTRA * this.#ehloCount : COMMAND_LINE_MAX;
    if (line.length > limit) return this.#host.reply("500 Command line too long");
    if (!KNOWN.has(command)) {
      this.#bogus -= 1;
      if (this.#bogus < 1) {
        this.#host.reply("502 5.5.1 Too many unrecognized commands, goodbye.");
        return this.#close();
      }
      return this.#host.reply(`500 Error: command "${command}" not recognized`);
    }
    this.#host.activity();
    this.#run(command, arg);
  }

  #close(): void {
    this.#closed = true;
    this.#host.close();
  }

  #resetEnvelope(): void {
    this.#mailFrom = null;
    this.#recipients = [];
  }

  #needHelo(helo = "HELO"): boolean {
    if (this.#heloName !== null) return false;
    this.#host.reply(`503 Error: send ${helo} first`);
    return true;
  }

  #run(command: string, arg: string | null): void {
    const reply = (line: string): void => this.#host.reply(line);
    switch (command) {
      case "HELO":
      case "EHLO": {
        if (!arg) return reply(`501 Syntax: ${command} hostname`);
        this.#resetEnvelope();
        this.#extended = command === "EHLO";
        this.#heloName = arg;
        if (command === "HELO") return reply(`250 ${this.#host.name}`);
        this.#ehloCount += 1;
        for (const line of [`250-${this.#host.name}`, `250-SIZE ${SMTP_MESSAGE_MAX_BYTES}`, "250-8BITMIME", "250-SMTPUTF8", "250 HELP"]) reply(line);
        return;
      }
      case "NOOP":
        return reply("250 OK");
      case "QUIT":
        if (arg) return reply("501 Syntax: QUIT");
        reply("221 Bye");
        return this.#close();
      case "RSET":
        if (arg) return reply("501 Syntax: RSET");
        this.#resetEnvelope();
        return reply("250 OK");
      case "STARTTLS":
        return reply(arg ? "501 Syntax: STARTTLS" : "454 TLS not available");
      case "EXPN":
        return reply("502 EXPN not implemented");
      case "AUTH":
        if (this.#needHelo("EHLO")) return;
        return reply(this.#extended ? "538 5.7.11 Encryption required for requested authentication mechanism" : "500 Error: command 'AUTH' not recognized");
      case "HELP":
        return this.#help(arg);
      case "VRFY": {
        if (!arg) return reply("501 Syntax: VRFY <address>");
        const path = parsePath(arg);
        if ("crash" in path) return reply("500 Error: (IndexError) string index out of range");
        return reply("malformed" in path ? `502 Could not VRFY ${arg}` : "252 Cannot VRFY user, but will accept message and attempt delivery");
      }
      case "MAIL":
        return this.#mail(arg);
      case "RCPT":
        return this.#rcpt(arg);
      default:
        return this.#dataCommand(arg);
    }
  }

  #help(arg: string | null): void {
    if (!arg) return this.#host.reply(`250 ${SUPPORTED}`);
    const syntax = SYNTAX[arg.toUpperCase()];
    if (!syntax) return this.#host.reply(`501 ${SUPPORTED}`);
    this.#host.reply(`250 Syntax: ${this.#syntax(syntax)}`);
  }

  // A command's syntax as the help and the syntax errors give it: with its parameters after `EHLO`.
  #syntax([base, extension = ""]: [string, string?]): string {
    return `${base}${this.#extended ? extension : ""}`;
  }

  #syntaxError(command: "MAIL" | "RCPT"): undefined {
    return void this.#host.reply(`501 Syntax: ${this.#syntax(SYNTAX[command]!)}`);
  }

  /** The address after `MAIL FROM:` / `RCPT TO:` and the text after it, or a reply already sent. */
  #path(arg: string | null, command: "MAIL" | "RCPT"): { address: string; rest: string } | undefined {
    const reply = (line: string): undefined => void this.#host.reply(line);
    const keyword = command === "MAIL" ? "FROM:" : "TO:";
    if (arg === null || arg.slice(0, keyword.length).toUpperCase() !== keyword) return this.#syntaxError(command);
    const path = parsePath(arg.slice(keyword.length).trim());
    if ("crash" in path) return reply("500 Error: (IndexError) string index out of range");
    if ("malformed" in path) return reply("553 5.1.3 Error: malformed address");
    if (path.address === "" || (!this.#extended && path.rest !== "")) return this.#syntaxError(command);
    return path;
  }

  #mail(arg: string | null): void {
    if (this.#needHelo()) return;
    const reply = (line: string): void => this.#host.reply(line);
    const path = this.#path(arg, "MAIL");
    if (!path) return;
    if (this.#mailFrom !== null) return reply("503 Error: nested MAIL command");
    const params = parameters(path.rest);
    if (params === null) return this.#syntaxError("MAIL");
    const body = params.get("BODY") ?? "7BIT";
    params.delete("BODY");
    if (body !== "7BIT" && body !== "8BITMIME") return reply("501 Error: BODY can only be one of 7BIT, 8BITMIME");
    if (typeof (params.get("SMTPUTF8") ?? true) === "string") return reply("501 Error: SMTPUTF8 takes no arguments");
    params.delete("SMTPUTF8");
    const size = params.get("SIZE");
    params.delete("SIZE");
    if (size !== undefined) {
      if (size === true || !/^[0-9]+$/.test(size)) return this.#syntaxError("MAIL");
      if (Number(size) > SMTP_MESSAGE_MAX_BYTES) return reply("552 Error: message size exceeds fixed maximum message size");
    }
    if (params.size > 0) return reply("555 MAIL FROM parameters not recognized or not implemented");
    this.#mailFrom = path.address;
    reply("250 OK");
  }

  #rcpt(arg: string | null): void {
    if (this.#needHelo()) return;
    const reply = (line: string): void => this.#host.reply(line);
    if (this.#mailFrom === null) return reply("503 Error: need MAIL command");
    const path = this.#path(arg, "RCPT");
    if (!path) return;
    const params = parameters(path.rest);
    if (params === null) return this.#syntaxError("RCPT");
    if (params.size > 0) return reply("555 RCPT TO parameters not recognized or not implemented");
    // The service's handler: the domain must be the ping domain, the mailbox a check UUID or `{ping key}+{slug}`.
    if (!path.address.includes("@")) return reply("500 Error: (ValueError) not enough values to unpack (expected 2, got 1)");
    const target = parseRecipient(path.address, this.#host.domain());
    if (target.kind === "rejected") return reply(`550 5.1.1 ${target.reason}`);
    if (this.#recipients.length >= SMTP_MAX_RECIPIENTS) return reply("452 4.5.3 Too many recipients");
    this.#recipients.push(path.address);
    reply("250 OK");
  }

  #dataCommand(arg: string | null): void {
    if (this.#needHelo()) return;
    if (this.#recipients.length === 0) return this.#host.reply("503 Error: need RCPT command");
    if (arg) return this.#host.reply("501 Syntax: DATA");
    this.#host.reply("354 End data with <CR><LF>.<CR><LF>");
    this.#inData = true;
    this.#kept = 0;
    this.#dataBytes = 0;
    this.#state = "nominal";
    this.#lineLength = 0;
    this.#lineStart = true;
  }

  /** Takes message lines (each ends at CRLF) up to the lone dot; what is left over goes back to command mode. */
  #readData(input: Buffer): Buffer {
    let start = 0;
    while (start < input.length) {
      const lf = input.indexOf(0x0a, start);
      if (lf < 0) {
        // An unfinished line waits for the rest (it may be the final dot), unless it is too long to be one;
        // a CR that ends the chunk may start the CRLF of the next one, so it waits too.
        const rest = input.subarray(start);
        if (this.#lineLength + rest.length <= DATA_LINE_MAX) {
          this.#pending = Buffer.from(rest);
          return Buffer.alloc(0);
        }
        const end = rest[rest.length - 1] === 0x0d ? rest.length - 1 : rest.length;
        this.#fragment(rest.subarray(0, end), false);
        if (end < rest.length) this.#pending = Buffer.from(rest.subarray(end));
        return Buffer.alloc(0);
      }
      const piece = input.subarray(start, lf + 1);
      start = lf + 1;
      // A chunk never ends between CR and LF (see above), so a piece's CRLF is whole.
      const crlf = piece.length >= 2 && piece[piece.length - 2] === 0x0d;
      if (crlf && this.#lineStart && piece.length === 3 && piece[0] === 0x2e) {
        this.#endData();
        return input.subarray(start);
      }
      this.#fragment(piece, crlf);
    }
    return Buffer.alloc(0);
  }

  /** One piece of a data line; `complete` when it ends the line (with CRLF). */
  #fragment(piece: Buffer, complete: boolean): void {
    if (piece.length === 0) return;
    this.#dataBytes += piece.length;
    this.#lineLength += piece.length;
    if (this.#state === "nominal" && this.#dataBytes > SMTP_MESSAGE_MAX_BYTES) this.#state = "too-much";
    if (this.#state === "nominal" && this.#lineLength > DATA_LINE_MAX) this.#state = "too-long";
    if (this.#state === "nominal") {
      // Transparency: a line's leading dot is dropped.
      this.#keep(this.#lineStart && piece[0] === 0x2e ? piece.subarray(1) : piece);
    } else this.#data = EMPTY;
    this.#lineStart = complete;
    if (complete) this.#lineLength = 0;
  }

  // A message in the nominal state holds at most SMTP_MESSAGE_MAX_BYTES, so the buffer never grows past that.
  #keep(piece: Buffer): void {
    const needed = this.#kept + piece.length;
    if (needed > this.#data.length) {
      const grown = Buffer.allocUnsafeSlow(Math.min(Math.max(needed, 2 * this.#data.length, 4096), SMTP_MESSAGE_MAX_BYTES));
      this.#data.copy(grown, 0, 0, this.#kept);
      this.#data = grown;
    }
    piece.copy(this.#data, this.#kept);
    this.#kept = needed;
  }

  #endData(): void {
    this.#inData = false;
    const state = this.#state;
    // A copy of the exact length: the ping keeps it, not the spare room.
    const bytes = state === "nominal" ? new Uint8Array(this.#data.subarray(0, this.#kept)) : undefined;
    this.#data = EMPTY;
    const mail = { from: this.#mailFrom ?? "", recipients: this.#recipients };
    this.#resetEnvelope();
    if (state === "too-long") return this.#host.reply("500 Line too long (see RFC5321 4.5.3.1.6)");
    if (state === "too-much" || bytes === undefined) return this.#host.reply("552 Error: Too much mail data");
    this.#host.deliver({ ...mail, bytes });
    this.#host.reply("250 OK");
  }
}
