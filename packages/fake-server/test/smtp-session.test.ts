/**
 * The SMTP dialogue however the bytes are cut: a conversation fed in random
 * pieces gives the same replies and the same message as fed whole.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { SmtpSession, type ReceivedMail } from "../src/smtp/session.js";

const UUID = "0b5f0d3e-bd13-4d1c-9fa3-8c9a2c6d6a4e";

function converse(pieces: Buffer[]): { replies: string[]; mail: ReceivedMail[] } {
  const replies: string[] = [];
  const mail: ReceivedMail[] = [];
  const session = new SmtpSession({
    name: "fake",
    domain: () => "hc.localhost",
    reply: (line) => replies.push(line),
    close: () => undefined,
    activity: () => undefined,
    deliver: (received) => mail.push({ ...received, bytes: Uint8Array.from(received.bytes) }),
  });
  for (const piece of pieces) session.receive(piece);
  return { replies, mail };
}

const line = fc.oneof(fc.constantFrom(".", "..", ".x", "", "\n", "\r", ". ", "x".repeat(999), "y".repeat(1000)), fc.string({ maxLength: 40 }));

describe("an SMTP session", () => {
  test("answers the same whatever the pieces the bytes arrive in", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 8 }), (lines, cuts) => {
        // Dot-stuffed, as a client sends them.
        const body = lines.map((text) => `${text.startsWith(".") ? "." : ""}${text}\r\n`).join("");
        const whole = Buffer.from(`EHLO x\r\nMAIL FROM:<a@b.c>\r\nRCPT TO:<${UUID}@hc.localhost>\r\nDATA\r\n${body}.\r\nNOOP\r\n`);
        const at = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => whole.subarray(from, [...at, whole.length][i]));
        const expected = converse([whole]);
        expect(converse(pieces)).toEqual(expected);
        expect(expected.replies.at(-1)).toBe("250 OK");
        const fits = lines.every((text) => Buffer.byteLength(text) + (text.startsWith(".") ? 1 : 0) <= 999);
        expect(expected.mail.map((mail) => Buffer.from(mail.bytes).toString())).toEqual(fits ? [lines.map((text) => `${text}\r\n`).join("")] : []);
      }),
      { numRuns: 300 },
    );
  });

  test("keeps a message of many short lines as its bytes alone, in a buffer of their exact length", () => {
    const taken: ReceivedMail[] = [];
    const session = new SmtpSession({
      name: "fake",
      domain: () => "hc.localhost",
      reply: () => undefined,
      close: () => undefined,
      activity: () => undefined,
      deliver: (mail) => taken.push(mail),
    });
    session.receive(Buffer.from(`EHLO x\r\nMAIL FROM:<a@b.c>\r\nRCPT TO:<${UUID}@hc.localhost>\r\nDATA\r\n`));
    const chunk = Buffer.from("\r\n".repeat(32 * 1024));
    for (let i = 0; i < 32; i++) session.receive(Buffer.from(chunk));
    session.receive(Buffer.from(".\r\n"));
    const [mail] = taken;
    expect(mail?.bytes.byteLength).toBe(2 * 1024 * 1024);
    // Neither a view on a client's chunk nor a larger buffer's spare room stays alive with the ping.
    expect(mail?.bytes.buffer.byteLength).toBe(mail?.bytes.byteLength);
    expect(mail?.bytes.every((byte, i) => byte === (i % 2 === 0 ? 0x0d : 0x0a))).toBe(true);
  });
});
