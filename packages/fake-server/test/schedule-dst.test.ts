// Cron across DST changes: cronsim's fixed-time and real-time regimes.
import { describe, expect, it } from "vitest";
import { nextFireTime } from "../src/model/schedule/index.js";
import { at, fireTimes, localFireTimes, utc, utcFireTimes } from "./schedule-helpers.js";

const RIGA = "Europe/Riga";
// Riga 2021: DST starts 03-28 03:00+02:00 → 04:00+03:00, ends 10-31 04:00+03:00 → 03:00+02:00.
const SPRING = (time: string) => at(`2021-03-28T${time}+02:00`);
const AUTUMN = (time: string) => at(`2021-10-31T${time}+03:00`);
const riga = (expression: string, start: number, count: number) => localFireTimes(expression, RIGA, start, count);
const spring = (...times: string[]) => times.map((t) => `2021-03-28T${t}`);
const autumn = (...times: string[]) => times.map((t) => `2021-10-31T${t}`);

describe("cronsim DST vectors, Europe/Riga", () => {
  const ALL_HOURS = Array.from({ length: 24 }, (_, h) => h).join(",");
  const ODD_HOURS = Array.from({ length: 12 }, (_, h) => 2 * h + 1).join(",");
  const cases: [string, number, string[]][] = [
    ["0 * * * *", SPRING("01:30"), spring("02:00+02:00", "04:00+03:00")],
    ["0 * * * *", AUTUMN("01:30"), autumn("02:00+03:00", "03:00+03:00", "03:00+02:00", "04:00+02:00")],
    ["*/30 * * * *", SPRING("02:10"), spring("02:30+02:00", "04:00+03:00", "04:30+03:00")],
    [
      "*/30 * * * *",
      AUTUMN("02:10"),
      autumn("02:30+03:00", "03:00+03:00", "03:30+03:00", "03:00+02:00", "03:30+02:00", "04:00+02:00"),
    ],
    ["*/15 * * * *", SPRING("02:40"), spring("02:45+02:00", "04:00+03:00")],
    [
      "*/15 * * * *",
      AUTUMN("02:40"),
      autumn(
        "02:45+03:00", "03:00+03:00", "03:15+03:00", "03:30+03:00", "03:45+03:00",
        "03:00+02:00", "03:15+02:00", "03:30+02:00", "03:45+02:00", "04:00+02:00",
      ),
    ],
    ["0 */2 * * *", SPRING("01:30"), spring("02:00+02:00", "04:00+03:00", "06:00+03:00")],
    ["0 */2 * * *", AUTUMN("01:30"), autumn("02:00+03:00", "04:00+02:00", "06:00+02:00")],
    ["30 */2 * * *", SPRING("01:30"), spring("02:30+02:00", "04:30+03:00")],
    ["30 */2 * * *", AUTUMN("01:30"), autumn("02:30+03:00", "04:30+02:00")],
    ["0 */3 * * *", AUTUMN("01:30"), autumn("03:00+03:00", "03:00+02:00", "06:00+02:00")],
    ["0 1,2,3,4,5 * * *", SPRING("01:30"), spring("02:00+02:00", "04:00+03:00", "05:00+03:00")],
    ["0 1,2,3,4,5 * * *", AUTUMN("01:30"), autumn("02:00+03:00", "03:00+03:00", "04:00+02:00")],
    ["30 1,2,3,4,5 * * *", SPRING("01:30"), spring("02:30+02:00", "04:00+03:00", "04:30+03:00")],
    ["30 1,2,3,4,5 * * *", AUTUMN("01:30"), autumn("02:30+03:00", "03:30+03:00", "04:30+02:00")],
    ["0 2 * * *", SPRING("01:30"), ["2021-03-28T02:00+02:00", "2021-03-29T02:00+03:00"]],
    ["0 2 * * *", AUTUMN("01:30"), ["2021-10-31T02:00+03:00", "2021-11-01T02:00+02:00"]],
    ["0 3 * * *", at("2021-03-27T01:30+02:00"), ["2021-03-27T03:00+02:00", "2021-03-28T04:00+03:00", "2021-03-29T03:00+03:00"]],
    ["0 3 * * *", AUTUMN("01:30"), ["2021-10-31T03:00+03:00", "2021-11-01T03:00+02:00"]],
    ["0 4 * * *", at("2021-03-27T01:30+02:00"), ["2021-03-27T04:00+02:00", "2021-03-28T04:00+03:00", "2021-03-29T04:00+03:00"]],
    ["0 4 * * *", at("2021-10-30T01:30+03:00"), ["2021-10-30T04:00+03:00", "2021-10-31T04:00+02:00", "2021-11-01T04:00+02:00"]],
    [`0 ${ALL_HOURS} * * *`, SPRING("01:30"), spring("02:00+02:00", "04:00+03:00", "05:00+03:00")],
    [`0 ${ALL_HOURS} * * *`, AUTUMN("01:30"), autumn("02:00+03:00", "03:00+03:00", "04:00+02:00")],
    [`0 ${ODD_HOURS} * * *`, SPRING("00:30"), spring("01:00+02:00", "04:00+03:00", "05:00+03:00")],
    [`0 ${ODD_HOURS} * * *`, AUTUMN("00:30"), autumn("01:00+03:00", "03:00+03:00", "05:00+02:00")],
    ["0 1-5 * * *", SPRING("01:30"), spring("02:00+02:00", "04:00+03:00", "05:00+03:00")],
    ["0 1-5 * * *", AUTUMN("01:30"), autumn("02:00+03:00", "03:00+03:00", "04:00+02:00")],
    ["15 3 * * *", at("2021-03-27T00:00+02:00"), ["2021-03-27T03:15+02:00", "2021-03-28T04:00+03:00", "2021-03-29T03:15+03:00"]],
    ["15 3 * * *", at("2021-10-30T00:00+03:00"), ["2021-10-30T03:15+03:00", "2021-10-31T03:15+03:00", "2021-11-01T03:15+02:00"]],
    ["* * * * *", SPRING("02:58"), spring("02:59+02:00", "04:00+03:00")],
    ["* * * * *", AUTUMN("03:58"), autumn("03:59+03:00", "03:00+02:00", "03:01+02:00")],
    ["* 1-6 * * *", SPRING("02:58"), spring("02:59+02:00", "04:00+03:00")],
    ["* 1-6 * * *", AUTUMN("03:58"), autumn("03:59+03:00", "03:00+02:00", "03:01+02:00")],
  ];

  it.each(cases)("%s from %s", (expression, start, expected) => {
    expect(riga(expression, start, expected.length)).toEqual(expected);
  });
});

describe("service-level DST vectors", () => {
  const ny = (expression: string, start: string, count: number) =>
    utcFireTimes(expression, "America/New_York", at(start), count);
  const rigaUtc = (expression: string, start: string, count: number) => utcFireTimes(expression, RIGA, at(start), count);

  it("30 2 * * * in New York: 02:30 does not exist on 03-14 and runs at 03:00 EDT", () => {
    expect(ny("30 2 * * *", "2021-03-13T05:00Z", 3)).toEqual(["2021-03-13T07:30Z", "2021-03-14T07:00Z", "2021-03-15T06:30Z"]);
  });

  it("45 2 * * * in New York moves to 03:00 EDT as well", () => {
    expect(ny("45 2 * * *", "2021-03-13T17:00Z", 2)).toEqual(["2021-03-14T07:00Z", "2021-03-15T06:45Z"]);
  });

  it("30 1 * * * in New York runs once, at the first 01:30", () => {
    expect(ny("30 1 * * *", "2021-11-06T16:00Z", 2)).toEqual(["2021-11-07T05:30Z", "2021-11-08T06:30Z"]);
  });

  it("* 1 * * * in New York also runs through the repeated 01:xx EST hour", () => {
    expect(ny("* 1 * * *", "2021-11-07T05:58Z", 3)).toEqual(["2021-11-07T05:59Z", "2021-11-07T06:00Z", "2021-11-07T06:01Z"]);
  });

  it("*/20 3 * * * in Riga skips 03-28, where 03:xx does not exist", () => {
    expect(rigaUtc("*/20 3 * * *", "2021-03-27T23:30Z", 1)).toEqual(["2021-03-29T00:00Z"]);
  });

  it("*/20 3 * * * in Riga runs in both 03:xx hours of 10-31", () => {
    expect(rigaUtc("*/20 3 * * *", "2021-10-30T22:30Z", 5)).toEqual(
      ["00:00", "00:20", "00:40", "01:00", "01:20"].map((t) => `2021-10-31T${t}Z`),
    );
  });

  it("30 3 * * * in Riga moves 03:30 on 03-28 to 04:00+03:00", () => {
    expect(rigaUtc("30 3 * * *", "2021-03-27T10:00Z", 2)).toEqual(["2021-03-28T01:00Z", "2021-03-29T00:30Z"]);
  });

  it("live tests: Brisbane and Riga", () => {
    expect(utc(nextFireTime("0 10 * * *", "Australia/Brisbane", at("2000-01-01T00:00Z")))).toBe("2000-01-02T00:00Z");
    expect(utc(nextFireTime("15 * * * *", RIGA, at("2023-10-29T00:55Z")))).toBe("2023-10-29T01:15Z");
  });

  it("a start inside the repeated hour never yields a time at or before it (the library's quirk is not reproduced)", () => {
    // The service's library answers 2021-10-31T00:30Z here, before the last ping.
    expect(utc(nextFireTime("30 3 * * *", RIGA, at("2021-10-31T01:10Z")))).toBe("2021-11-01T01:30Z");
    expect(utc(nextFireTime("10 3,4 * * *", RIGA, at("2021-10-31T01:05Z")))).toBe("2021-10-31T02:10Z");
  });

  it("zones without DST behave the same in both regimes", () => {
    expect(utcFireTimes("0 3 * * *", "Asia/Tokyo", at("2021-03-28T00:00Z"), 2)).toEqual(["2021-03-28T18:00Z", "2021-03-29T18:00Z"]);
    expect(utcFireTimes("0 */12 * * *", "Asia/Tokyo", at("2021-03-28T00:00Z"), 2)).toEqual(["2021-03-28T03:00Z", "2021-03-28T15:00Z"]);
    expect(utcFireTimes("0 3 * * *", "Etc/GMT-3", at("2021-03-28T00:00Z"), 1)).toEqual(["2021-03-29T00:00Z"]);
  });
});

describe("real-time regime against a minute-by-minute reference", () => {
  // The reference reads each real minute's local hour and minute straight from Intl.
  function reference(tz: string, from: number, to: number, minutes: number[], hours: number[]): number[] {
    const format = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", hour: "numeric", minute: "numeric" });
    const matches: number[] = [];
    for (let t = from + 60_000; t <= to; t += 60_000) {
      const parts = format.formatToParts(t);
      const hour = Number(parts.find((p) => p.type === "hour")?.value);
      const minute = Number(parts.find((p) => p.type === "minute")?.value);
      if (hours.includes(hour) && minutes.includes(minute)) matches.push(t);
    }
    return matches;
  }
  const everyHour = Array.from({ length: 24 }, (_, h) => h);
  const cases: [string, number[], number[]][] = [
    ["*/20 * * * *", [0, 20, 40], everyHour],
    ["*/30 1-3 * * *", [0, 30], [1, 2, 3]],
    ["*/7 */3 * * *", [0, 7, 14, 21, 28, 35, 42, 49, 56], [0, 3, 6, 9, 12, 15, 18, 21]],
    ["45 * * * *", [45], everyHour],
    ["* 2 * * *", Array.from({ length: 60 }, (_, m) => m), [2]],
  ];
  const windows: [string, string][] = [
    [RIGA, "2021-03-27T20:00Z"],
    [RIGA, "2021-10-30T20:00Z"],
    ["America/New_York", "2021-03-14T02:00Z"],
    ["America/New_York", "2021-11-07T02:00Z"],
    ["Australia/Lord_Howe", "2021-04-03T10:00Z"],
    ["Australia/Lord_Howe", "2021-10-02T10:00Z"],
  ];
  it.each(windows)("%s from %s", (tz, start) => {
    const from = at(start);
    const to = from + 12 * 3600_000;
    for (const [expression, minutes, hours] of cases) {
      const expected = reference(tz, from, to, minutes, hours);
      const found = fireTimes(expression, tz, from, expected.length + 1).filter((t) => t !== undefined && t <= to);
      expect(found.map(utc), `${expression} in ${tz}`).toEqual(expected.map(utc));
    }
  });
});
