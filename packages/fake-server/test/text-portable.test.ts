/**
 * The core's own hashes, byte encodings and IP check agree with Node's
 * (node:crypto, Buffer, node:net), which they replace so that the core
 * runs in browsers and workers: edge lengths, non-ASCII text, odd input.
 */
import { createHash, createHmac } from "node:crypto";
import { isIP } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digest, hmac, type HashName } from "../src/text/digest.js";
import { copyText, fromBase64, latin1Bytes, toBase64, toBase64Url, toHex, utf8Length } from "../src/text/bytes.js";
import { ipVersion } from "../src/text/ip.js";

const HASHES: HashName[] = ["sha1", "sha256"];
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const bytesOf = (length: number): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);
const ODD_TEXTS = ["", "é", "日本語", "\u{1F600}", "\ud800", "a\udc00b", "\ud800\ud800", "\u0100\u00ff"];

describe("SHA-1, SHA-256 and HMAC", () => {
  // Around the 55/56 bytes where the length no longer fits the last block, and whole blocks.
  const LENGTHS = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000];

  it.each(HASHES)("%s matches node:crypto at block boundaries", (hash) => {
    for (const length of LENGTHS) {
      const message = bytesOf(length);
      expect(hex(digest(hash, message)), `${length} bytes`).toBe(createHash(hash).update(message).digest("hex"));
    }
  });

  it.each(HASHES)("HMAC-%s matches node:crypto for keys shorter, as long as and longer than a block", (hash) => {
    for (const keyLength of [0, 1, 20, 63, 64, 65, 200]) {
      for (const length of [0, 55, 64, 200]) {
        const key = bytesOf(keyLength).reverse();
        const message = bytesOf(length);
        expect(hex(hmac(hash, key, message)), `key ${keyLength}, data ${length}`).toBe(
          createHmac(hash, key).update(message).digest("hex"),
        );
      }
    }
  });

  it.each(HASHES)("%s reads text as UTF-8, a lone surrogate as U+FFFD, as Node does", (hash) => {
    for (const text of ODD_TEXTS) {
      expect(hex(digest(hash, text))).toBe(createHash(hash).update(text).digest("hex"));
      expect(hex(hmac(hash, text, text))).toBe(createHmac(hash, text).update(text).digest("hex"));
    }
  });

  it("any bytes hash as Node hashes them", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), (data, key) => {
        expect(hex(digest("sha256", data))).toBe(createHash("sha256").update(data).digest("hex"));
        expect(hex(hmac("sha1", key, data))).toBe(createHmac("sha1", key).update(data).digest("hex"));
      }),
    );
  });
});

describe("bytes without Buffer", () => {
  it("base64, base64url and hex match Buffer for every length modulo 3", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        const buffer = Buffer.from(data);
        expect(toBase64(data)).toBe(buffer.toString("base64"));
        expect(toBase64Url(data)).toBe(buffer.toString("base64url"));
        expect(toHex(data)).toBe(buffer.toString("hex"));
        expect(hex(fromBase64(toBase64(data)))).toBe(hex(data));
      }),
    );
  });

  it.each([
    "", "=", "A", "AB", "ABC", "QUJD", "QUJDRA", "QUJDRA=", "QUJDRA==", "AB=CD", "====QUJD", "QU=JD",
    "QUJD\r\nREVG", "Zm9v YmFy", "a-b_", "!!!", "é QUJD", "Q", "QUJDR",
  ])("decodes %j as Buffer.from(…, 'base64') does", (text) => {
    expect(hex(fromBase64(text))).toBe(Buffer.from(text, "base64").toString("hex"));
  });

  it("decodes any text as Buffer does, whatever it holds", () => {
    const base64ish = fc.string({ unit: fc.constantFrom(..."AZaz09+/-_= \n\t.é") });
    fc.assert(
      fc.property(base64ish, (text) => {
        expect(hex(fromBase64(text))).toBe(Buffer.from(text, "base64").toString("hex"));
      }),
    );
  });

  // Buffer reads a character past Latin-1 by its low byte (U+D83D as "=",
  // the end); such a character is no base64 and is skipped like any other.
  it("skips characters past Latin-1", () => {
    expect(hex(fromBase64("\u{1F600}QUJD"))).toBe(hex(fromBase64("QUJD")));
  });

  it("counts UTF-8 and writes Latin-1 as Buffer does", () => {
    for (const text of [...ODD_TEXTS, "plain ascii"]) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text));
      expect(hex(latin1Bytes(text))).toBe(Buffer.from(text, "latin1").toString("hex"));
    }
  });

  it("counts any text's UTF-8 bytes, ASCII first or not, as Buffer does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), fc.string({ unit: "binary" }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) }), (ascii, any, units) => {
        for (const text of [ascii, any, units, ascii + units]) expect(utf8Length(text)).toBe(Buffer.byteLength(text));
      }),
    );
  });

  it("copies text longer than one slice unchanged, lone surrogates too", () => {
    const text = `${"x\ud800".repeat(40_000)}é`;
    expect(copyText(text)).toBe(text);
  });
});

describe("ipVersion", () => {
  it.each([
    "1.2.3.4", "01.2.3.4", "1.2.3.04", "256.1.1.1", "1.2.3", "1.2.3.4.5", " 1.2.3.4", "1.2.3.4\n", "",
    "::", "::1", "::ffff:1.2.3.4", "::ffff:01.2.3.4", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
    "1::2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "1::1.2.3.4", "1.2.3.4::", ":::",
    "1::2::3", "[::1]", "00001::", "1:2:3:4:5:6:7:8:9", "g::",
  ])("tells %j apart as node:net's isIP does", (text) => {
    expect(ipVersion(text)).toBe(isIP(text));
  });

  // node:net takes a zone (`fe80::1%eth0`); the WHATWG URL parser, which
  // compresses the address the ping route records, refuses one.
  it.each(["fe80::1%eth0", "::1%1"])("does not take %j, an address with a zone, for IPv6", (text) => {
    expect(ipVersion(text)).toBe(0);
    expect(() => new URL(`http://[${text}]`)).toThrow();
  });
});
