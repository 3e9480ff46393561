import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EmailMessage, emailSearchText, htmlToText, parseEmail, parseRecipient, renderEmail } from "../src/model/email/message.js";
import { classifyByKeywords } from "../src/model/keywords.js";

/** Any Unicode scalar value (fast-check's "binary" unit costs a second to warm up). */
const scalar = fc
  .oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }))
  .map((code) => String.fromCodePoint(code));

interface Filters {
  success_kw: string;
  failure_kw: string;
  start_kw: string;
  filter_subject: boolean;
  filter_body: boolean;
  filter_default_fail: boolean;
}

const NO_FILTERS: Filters = {
  success_kw: "",
  failure_kw: "",
  start_kw: "",
  filter_subject: false,
  filter_body: false,
  filter_default_fail: false,
};

/** The classification in live mode, built from the two functions under test. */
function classify(message: EmailMessage, settings: Partial<Filters>): string {
  const check = { ...NO_FILTERS, ...settings };
  if (!check.filter_subject && !check.filter_body) return "success";
  return classifyByKeywords(emailSearchText(message, check), check) ?? (check.filter_default_fail ? "fail" : "ign");
}

/** A raw message with the given header lines and body, CRLF line endings. */
function raw(headers: string[], body: string): string {
  return [...headers, "", body].join("\r\n");
}

const utf8Base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");

describe("live subject vectors (filter_subject)", () => {
  const vectors: [Partial<Filters>, string, string][] = [
    [{ success_kw: "SUCCESS" }, "[SUCCESS] Backup completed", "success"],
    [{ failure_kw: "FAIL" }, "[FAIL] Backup did not complete", "fail"],
    [{ failure_kw: "FAIL" }, "[SUCCESS] Backup completed", "ign"],
    [{ success_kw: "SUCCESS, OK" }, "[OK] Backup completed", "success"],
    [{ failure_kw: "FAIL, WARNING" }, "[WARNING] Backup did not complete", "fail"],
    [{ success_kw: "SUCCESS", failure_kw: "FAIL" }, "[SUCCESS] 1 Backup completed, [FAIL] 1 Backup did not complete", "fail"],
    [{ start_kw: "START" }, "[START] Starting backup...", "start"],
    [{ success_kw: "SUCCESS" }, "=?US-ASCII?B?W1NVQ0NFU1NdIEJhY2t1cCBjb21wbGV0ZWQ=?=", "success"],
    [{ success_kw: "SUCCESS", filter_default_fail: true }, "This subject does not contain the expected keyword", "fail"],
    // A paused check with manual_resume turns this into ign later; the keywords say success.
    [{ success_kw: "SUCCESS" }, "[SUCCESS] All is well", "success"],
  ];

  for (const [keywords, subject, expected] of vectors) {
    it(`${JSON.stringify(keywords)} + ${subject} → ${expected}`, () => {
      const settings = { ...keywords, filter_subject: true };
      expect(classify({ subject, text: "body text" }, settings)).toBe(expected);
      expect(classify({ raw: raw(["From: foo@example.org", `Subject: ${subject}`], "body text") }, settings)).toBe(expected);
    });
  }

  it("searches the decoded encoded subject", () => {
    const text = emailSearchText({ subject: "=?US-ASCII?B?W1NVQ0NFU1NdIEJhY2t1cCBjb21wbGV0ZWQ=?=" }, { filter_subject: true, filter_body: false });
    expect(text).toBe("[SUCCESS] Backup completed");
  });

  it("does not search the body when only the subject filter is on", () => {
    expect(classify({ subject: "nothing", text: "SUCCESS" }, { success_kw: "SUCCESS", filter_subject: true })).toBe("ign");
  });
});

describe("live body vectors (filter_body)", () => {
  const body = { success_kw: "SUCCESS", filter_body: true };

  it("plain body with the keyword → success", () => {
    expect(classify({ text: "Body goes here, SUCCESS." }, body)).toBe("success");
    expect(classify({ raw: raw(["Subject: x"], "Body goes here, SUCCESS.") }, body)).toBe("success");
  });

  it("multipart: the HTML part converted to text carries the keyword → success", () => {
    expect(classify({ text: "Plain text here", html: "<b>S</b>UCCESS" }, body)).toBe("success");
    const message = raw(
      ["Subject: multipart", "MIME-Version: 1.0", 'Content-Type: multipart/alternative; boundary="XYZ"'],
      [
        "--XYZ",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Plain text here",
        "--XYZ",
        "Content-Type: text/html; charset=utf-8",
        "",
        "<b>S</b>UCCESS",
        "--XYZ--",
        "",
      ].join("\r\n"),
    );
    expect(classify({ raw: message }, body)).toBe("success");
    expect(emailSearchText({ raw: message }, { filter_subject: true, filter_body: true })).toBe("multipart\nPlain text here\nSUCCESS");
  });

  it("body without the word → ign", () => {
    expect(classify({ text: "All done." }, body)).toBe("ign");
  });

  it("UTF-8 HTML part with a non-ASCII failure keyword → fail", () => {
    const settings = { failure_kw: "glāžšķūņu", filter_body: true };
    expect(classify({ html: "glāžšķūņu rūķīši" }, settings)).toBe("fail");
    for (const [encoding, encoded] of [
      ["base64", utf8Base64("<p>glāžšķūņu rūķīši</p>")],
      ["quoted-printable", "<p>gl=C4=81=C5=BE=C5=A1=C4=B7=C5=AB=C5=86u r=C5=AB=C4=B7=C4=AB=C5=A1i</p>"],
      ["8bit", "<p>glāžšķūņu rūķīši</p>"],
    ] as const) {
      const message = raw(["Subject: report", `Content-Type: text/html; charset="UTF-8"`, `Content-Transfer-Encoding: ${encoding}`], encoded);
      expect(classify({ raw: message }, settings), encoding).toBe("fail");
    }
  });
});

describe("other live vectors", () => {
  it("no filters → success whatever the keywords", () => {
    expect(classify({ text: "hello world" }, {})).toBe("success");
    expect(classify({ text: "hello world" }, { success_kw: "SUCCESS", filter_default_fail: true })).toBe("success");
  });

  it("with no filter on, nothing is searched", () => {
    expect(emailSearchText({ subject: "s", text: "t", html: "h" }, { filter_subject: false, filter_body: false })).toBe("");
  });

  it("joins subject, plain text and HTML text with newlines, each only when present", () => {
    const both = { filter_subject: true, filter_body: true };
    expect(emailSearchText({ subject: "S", text: "T", html: "<i>H</i>" }, both)).toBe("S\nT\nH");
    expect(emailSearchText({ html: "<i>H</i>" }, both)).toBe("\nH");
    expect(emailSearchText({ text: "T" }, { filter_subject: false, filter_body: true })).toBe("T");
  });
});

describe("parseEmail", () => {
  it("decodes RFC 2047 B and Q encoded words in any charset", () => {
    const cases: [string, string][] = [
      ["=?UTF-8?B?W1NVQ0NFU1NdIGdsxIHFvsWhxLfFq8WGdQ==?=", "[SUCCESS] glāžšķūņu"],
      ["=?utf-8?q?=5BFAIL=5D_r=C5=AB=C4=B7=C4=AB=C5=A1i?=", "[FAIL] rūķīši"],
      ["=?ISO-8859-1?Q?caf=E9?= ok", "café ok"],
      ["=?windows-1257?Q?gl=E2=FE?=", "glāž"],
      ["pre =?UTF-8?Q?a?= mid =?UTF-8?Q?b?= post", "pre a mid b post"],
      ["=?UTF-8?B?w7w=?=  =?UTF-8?B?w7w=?=", "üü"],
      ["=?UTF-8?Q?a_b?=\t=?ISO-8859-1?Q?=FC?=", "a bü"],
      ["=?UTF-8*en?Q?hi?=", "hi"],
      ["=?x-unknown?Q?abc?= stays", "=?x-unknown?Q?abc?= stays"],
      ["no words here", "no words here"],
    ];
    for (const [header, subject] of cases) {
      expect(parseEmail(raw([`Subject: ${header}`], "")).subject, header).toBe(subject);
    }
  });

  it("joins a character split across adjacent encoded words", () => {
    // "ā" is C4 81 in UTF-8; each word holds one byte.
    expect(parseEmail(raw(["Subject: =?UTF-8?Q?gl=C4?= =?UTF-8?Q?=81?="], "")).subject).toBe("glā");
  });

  it("unfolds folded headers", () => {
    const message = raw(["Subject: =?UTF-8?B?W1NVQ0NFU1Nd?=", " =?UTF-8?B?IEJhY2t1cA==?=", "\tdone"], "");
    expect(parseEmail(message).subject).toBe("[SUCCESS] Backup\tdone");
    expect(parseEmail(raw(["Subject: one", "  two"], "")).subject).toBe("one  two");
  });

  it("gives an empty subject when the header is missing and takes the first Subject header", () => {
    expect(parseEmail(raw(["From: a@b"], "x")).subject).toBe("");
    expect(parseEmail(raw(["Subject: first", "subject: second"], "x")).subject).toBe("first");
  });

  it("reads a message without headers as a plain body", () => {
    expect(parseEmail("hello world")).toEqual({ subject: "", text: "hello world" });
    expect(parseEmail("")).toEqual({ subject: "", text: "" });
  });

  it("accepts LF-only messages and skips an mbox From line", () => {
    const message = "From foo@example.org Mon Jan  1 00:00:00 2024\nSubject: lf\n\nline 1\nline 2";
    expect(parseEmail(message)).toEqual({ subject: "lf", text: "line 1\nline 2" });
  });

  it("decodes quoted-printable: soft breaks, =XX in either case, literal stray =", () => {
    const body = "Backup =\r\nSUCC=45SS =3d done=\r\n, =e2=82=ac and = alone=20\r\nnext";
    const message = raw(["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: Quoted-Printable"], body);
    expect(parseEmail(message).text).toBe("Backup SUCCESS = done, € and = alone \nnext");
  });

  it("decodes base64 with line breaks and the declared charset", () => {
    const encoded = utf8Base64("Der Sicherungslauf war erfolgreich: SUCCESS ✓").replace(/(.{20})/g, "$1\r\n");
    const message = raw(["Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: BASE64"], encoded);
    expect(parseEmail(message).text).toBe("Der Sicherungslauf war erfolgreich: SUCCESS ✓");
    const latin1 = raw(["Content-Type: text/plain; charset=iso-8859-1", "Content-Transfer-Encoding: base64"], "Y2Fm6Q==");
    expect(parseEmail(latin1).text).toBe("café");
  });

  it("reads undeclared or US-ASCII bytes above 0x7F as replacement characters, like Python", () => {
    const message = raw(["Content-Transfer-Encoding: base64"], "Y2Fm6Q==");
    expect(parseEmail(message).text).toBe("caf\ufffd");
  });

  it("falls back to UTF-8 for a charset nobody knows", () => {
    const message = raw(["Content-Type: text/plain; charset=x-nonsense", "Content-Transfer-Encoding: base64"], utf8Base64("ü"));
    expect(parseEmail(message).text).toBe("ü");
  });

  it("finds the main parts in nested multipart/mixed and ignores attachments", () => {
    const message = raw(
      ["Subject: nested", 'Content-Type: multipart/mixed; boundary="outer"'],
      [
        "This is the preamble.",
        "--outer",
        "Content-Type: text/plain; name=report.txt",
        "Content-Disposition: attachment; filename=report.txt",
        "",
        "attached SUCCESS must not count",
        "--outer",
        "Content-Type: multipart/alternative; boundary=inner",
        "",
        "--inner",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Backup =E2=9C=93",
        "--inner",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        utf8Base64("<p>Backup &amp; restore ✓</p>"),
        "--inner--",
        "--outer",
        "Content-Type: text/html",
        "",
        "<p>second html, not the main one</p>",
        "--outer--",
        "epilogue",
      ].join("\r\n"),
    );
    const parsed = parseEmail(message);
    expect(parsed).toEqual({ subject: "nested", text: "Backup ✓", html: "<p>Backup &amp; restore ✓</p>" });
    expect(classify({ raw: message }, { success_kw: "SUCCESS", filter_body: true })).toBe("ign");
  });

  it("takes the root part of multipart/related", () => {
    const message = raw(
      ['Content-Type: multipart/related; boundary="rel"; start="<root@x>"'],
      [
        "--rel",
        "Content-Type: text/html",
        "Content-ID: <other@x>",
        "",
        "<p>other</p>",
        "--rel",
        "Content-Type: text/html",
        "Content-ID: <root@x>",
        "",
        "<p>root</p>",
        "--rel--",
      ].join("\r\n"),
    );
    expect(parseEmail(message).html).toBe("<p>root</p>");
  });

  it("keeps a body whose boundary is missing or never closed from crashing", () => {
    expect(parseEmail(raw(["Content-Type: multipart/alternative"], "--x\r\n\r\nbody"))).toEqual({ subject: "" });
    const unclosed = raw(["Content-Type: multipart/alternative; boundary=b"], "--b\r\nContent-Type: text/plain\r\n\r\nopen end");
    expect(parseEmail(unclosed).text).toBe("open end");
  });

  it("reads quoted and RFC 2231 parameters", () => {
    const quoted = raw(['Content-Type: text/plain; format=flowed; charset="ISO-8859-1"', "Content-Transfer-Encoding: base64"], "Y2Fm6Q==");
    expect(parseEmail(quoted).text).toBe("café");
    const extended = raw(["Content-Type: text/plain; charset*=us-ascii'en'windows-1257", "Content-Transfer-Encoding: quoted-printable"], "gl=E2=FE");
    expect(parseEmail(extended).text).toBe("glāž");
    const boundary = raw(['Content-Type: multipart/mixed; boundary="a;b=c"'], "--a;b=c\r\n\r\ninside\r\n--a;b=c--");
    expect(parseEmail(boundary).text).toBe("inside");
  });

  it("treats a malformed Content-Type as text/plain", () => {
    expect(parseEmail(raw(["Content-Type: garbage"], "SUCCESS")).text).toBe("SUCCESS");
  });

  it("survives deeply nested multiparts", () => {
    const nest = (levels: number): string => {
      let body = "--b0\r\nContent-Type: text/plain\r\n\r\ndeep\r\n--b0--";
      for (let level = 1; level < levels; level++) {
        body = `--b${level}\r\nContent-Type: multipart/mixed; boundary=b${level - 1}\r\n\r\n${body}\r\n--b${level}--`;
      }
      return raw([`Content-Type: multipart/mixed; boundary=b${levels - 1}`], body);
    };
    expect(parseEmail(nest(5)).text).toBe("deep");
    expect(parseEmail(nest(500)).text).toBeUndefined();
  });
});

describe("htmlToText", () => {
  it("converts the service's examples", () => {
    expect(htmlToText("<b>S</b>UCCESS")).toBe("SUCCESS");
    expect(htmlToText('<style>css</style><h1 class="foo">Hello</h1> World <script>js</script>')).toBe("Hello World");
  });

  it("decodes named, decimal and hexadecimal character references", () => {
    expect(htmlToText("a &amp; b &lt;tag&gt; &#65;&#x42;&#X43; &eacute;&nbsp;x &apos;")).toBe("a & b <tag> ABC é x '");
    expect(htmlToText("&amp &copy2024 &notit; &unknown; &#128; &#0; &#xD800;")).toBe("& ©2024 ¬it; &unknown; € \ufffd \ufffd");
  });

  it("concatenates text pieces without separators and collapses Python whitespace", () => {
    expect(htmlToText("<p>one</p><p>two</p>")).toBe("onetwo");
    expect(htmlToText("  a \n\t b\u3000\u001cc  ")).toBe("a b c");
  });

  it("drops comments, declarations, processing instructions and attributes containing >", () => {
    expect(htmlToText('<!DOCTYPE html><!-- SUCCESS --><?xml x?><a title="a>SUCCESS">ok</a>')).toBe("ok");
  });

  it("hides script and style content until their end tag, case-insensitively", () => {
    expect(htmlToText("<SCRIPT type='x'>if (a < b) {}</b></Script >after")).toBe("after");
    expect(htmlToText("<style>never closed SUCCESS")).toBe("");
    expect(htmlToText("<script/>shown")).toBe("shown");
  });

  it("keeps a stray < as text", () => {
    expect(htmlToText("1 < 2 and 3 <4")).toBe("1 < 2 and 3 <4");
    expect(htmlToText("tail <")).toBe("tail <");
  });

  // A quadratic scan of these 300,000-character inputs would take minutes:
  // the test's own time limit catches it, without a wall-clock bound that a
  // busy machine could break.
  it("finishes on hostile markup", () => {
    expect(htmlToText("<a'".repeat(100_000)).length).toBeGreaterThan(0);
    expect(typeof htmlToText("</a".repeat(100_000))).toBe("string");
    expect(htmlToText("&".repeat(100_000)).length).toBeGreaterThan(0);
  });
});

describe("renderEmail", () => {
  it("renders headers and a single text part", () => {
    const text = renderEmail({ from: "foo@example.org", to: "x@hc.localhost", subject: "[SUCCESS] ok", text: "hello world" });
    expect(text).toBe(
      [
        "From: foo@example.org",
        "To: x@hc.localhost",
        "Subject: [SUCCESS] ok",
        "MIME-Version: 1.0",
        'Content-Type: text/plain; charset="utf-8"',
        "Content-Transfer-Encoding: 7bit",
        "",
        "hello world",
      ].join("\r\n"),
    );
  });

  it("encodes a non-ASCII subject as UTF-8 encoded words of at most 75 characters", () => {
    const subject = "glāžšķūņu rūķīši ".repeat(6);
    const text = renderEmail({ subject });
    const subjectLines = text.split("\r\n").filter((line) => /^(Subject:| )/.test(line));
    expect(subjectLines.length).toBeGreaterThan(2);
    for (const line of subjectLines) {
      for (const word of line.match(/=\?[^ ]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
    }
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(parseEmail(text).subject).toBe(subject);
  });

  it("uses quoted-printable for non-ASCII bodies and multipart/alternative for two parts", () => {
    const text = renderEmail({ text: "plain ✓", html: "<b>S</b>UCCESS ✓" });
    expect(text).toContain("Content-Type: multipart/alternative;");
    expect(text).toContain("Content-Transfer-Encoding: quoted-printable");
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(parseEmail(text)).toEqual({ subject: "", text: "plain ✓", html: "<b>S</b>UCCESS ✓" });
  });

  it("round-trips awkward texts exactly", () => {
    const awkward = [
      "",
      "\n",
      "CRLF\r\nlines\r\n",
      "lone\rCR",
      "trailing space \nand tab\t",
      "--=_fake-server-alternative\n--=_fake-server-alternative--",
      "=3D literal, =?UTF-8?Q?x?= stays",
      "x".repeat(2000),
      "ü".repeat(500),
      "From the start\n.\n",
      "😀 astral",
    ];
    for (const body of awkward) {
      for (const message of [{ text: body }, { html: body }, { text: body, html: body }] as EmailMessage[]) {
        const parsed = parseEmail(renderEmail(message));
        expect(parsed.text, JSON.stringify(message)).toBe(message.text);
        expect(parsed.html, JSON.stringify(message)).toBe(message.html);
      }
    }
  });

  it("renders an empty text/plain body when there is neither text nor HTML", () => {
    expect(parseEmail(renderEmail({ subject: "s" }))).toEqual({ subject: "s", text: "" });
  });

  it("keeps line breaks in addresses from injecting headers", () => {
    const text = renderEmail({ from: "a@b\r\nSubject: injected", subject: "real", text: "x" });
    expect(parseEmail(text).subject).toBe("real");
  });

  it("parseEmail(renderEmail(m)) gives back subject, text and html", () => {
    const body = fc.option(fc.string({ unit: scalar, maxLength: 300 }), { nil: undefined });
    const subject = fc.option(
      fc.string({ unit: scalar, maxLength: 120 }).filter((s) => !s.includes("=?")),
      { nil: undefined },
    );
    fc.assert(
      fc.property(subject, body, body, (s, text, html) => {
        const message: EmailMessage = {
          from: "foo@example.org",
          ...(s !== undefined && { subject: s }),
          ...(text !== undefined && { text }),
          ...(html !== undefined && { html }),
        };
        const parsed = parseEmail(renderEmail(message));
        expect(parsed.subject).toBe(s ?? "");
        expect(parsed.text).toBe(text === undefined && html === undefined ? "" : text);
        expect(parsed.html).toBe(html);
      }),
      { numRuns: 100 },
    );
  });
});

describe("parseRecipient", () => {
  const domain = "hc.localhost";
  const uuid = "4f3e2d1c-0b9a-4876-a543-210fedcba987";

  it("accepts a version-4-shaped UUID in any case and returns it lower case", () => {
    expect(parseRecipient(`${uuid}@${domain}`, domain)).toEqual({ kind: "uuid", uuid });
    expect(parseRecipient(`${uuid.toUpperCase()}@${domain}`, domain)).toEqual({ kind: "uuid", uuid });
    expect(parseRecipient(` <${uuid}@${domain}> `, domain)).toEqual({ kind: "uuid", uuid });
  });

  it("refuses UUIDs whose version or variant digit is wrong", () => {
    expect(parseRecipient(`${uuid.slice(0, 14)}1${uuid.slice(15)}@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
    expect(parseRecipient(`${uuid.slice(0, 19)}c${uuid.slice(20)}@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
    expect(parseRecipient(`${uuid.slice(0, 19)}B${uuid.slice(20)}@${domain}`, domain).kind).toBe("uuid");
    // The service's pattern lets "|" stand there: its SMTP server takes the address, which names no check.
    expect(parseRecipient(`${uuid.slice(0, 19)}|${uuid.slice(20)}@${domain}`, domain).kind).toBe("uuid");
  });

  it("accepts {ping_key}+{slug}", () => {
    const pingKey = "abcDEF123_-abcDEF123_-";
    expect(parseRecipient(`${pingKey}+nightly-backup_2@${domain}`, domain)).toEqual({ kind: "slug", pingKey, slug: "nightly-backup_2" });
    expect(parseRecipient(`${pingKey}+Nightly@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
    expect(parseRecipient(`${pingKey.slice(1)}+nightly@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
    expect(parseRecipient(`${pingKey}+@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
  });

  it("rejects any other domain first, compared exactly", () => {
    for (const address of [`${uuid}@example.org`, `${uuid}@HC.localhost`, `${uuid}@sub.${domain}`, uuid, `junk@example.org`]) {
      expect(parseRecipient(address, domain), address).toEqual({ kind: "rejected", reason: "Recipient rejected" });
    }
    expect(parseRecipient(`junk@${domain}`, domain)).toEqual({ kind: "rejected", reason: "Invalid mailbox" });
  });
});
