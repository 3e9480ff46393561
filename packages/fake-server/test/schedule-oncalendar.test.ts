// OnCalendar schedules with the rules of oncalendar 1.1.
import { describe, expect, it } from "vitest";
import { isValidSchedule, nextFireTime, scheduleKind } from "../src/model/schedule/index.js";
import { at, local, localFireTimes, utc, utcFireTimes } from "./schedule-helpers.js";

const START = at("2020-01-01T00:00Z");
const times = (schedule: string, count: number, start = START) => utcFireTimes(schedule, "UTC", start, count);

describe("oncalendar test-suite vectors", () => {
  it("a date with an hour range, then nothing", () => {
    expect(times("2020-01-01 8..9:0:0", 3)).toEqual(["2020-01-01T08:00Z", "2020-01-01T09:00Z", "none"]);
  });

  it("seconds steps and every minute", () => {
    expect(times("*:*:0/5", 2)).toEqual(["2020-01-01T00:00:05Z", "2020-01-01T00:00:10Z"]);
    expect(times("*:*", 2)).toEqual(["2020-01-01T00:01Z", "2020-01-01T00:02Z"]);
  });

  it("Mondays that are February 29", () => {
    expect(times("Mon 2-29", 2)).toEqual(["2044-02-29T00:00Z", "2072-02-29T00:00Z"]);
  });

  it("~ counts days from the end of the month", () => {
    expect(times("*~1", 3)).toEqual(["2020-01-31T00:00Z", "2020-02-29T00:00Z", "2020-03-31T00:00Z"]);
    expect(times("Sun *~7/1", 3)).toEqual(["2020-01-26T00:00Z", "2020-02-23T00:00Z", "2020-03-29T00:00Z"]);
  });

  it("a date in the past has no occurrence", () => {
    expect(times("2019-01-01", 1)).toEqual(["none"]);
    expect(times("2018-01-01\n2019-01-01", 1)).toEqual(["none"]);
  });

  it("00:00 from 01:00 is the next midnight", () => {
    expect(times("00:00", 1, at("2020-01-01T01:00Z"))).toEqual(["2020-01-02T00:00Z"]);
  });

  it("keeps the check's time zone", () => {
    expect(localFireTimes("*:*", "Europe/Riga", at("2020-01-01T00:00+02:00"), 2)).toEqual([
      "2020-01-01T00:01+02:00",
      "2020-01-01T00:02+02:00",
    ]);
  });

  it("skips a local time inside the spring-forward gap", () => {
    expect(localFireTimes("*-*-29 3:30", "Europe/Riga", at("2020-01-01T00:00+02:00"), 3)).toEqual([
      "2020-01-29T03:30+02:00",
      "2020-02-29T03:30+02:00",
      "2020-04-29T03:30+03:00",
    ]);
  });

  it("runs an ambiguous local time once", () => {
    expect(localFireTimes("*-*-25 3:30", "Europe/Riga", at("2020-10-01T00:00+03:00"), 3)).toEqual([
      "2020-10-25T03:30+03:00",
      "2020-11-25T03:30+02:00",
      "2020-12-25T03:30+02:00",
    ]);
  });

  it("a zone named in the line overrides the check's zone", () => {
    expect(times("12:34", 2)).toEqual(["2020-01-01T12:34Z", "2020-01-02T12:34Z"]);
    expect(times("*-*-* 12:34", 2)).toEqual(["2020-01-01T12:34Z", "2020-01-02T12:34Z"]);
    expect(times("12:34 Europe/Riga", 2)).toEqual(["2020-01-01T10:34Z", "2020-01-02T10:34Z"]);
    expect(localFireTimes("12:34 Europe/Riga", "Europe/Berlin", at("2020-01-01T00:00+01:00"), 2)).toEqual([
      "2020-01-01T11:34+01:00",
      "2020-01-02T11:34+01:00",
    ]);
  });

  it("several lines: the union of their occurrences", () => {
    expect(times("00:00\n12:34", 4)).toEqual([
      "2020-01-01T12:34Z",
      "2020-01-02T00:00Z",
      "2020-01-02T12:34Z",
      "2020-01-03T00:00Z",
    ]);
    expect(times("2020-01-02\n12:34", 4)).toEqual([
      "2020-01-01T12:34Z",
      "2020-01-02T00:00Z",
      "2020-01-02T12:34Z",
      "2020-01-03T12:34Z",
    ]);
  });

  it("an instant two lines share is reported once", () => {
    expect(times("12:00\n*-*-* 12:00:00", 2)).toEqual(["2020-01-01T12:00Z", "2020-01-02T12:00Z"]);
  });
});

describe("parse vectors, observed through occurrences", () => {
  it("weekday spellings", () => {
    for (const text of ["Mon", "MON", "Monday", "MONDAY", "mOnDaY"]) expect(times(text, 1)).toEqual(["2020-01-06T00:00Z"]);
  });

  it("weekday lists and ranges", () => {
    for (const text of ["Mon..Tue", "Mon,Tue", "Mon-Tue", "Mon,Tue,"]) {
      expect(times(text, 3)).toEqual(["2020-01-06T00:00Z", "2020-01-07T00:00Z", "2020-01-13T00:00Z"]);
    }
  });

  it("a date without year is every year", () => {
    expect(times("11-30", 2)).toEqual(["2020-11-30T00:00Z", "2021-11-30T00:00Z"]);
  });

  it("two-digit years: 0–69 are 2000–2069, 70–99 are 1970–1999", () => {
    expect(times("69-*-*", 1)).toEqual(["2069-01-01T00:00Z"]);
    expect(times("70-*-*", 1)).toEqual(["none"]);
    expect(times("70-*-*", 1, at("1969-12-31T12:00Z"))).toEqual(["1970-01-01T00:00Z"]);
  });

  it("omitted seconds are 0", () => {
    expect(times("11:22", 1)).toEqual(["2020-01-01T11:22Z"]);
    expect(times("11:22:33", 1)).toEqual(["2020-01-01T11:22:33Z"]);
  });

  it("lists of ranges and steps in the minute", () => {
    expect(times("*:1..3,7..9:0", 5, at("2020-01-01T00:02:30Z"))).toEqual(
      ["00:03", "00:07", "00:08", "00:09", "01:01"].map((t) => `2020-01-01T${t}Z`),
    );
    expect(times("*:5/15", 5)).toEqual(["00:05", "00:20", "00:35", "00:50", "01:05"].map((t) => `2020-01-01T${t}Z`));
  });

  it("lists and stepped ranges of days from the end", () => {
    expect(times("*-*~1,8", 3)).toEqual(["2020-01-24T00:00Z", "2020-01-31T00:00Z", "2020-02-22T00:00Z"]);
    expect(times("*-*~1..5/2", 4)).toEqual(["01-27", "01-29", "01-31", "02-25"].map((d) => `2020-${d}T00:00Z`));
    expect(times("*-*~3/2", 3)).toEqual(["01-29", "01-31", "02-27"].map((d) => `2020-${d}T00:00Z`));
  });

  it("shorthands, in any case", () => {
    expect(times("minutely", 2)).toEqual(["2020-01-01T00:01Z", "2020-01-01T00:02Z"]);
    expect(times("HOURLY", 1)).toEqual(["2020-01-01T01:00Z"]);
    expect(times("Daily", 1)).toEqual(["2020-01-02T00:00Z"]);
    expect(times("annually", 1)).toEqual(["2021-01-01T00:00Z"]);
    expect(times("daily Europe/Riga", 1)).toEqual(["2020-01-01T22:00Z"]);
  });
});

describe("more vectors", () => {
  it("weekday with a trailing comma", () => {
    expect(times("Mon, 12:34", 3)).toEqual(["01-06", "01-13", "01-20"].map((d) => `2020-${d}T12:34Z`));
  });

  it("last day of the month at noon", () => {
    expect(times("*-*~1 12:00", 3)).toEqual(["01-31", "02-29", "03-31"].map((d) => `2020-${d}T12:00Z`));
  });

  it("working hours", () => {
    expect(times("Mon..Fri 9..17:00", 3, at("2020-01-03T16:30Z"))).toEqual([
      "2020-01-03T17:00Z",
      "2020-01-06T09:00Z",
      "2020-01-06T10:00Z",
    ]);
  });

  it("weekends", () => {
    expect(times("Sat,Sun 10:00", 3)).toEqual(["01-04", "01-05", "01-11"].map((d) => `2020-${d}T10:00Z`));
  });

  it("Friday the 13th: weekday and date must both match", () => {
    expect(times("Fri *-*-13", 3)).toEqual(["2020-03-13T00:00Z", "2020-11-13T00:00Z", "2021-08-13T00:00Z"]);
  });

  it("February 29", () => {
    expect(times("*-02-29", 2, at("2020-03-01T00:00Z"))).toEqual(["2024-02-29T00:00Z", "2028-02-29T00:00Z"]);
  });

  it("every quarter hour", () => {
    expect(times("*:0/15", 4, at("2020-01-01T00:07Z"))).toEqual(
      ["00:15", "00:30", "00:45", "01:00"].map((t) => `2020-01-01T${t}Z`),
    );
  });

  it("weekly, monthly, quarterly, semiannually, yearly", () => {
    expect(times("weekly", 3)).toEqual(["01-06", "01-13", "01-20"].map((d) => `2020-${d}T00:00Z`));
    const from = at("2020-01-15T00:00Z");
    expect(times("monthly", 1, from)).toEqual(["2020-02-01T00:00Z"]);
    expect(times("quarterly", 1, from)).toEqual(["2020-04-01T00:00Z"]);
    expect(times("semiannually", 1, from)).toEqual(["2020-07-01T00:00Z"]);
    expect(times("yearly", 1, from)).toEqual(["2021-01-01T00:00Z"]);
  });

  it("lines in different zones", () => {
    expect(times("12:00 UTC\n12:00 Europe/Riga", 3)).toEqual([
      "2020-01-01T10:00Z",
      "2020-01-01T12:00Z",
      "2020-01-02T10:00Z",
    ]);
  });

  it("*:30 in Riga does not repeat 03:30 when the clocks go back", () => {
    expect(utcFireTimes("*:30", "Europe/Riga", at("2021-10-31T02:00+03:00"), 3)).toEqual([
      "2021-10-30T23:30Z",
      "2021-10-31T00:30Z",
      "2021-10-31T02:30Z",
    ]);
  });

  it("*:0/30 in Riga skips 03:00 and 03:30 when the clocks go forward", () => {
    expect(localFireTimes("*:0/30", "Europe/Riga", at("2021-03-28T02:00+02:00"), 4)).toEqual([
      "2021-03-28T02:30+02:00",
      "2021-03-28T04:00+03:00",
      "2021-03-28T04:30+03:00",
      "2021-03-28T05:00+03:00",
    ]);
  });

  it("03:30 in Riga: no run on 03-28, the first 03:30 on 10-31", () => {
    expect(utcFireTimes("03:30", "Europe/Riga", at("2021-03-27T12:00+02:00"), 1)).toEqual(["2021-03-29T00:30Z"]);
    expect(utcFireTimes("03:30", "Europe/Riga", at("2021-10-30T12:00+03:00"), 2)).toEqual([
      "2021-10-31T00:30Z",
      "2021-11-01T01:30Z",
    ]);
  });

  it("a start inside the repeated hour never yields a time at or before it (the library's quirk is not reproduced)", () => {
    // The service's library answers 2021-10-31T00:30Z here, before the last ping.
    expect(utc(nextFireTime("*:30", "Europe/Riga", at("2021-10-31T01:10Z")))).toBe("2021-10-31T02:30Z");
  });

  it("gap skipping second by second stays fast and exact", () => {
    expect(local(nextFireTime("*:*:*", "Europe/Riga", at("2021-03-28T02:59:59+02:00")) ?? 0, "Europe/Riga")).toBe(
      "2021-03-28T04:00+03:00",
    );
  });
});

describe("validation (validator results and rejections)", () => {
  const accepted = [
    "daily", "Mon *-*-* 12:00", "12:34 Europe/Riga", "12:34 US/Eastern", "12:34 UTC", "2019-01-01", "*:0/15",
    "12:34\n13:00", "Mon..Fri 9..17:00", "Sat,Sun 10:00", "*-*~1 12:00", "weekly", "quarterly", "Mon", "*-02-29",
    "12:34:56", "Mon *-*-* 00:00:00 Europe/Riga", "  12:34  \n",
  ];
  it.each(accepted)("accepts %j", (schedule) => {
    expect(scheduleKind(schedule)).toBe("oncalendar");
    expect(isValidSchedule(schedule)).toBe(true);
  });

  const rejected = [
    "*:*/15", "12:34 utc", "12:34 Europe/surprise", "12:34 Europe/Surprise", "12:34 Europe/", "Europe/Riga",
    "1999-01-01", "2199-02-29", "12:34\n\n13:00", "Fri..Mon", "2024-02-30", "*-02-30", "12:60", "12:34:56.5",
    "Mon 1 2 3", "", "*-*-5..1", "*:1..1_0", "*:*/0", "1-32", "* 1-1", "1~29", "Mon *-*-* *:*:* surprise",
    "12:34\tEurope/Riga", "@daily", "*/15 * * * * *",
  ];
  it.each(rejected)("rejects %j", (schedule) => {
    expect(isValidSchedule(schedule)).toBe(false);
    expect(nextFireTime(schedule, "UTC", START)).toBeUndefined();
  });

  const patterns = ["%s *-*-* *:*:*", "%s-*-*", "*-%s-*", "*-*-%s", "*-*~%s", "%s:*:*", "*:%s:*", "*:*:%s"];
  const badValues = ["-1", "1000", "ABC", "1-1", "1:1", "Mon/1", "~1", "*/1", "*,1", "1..*"];
  it.each(badValues)("rejects %j in every position", (bad) => {
    for (const pattern of patterns) {
      const schedule = pattern.replace("%s", bad);
      expect(isValidSchedule(schedule), schedule).toBe(false);
    }
  });
});
