// Cron syntax and semantics of cronsim 2.7, in UTC.
import { describe, expect, it } from "vitest";
import { isValidSchedule, nextFireTime, scheduleKind } from "../src/model/schedule/index.js";
import { at, utcFireTimes } from "./schedule-helpers.js";

const START = at("2020-01-01T00:00Z");
const times = (expression: string, count: number, start = START) => utcFireTimes(expression, "UTC", start, count);

describe("cronsim test-suite vectors", () => {
  it("L is the last day of the month", () => {
    expect(times("1 1 L * *", 1)).toEqual(["2020-01-31T01:01Z"]);
  });

  it("LW is the last Monday–Friday of the month", () => {
    expect(times("1 1 LW 5 *", 1)).toEqual(["2020-05-29T01:01Z"]);
  });

  it("5L is the last Friday of each month", () => {
    expect(times("1 1 * * 5L", 12)).toEqual(
      ["01-31", "02-28", "03-27", "04-24", "05-29", "06-26", "07-31", "08-28", "09-25", "10-30", "11-27", "12-25"].map(
        (day) => `2020-${day}T01:01Z`,
      ),
    );
  });

  it("0L and 7L are both the last Sunday", () => {
    expect(times("1 1 * * 0L", 1)).toEqual(["2020-01-26T01:01Z"]);
    expect(times("1 1 * * 7L", 1)).toEqual(["2020-01-26T01:01Z"]);
  });

  it("1#2 is the second Monday", () => {
    expect(times("1 1 * * 1#2", 1)).toEqual(["2020-01-13T01:01Z"]);
  });

  it("a stepped star in day-of-week means AND: 1-7 with */7 is the first Sunday", () => {
    expect(times("1 1 1-7 * */7", 4)).toEqual([
      "2020-01-05T01:01Z",
      "2020-02-02T01:01Z",
      "2020-03-01T01:01Z",
      "2020-04-05T01:01Z",
    ]);
  });

  it("a stepped star in day-of-month means AND: */100,1-7 with MON is the first Monday", () => {
    expect(times("1 1 */100,1-7 * MON", 4)).toEqual([
      "2020-01-06T01:01Z",
      "2020-02-03T01:01Z",
      "2020-03-02T01:01Z",
      "2020-04-06T01:01Z",
    ]);
  });

  it("*/3 in day-of-week is Sunday, Wednesday and Saturday", () => {
    expect(times("1 1 * * */3", 4)).toEqual([
      "2020-01-01T01:01Z",
      "2020-01-04T01:01Z",
      "2020-01-05T01:01Z",
      "2020-01-08T01:01Z",
    ]);
  });

  it("an expression that never fires within 50 years has no fire time and is invalid", () => {
    expect(nextFireTime("1 1 */100 * MON#4", "UTC", START)).toBeUndefined();
    expect(nextFireTime("* * */20 * 1L", "UTC", START)).toBeUndefined();
    expect(isValidSchedule("1 1 */100 * MON#4")).toBe(false);
  });

  it("MON#5 in February fires only in leap years with five Mondays (library README)", () => {
    expect(times("0 0 * 2 MON#5", 5)).toEqual([
      "2044-02-29T00:00Z",
      "2072-02-29T00:00Z",
      "2112-02-29T00:00Z",
      "2140-02-29T00:00Z",
      "2168-02-29T00:00Z",
    ]);
  });

  it("finds a fire time 39 years ahead, inside the 50-year search", () => {
    expect(times("0 0 * 2 MON#5", 1, at("2073-01-01T00:00Z"))).toEqual(["2112-02-29T00:00Z"]);
  });
});

describe("term grammar, observed through fire times", () => {
  it("*/15, 0-10/2 and 5/15 in the minute field", () => {
    expect(times("*/15 * * * *", 4)).toEqual(["00:15", "00:30", "00:45", "01:00"].map((t) => `2020-01-01T${t}Z`));
    expect(times("0-10/2 * * * *", 6)).toEqual(
      ["00:02", "00:04", "00:06", "00:08", "00:10", "01:00"].map((t) => `2020-01-01T${t}Z`),
    );
    expect(times("5/15 * * * *", 5)).toEqual(
      ["00:05", "00:20", "00:35", "00:50", "01:05"].map((t) => `2020-01-01T${t}Z`),
    );
  });

  it("a one-value range with a step behaves like a single value with a step", () => {
    expect(times("5-5/20 * * * *", 3)).toEqual(times("5/20 * * * *", 3));
  });

  it("*/2 in day-of-week is Sunday, Tuesday, Thursday, Saturday", () => {
    // 2020-01-01 is a Wednesday.
    expect(times("0 0 * * */2", 4)).toEqual(["01-02", "01-04", "01-05", "01-07"].map((d) => `2020-${d}T00:00Z`));
  });

  it("weekday names, ranges of names and lowercase", () => {
    expect(times("0 0 * * sun-tue", 3)).toEqual(["01-05", "01-06", "01-07"].map((d) => `2020-${d}T00:00Z`));
    expect(times("0 0 1 JAN-MAR *", 4)).toEqual(["2020-02-01T00:00Z", "2020-03-01T00:00Z", "2021-01-01T00:00Z", "2021-02-01T00:00Z"]);
  });

  it("1,2,3#1 is every Monday, every Tuesday and the first Wednesday", () => {
    expect(times("0 0 * * 1,2,3#1", 5)).toEqual(
      ["01-06", "01-07", "01-13", "01-14", "01-20"].map((d) => `2020-${d}T00:00Z`),
    );
    expect(times("0 0 * * 1,2,3#1", 2, at("2020-02-04T00:00Z"))).toEqual(["2020-02-05T00:00Z", "2020-02-10T00:00Z"]);
  });

  it("lowercase l and lw", () => {
    expect(times("0 0 l * *", 1)).toEqual(["2020-01-31T00:00Z"]);
    expect(times("0 0 lw 2 *", 1)).toEqual(["2020-02-28T00:00Z"]);
  });

  it("L/2 is L, and 0-59/61 is minute 0 only", () => {
    expect(times("0 0 L/2 * *", 2)).toEqual(["2020-01-31T00:00Z", "2020-02-29T00:00Z"]);
    expect(times("0-59/61 * * * *", 2)).toEqual(["2020-01-01T01:00Z", "2020-01-01T02:00Z"]);
  });

  it("MON/2 steps from Monday to the end of the week: Mon, Wed, Fri, Sun", () => {
    // With day-of-month 1 and no star, the days combine with OR.
    expect(times("0 0 1 * MON/2", 4)).toEqual(["01-03", "01-05", "01-06", "01-08"].map((d) => `2020-${d}T00:00Z`));
  });

  it("1#5,5L: fifth Mondays and last Fridays", () => {
    expect(times("0 0 * * 1#5,5L", 3)).toEqual(["01-31", "02-28", "03-27"].map((d) => `2020-${d}T00:00Z`));
    expect(times("0 0 * * 1#5,5L", 1, at("2020-03-28T00:00Z"))).toEqual(["2020-03-30T00:00Z"]);
  });

  it("LW,15 fires on the 15th and on the last weekday", () => {
    expect(times("0 0 LW,15 * *", 4)).toEqual(["01-15", "01-31", "02-15", "02-28"].map((d) => `2020-${d}T00:00Z`));
  });
});

describe("day-of-month / day-of-week combination", () => {
  it("no star: OR", () => {
    expect(times("0 0 1,15 * MON", 4)).toEqual(["01-06", "01-13", "01-15", "01-20"].map((d) => `2020-${d}T00:00Z`));
    expect(times("0 0 1-31 * MON", 2)).toEqual(["2020-01-02T00:00Z", "2020-01-03T00:00Z"]);
  });

  it("a stepped star: AND", () => {
    expect(times("0 0 */10 * MON", 1)).toEqual(["2020-05-11T00:00Z"]);
  });

  it("a star: the other field alone", () => {
    expect(times("0 0 * * MON", 2)).toEqual(["2020-01-06T00:00Z", "2020-01-13T00:00Z"]);
    expect(times("0 0 13 * *", 1)).toEqual(["2020-01-13T00:00Z"]);
  });

  it("parse-time day check: day 30 in April is valid and fires", () => {
    expect(times("0 0 30 4 *", 1)).toEqual(["2020-04-30T00:00Z"]);
    expect(times("0 0 31 4,5 *", 1)).toEqual(["2020-05-31T00:00Z"]);
    expect(times("0 0 29 2 *", 2)).toEqual(["2020-02-29T00:00Z", "2024-02-29T00:00Z"]);
  });
});

describe("evaluation start", () => {
  it("is strictly after the start truncated to whole seconds", () => {
    // Live tests.
    expect(nextFireTime("0 * * * *", "UTC", at("2000-01-01T00:00:00Z"))).toBe(at("2000-01-01T01:00Z"));
    expect(nextFireTime("0 0 * * *", "UTC", at("2000-01-01T00:00:00Z"))).toBe(at("2000-01-02T00:00Z"));
    expect(nextFireTime("0 * * * *", "UTC", at("2000-01-01T00:59:59.999Z"))).toBe(at("2000-01-01T01:00Z"));
    expect(nextFireTime("* * * * *", "UTC", at("2000-01-01T00:00:30Z"))).toBe(at("2000-01-01T00:01Z"));
  });
});

const REJECTED_EVERYWHERE = ["-1", "61", "ABC", "2/", "/2", "2#", "#2", "1##1", "1//2", "¹", "LL", "LWX", "1-1_0", "*/0", "1#0", "1#6", "5-1"];

describe("validation", () => {
  it.each(REJECTED_EVERYWHERE)("rejects %j in every field", (term) => {
    for (let field = 0; field < 5; field++) {
      const fields = ["*", "*", "*", "*", "*"];
      fields[field] = term;
      expect(isValidSchedule(fields.join(" ")), fields.join(" ")).toBe(false);
    }
  });

  it("rejects 4 and 7 fields", () => {
    expect(isValidSchedule("* * * *")).toBe(false);
    expect(isValidSchedule("* * * * * * *")).toBe(false);
  });

  const accepted = [
    "0 0 29 2 *", "0 0 30 4 *", "0 0 31 4,5 *", "0-59/61 * * * *", "0 0 1 * MON/2", "0 0 * * 0-7", "0 0 * * 0,7",
    "0,0 * * * *", "0 0 1,1 * *", "0 0 * * 7", "0 0 * * 7L", "0 0 * * 1#5,5L", "0 0 LW,15 * *", "0 0 L/2 * *",
    "0 0 l * *", "0 0 * * sun-sat", "0 0 1 JAN-MAR *", "0 0 * * mon-fri", "0\t0 * * *", " 0 0 * * * ", "0 0 * * *\n",
    "1 1 LW 5 *", "1 1 */100,1-7 * MON",
  ];
  it.each(accepted)("accepts %j", (schedule) => {
    expect(scheduleKind(schedule)).toBe("cron");
    expect(isValidSchedule(schedule)).toBe(true);
  });

  const rejected = [
    "0 0 ? * *", "0 0 * * ?", "H * * * *", "@daily", "@hourly", "0 0 0 * * *", "*/15 * * * * *", "0 0 * * FRI-MON",
    "0 0 * DEC-JAN *", "0 0 31 2 *", "0 0 30 2 *", "* * 31 4 *", "* * */20 * 1L", "1 1 */100 * MON#4", "0 0 * * 1#6",
    "0 0 * * 1#0", "0 0 * * 8", "0 24 * * *", "60 * * * *", "*/0 * * * *", "0 0 15W * *", "0 0 L-2 * *",
    "0 0 * * MONL", "0 0 * * 5L-6", "0 0 * * 5L#1", "0 0 * * 5L/3", "5-1 * * * *", "0 0 * * MON,", "0 0 * * ,MON",
    "1-1_0 * * * *", "0 0 * *", "0 0 1 1 1 1 1", "a b c d e", "", "   ",
  ];
  it.each(rejected)("rejects %j", (schedule) => {
    expect(isValidSchedule(schedule)).toBe(false);
    expect(nextFireTime(schedule, "UTC", START)).toBeUndefined();
  });
});

describe("kind detection", () => {
  it("5 whitespace-separated parts on one line are cron, everything else OnCalendar", () => {
    expect(scheduleKind("* * * * *")).toBe("cron");
    expect(scheduleKind("\t0  0 *\t* *  \n")).toBe("cron");
    expect(scheduleKind("0 0 0 * * *")).toBe("oncalendar");
    expect(scheduleKind("@daily")).toBe("oncalendar");
    expect(scheduleKind("0 0 *\n* *")).toBe("oncalendar");
    expect(scheduleKind("Mon *-*-* 12:00 Europe/Riga")).toBe("oncalendar");
    expect(scheduleKind("Mon Tue *-*-* 12:00 Europe/Riga")).toBe("cron");
    expect(scheduleKind("")).toBe("oncalendar");
  });
});
