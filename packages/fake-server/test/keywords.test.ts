import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { classifyByKeywords, matchesKeywords } from "../src/model/keywords.js";
import { keywordsIn } from "../src/text/keyword-scan.js";

const none = { success_kw: "", failure_kw: "", start_kw: "" };

describe("matchesKeywords", () => {
  it("matches any comma-separated piece as a substring", () => {
    expect(matchesKeywords("SUCCESS, OK", "[OK] Backup completed")).toBe(true);
    expect(matchesKeywords("FAIL, WARNING", "[WARNING] Backup did not complete")).toBe(true);
    expect(matchesKeywords("FAIL", "[SUCCESS] Backup completed")).toBe(false);
  });

  it("is case-sensitive and has no word boundaries", () => {
    expect(matchesKeywords("success", "SUCCESS")).toBe(false);
    expect(matchesKeywords("OK", "BROKEN")).toBe(true);
  });

  it("keeps inner spaces and trims only the ends of each piece", () => {
    expect(matchesKeywords("  Backup successful  ", "Backup successful.")).toBe(true);
    expect(matchesKeywords("Backup successful", "Backup  successful")).toBe(false);
  });

  it("skips empty pieces, so an empty or comma-only list never matches", () => {
    expect(matchesKeywords("", "anything")).toBe(false);
    expect(matchesKeywords(" , ,", "anything , ")).toBe(false);
    expect(matchesKeywords(",,x,", "a x b")).toBe(true);
  });

  it("trims whitespace the way Python's str.strip does", () => {
    // U+001F is whitespace for Python, so the piece is "OK"; U+FEFF is not, so it stays part of the keyword.
    expect(matchesKeywords("\u001fOK\u001f", "OK")).toBe(true);
    expect(matchesKeywords("\u00a0OK\u3000", "OK")).toBe(true);
    expect(matchesKeywords("\ufeffOK", "OK")).toBe(false);
  });

  it("treats wildcard characters literally and matches non-ASCII keywords", () => {
    expect(matchesKeywords("a*b", "aXb")).toBe(false);
    expect(matchesKeywords("a*b", "a*b")).toBe(true);
    expect(matchesKeywords("glāžšķūņu", "glāžšķūņu rūķīši")).toBe(true);
  });
});

describe("classifyByKeywords", () => {
  const kw = { success_kw: "SUCCESS", failure_kw: "FAIL", start_kw: "START" };

  it("tests failure, then success, then start", () => {
    expect(classifyByKeywords("[SUCCESS] 1 Backup completed, [FAIL] 1 Backup did not complete", kw)).toBe("fail");
    expect(classifyByKeywords("START SUCCESS", kw)).toBe("success");
    expect(classifyByKeywords("[START] Starting backup...", kw)).toBe("start");
    expect(classifyByKeywords("START FAIL", kw)).toBe("fail");
  });

  it("returns null when nothing matches or every list is empty", () => {
    expect(classifyByKeywords("nothing here", kw)).toBeNull();
    expect(classifyByKeywords("SUCCESS FAIL START", none)).toBeNull();
  });

  it("ignores an empty list even when the text is empty", () => {
    expect(classifyByKeywords("", { ...none, success_kw: "" })).toBeNull();
    expect(classifyByKeywords("", { ...none, success_kw: "x" })).toBeNull();
  });
});

describe("keywordsIn", () => {
  it("finds exactly the keywords a substring test finds, in one pass", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "c", "é", "✓") }), fc.array(fc.string({ unit: fc.constantFrom("a", "b", "c", "é", "✓"), maxLength: 4 })), (text, keywords) => {
        const expected = new Set(keywords.filter((keyword) => keyword !== "" && text.includes(keyword)));
        expect(keywordsIn(text, keywords)).toEqual(expected);
      }),
    );
    expect(keywordsIn("she sells sea shells", ["he", "she", "hers", "shells", "sea", "x"])).toEqual(new Set(["he", "she", "shells", "sea"]));
  });
});
