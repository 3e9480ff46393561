import { describe, expect, it } from "vitest";
import { byNaturalName } from "../src/model/notify/check-order.js";
import {
  formatDowntime,
  formatPeriod,
  isoSeconds,
  lastPingKind,
  rfc5322Date,
  shortDate,
} from "../src/model/notify/formats.js";
import { naturalTime } from "../src/model/notify/natural-time.js";
import type { AlertPing } from "../src/model/notify/view.js";
import { wordWrap } from "../src/text/word-wrap.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("period", () => {
  it.each([
    [60, "1 minute"],
    [90, "1 minute"],
    [120, "2 minutes"],
    [HOUR, "1 hour"],
    [DAY + 2 * HOUR, "1 day 2 hours"],
    [8 * DAY, "8 days"],
    [7 * DAY, "1 week"],
    [14 * DAY, "2 weeks"],
    [14 * DAY + MINUTE, "14 days 1 minute"],
    [365 * DAY, "365 days"],
    [DAY + HOUR + MINUTE, "1 day 1 hour 1 minute"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatPeriod(seconds)).toBe(text);
  });
});

describe("downtime", () => {
  it.each([
    [0, "0 seconds"],
    [999, "0 seconds"],
    [1000, "1 second"],
    [38_900, "38 seconds"],
    [60_000, "1 minute, 0 seconds"],
    [61_000, "1 minute, 1 second"],
    [3_600_000, "1 hour, 0 minutes"],
    [2 * 3_600_000 + 5 * 60_000 + 59_000, "2 hours, 5 minutes"],
    [86_400_000, "1 day, 0 hours"],
    [3 * 86_400_000 + 3_600_000, "3 days, 1 hour"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatDowntime(ms)).toBe(text);
  });
});

describe("relative time", () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0, 500);
  it.each([
    [0, "now"],
    [999, "now"],
    [1000, "a second ago"],
    [1999, "a second ago"],
    [6_400, "6 seconds ago"],
    [59_999, "59 seconds ago"],
    [60_000, "a minute ago"],
    [154_000, "2 minutes ago"],
    [3_599_999, "59 minutes ago"],
    [3_600_000, "an hour ago"],
    [23 * 3_600_000, "23 hours ago"],
    [86_400_000, "1 day ago"],
    [86_400_000 + 2 * 3_600_000 + 59_000, "1 day, 2 hours ago"],
    [8 * 86_400_000, "1 week, 1 day ago"],
    [14 * 86_400_000 + 60_000, "2 weeks ago"],
    [-1000, "a second from now"],
    [-125_000, "2 minutes from now"],
    [-2 * 86_400_000, "2 days from now"],
  ])("%i ms before now → %s", (ago, text) => {
    expect(naturalTime(now - ago, now)).toBe(text);
  });

  it("counts months and years on the calendar, February with 28 days, two adjacent units at most", () => {
    expect(naturalTime(Date.UTC(2026, 0, 31, 12), Date.UTC(2026, 2, 3, 12))).toBe("1 month ago");
    expect(naturalTime(Date.UTC(2026, 0, 31, 12), Date.UTC(2026, 2, 10, 12))).toBe("1 month, 1 week ago");
    expect(naturalTime(Date.UTC(2024, 10, 20), Date.UTC(2026, 10, 26))).toBe("2 years ago");
    expect(naturalTime(Date.UTC(2025, 9, 26), Date.UTC(2026, 10, 26, 1))).toBe("1 year, 1 month ago");
    expect(naturalTime(Date.UTC(2026, 9, 26, 13), Date.UTC(2026, 10, 26, 12))).toBe("4 weeks, 2 days ago");
  });
});

describe("dates and kinds", () => {
  it("prints the RFC 5322 date of emails, the short date and $NOW", () => {
    const at = Date.UTC(2026, 10, 6, 0, 58, 53, 900);
    expect(rfc5322Date(at)).toBe("Fri, 06 Nov 2026 00:58:53 +0000");
    expect(shortDate(at)).toBe("Nov 6, 2026");
    expect(isoSeconds(at)).toBe("2026-11-06T00:58:53+00:00");
  });

  it("names the last ping's kind", () => {
    const ping = (type: AlertPing["type"], exitStatus: number | null = null): AlertPing => ({
      n: 1,
      type,
      exitStatus,
      body: null,
      remoteAddr: null,
      at: 0,
      subject: null,
    });
    expect(lastPingKind(ping("success"))).toBe("Success");
    expect(lastPingKind(ping("success", 0))).toBe("Success");
    expect(lastPingKind(ping("fail"))).toBe("Failure");
    expect(lastPingKind(ping("fail", 7))).toBe("Exit status 7");
    expect(lastPingKind(ping("start"))).toBe("Start");
    expect(lastPingKind(ping("log"))).toBe("Log");
    expect(lastPingKind(ping("ign"))).toBe("Ignored");
  });

  it("sorts checks by name as the service does: case and whitespace aside, numbers by value", () => {
    const names = ["job 10", "Job 9", " alpha", "", "job 010a", "Ω", "😀"];
    expect(byNaturalName(names.map((name) => ({ name }))).map(({ name }) => name)).toEqual([
      "",
      " alpha",
      "Job 9",
      "job 10",
      "job 010a",
      "Ω",
      "😀",
    ]);
  });
});

describe("word wrap", () => {
  it("wraps at 80 columns, a break eating the space it replaces", () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const wrapped = wordWrap(words, 80).split("\n");
    expect(wrapped.every((line) => line.length <= 80 && !line.startsWith(" ") && !line.endsWith(" "))).toBe(true);
    expect(wrapped.join(" ")).toBe(words);
    expect(wordWrap("aaa bbb ccc", 7)).toBe("aaa bbb\nccc");
  });

  it("keeps a word longer than the width whole, and existing line breaks", () => {
    expect(wordWrap(`x ${"y".repeat(90)} z`, 80)).toBe(`x\n${"y".repeat(90)}\nz`);
    expect(wordWrap("a\r\nb\n\nc\n", 80)).toBe("a\nb\n\nc\n");
    expect(wordWrap("   \nx", 80)).toBe("   \nx");
  });

  it("counts code points and expands tabs to 8-column stops", () => {
    expect(wordWrap("😀😀😀 😀😀", 5)).toBe("😀😀😀\n😀😀");
    expect(wordWrap("a\tb c", 9)).toBe("a       b\nc");
  });

  it("keeps inner runs of spaces, dropping only those at a break", () => {
    expect(wordWrap("a  b    c", 4)).toBe("a  b\nc");
  });
});
