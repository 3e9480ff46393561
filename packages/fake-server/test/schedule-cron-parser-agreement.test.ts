// Differential test: on the syntax where cronsim and npm cron-parser agree,
// the engine's next fire times equal cron-parser's.
import { CronExpressionParser } from "cron-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextFireTime } from "../src/model/schedule/index.js";
import { at } from "./schedule-helpers.js";

function cronParserTimes(expression: string, tz: string, start: number, count: number): number[] {
  const iterator = CronExpressionParser.parse(expression, { currentDate: new Date(start), tz });
  return Array.from({ length: count }, () => iterator.next().getTime());
}

function engineTimes(expression: string, tz: string, start: number, count: number): (number | undefined)[] {
  const times: (number | undefined)[] = [];
  let previous: number | undefined = start;
  for (let i = 0; i < count && previous !== undefined; i++) {
    previous = nextFireTime(expression, tz, previous);
    times.push(previous);
  }
  return times;
}

const iso = (times: readonly (number | undefined)[]) => times.map((t) => (t === undefined ? "none" : new Date(t).toISOString()));

describe("syntax both libraries agree on", () => {
  const expressions = [
    "1 1 L * *", "1 1 * * 5L", "1 1 * * 0L", "1 1 * * 7L", "1 1 * * 1#2", "0 0 * * MON#5", "1 1 * * */3", "5/15 * * * *",
    "0 0 1 JAN-MAR *", "0 0 * * mon-fri", "30 8-17/2 * * 1-5", "0 0 1,15 * MON", "0 0 1-31/10 * MON", "0 0 29 2 *",
    "0 * * * *", "*/30 * * * *", "15 6 * DEC SUN",
  ];
  it.each(expressions)("%s in UTC", (expression) => {
    const start = at("2020-01-01T00:00Z");
    expect(iso(engineTimes(expression, "UTC", start, 6))).toEqual(iso(cronParserTimes(expression, "UTC", start, 6)));
  });

  it.each(["0 * * * *", "*/30 * * * *"])("%s across both 2021 DST changes in Europe/Riga", (expression) => {
    for (const start of [at("2021-03-28T01:30+02:00"), at("2021-10-31T01:30+03:00")]) {
      expect(iso(engineTimes(expression, "Europe/Riga", start, 8))).toEqual(
        iso(cronParserTimes(expression, "Europe/Riga", start, 8)),
      );
    }
  });
});

// Random expressions from the safe subset: no duplicates, no `#` or `L` inside lists, no
// stepped star in the day fields, and (for the DST zone) only hours far from the 02:00–04:59
// window in which Riga's clocks change.
const list = (min: number, max: number) =>
  fc.uniqueArray(fc.integer({ min, max }), { minLength: 1, maxLength: 4 }).map((values) => values.join(","));
const rangeTerm = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
    .filter(([a, b]) => a < b)
    .map(([a, b]) => `${a}-${b}`);
const stepped = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: 2, max: max - min }).map((step) => `*/${step}`),
    fc.tuple(rangeTerm(min, max), fc.integer({ min: 2, max: 5 })).map(([range, step]) => `${range}/${step}`),
  );
const field = (min: number, max: number) => fc.oneof(fc.constant("*"), list(min, max), rangeTerm(min, max), stepped(min, max));
// Ranges start by the 28th: a day list above 29 can be invalid for the chosen months.
const dayOfMonth = fc.oneof(
  fc.constant("*"),
  list(1, 28),
  rangeTerm(1, 31).filter((range) => Number(range.split("-")[0]) <= 28),
  fc.constant("L"),
);
const dayOfWeek = fc.oneof(
  fc.constant("*"),
  list(0, 6),
  rangeTerm(1, 5),
  fc.constantFrom("MON-FRI", "SAT", "5L", "1#2", "3#1", "TUE"),
);
const month = fc.oneof(fc.constant("*"), list(1, 12), rangeTerm(1, 12), fc.constantFrom("JAN-JUN", "MAR,SEP"));
// A literal L or a weekday special in one day field only agrees when the other field is a star.
const days = fc
  .tuple(dayOfMonth, dayOfWeek)
  .filter(([dom, dow]) => (!/L|#/.test(dom) && !/L|#/.test(dow)) || dom === "*" || dow === "*");

const safeHours = fc.uniqueArray(fc.integer({ min: 6, max: 22 }), { minLength: 1, maxLength: 3 }).map((h) => h.join(","));

describe("random expressions from the agreeing subset", () => {
  it("agree with cron-parser in UTC", () => {
    fc.assert(
      fc.property(
        field(0, 59),
        field(0, 23),
        days,
        month,
        fc.integer({ min: at("2019-01-01T00:00Z"), max: at("2030-01-01T00:00Z") }),
        (minute, hour, [dom, dow], mon, start) => {
          const expression = `${minute} ${hour} ${dom} ${mon} ${dow}`;
          expect(iso(engineTimes(expression, "UTC", start, 3)), expression).toEqual(
            iso(cronParserTimes(expression, "UTC", start, 3)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("agree with cron-parser in Europe/Riga away from the DST changes", () => {
    fc.assert(
      fc.property(
        field(0, 59),
        safeHours,
        days,
        month,
        fc.integer({ min: at("2019-01-01T00:00Z"), max: at("2030-01-01T00:00Z") }),
        (minute, hour, [dom, dow], mon, start) => {
          const expression = `${minute} ${hour} ${dom} ${mon} ${dow}`;
          expect(iso(engineTimes(expression, "Europe/Riga", start, 3)), expression).toEqual(
            iso(cronParserTimes(expression, "Europe/Riga", start, 3)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
