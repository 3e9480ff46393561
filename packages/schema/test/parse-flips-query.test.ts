import { describe, expect, it } from "vitest";
import { FLIPS_SECONDS_MAX, FLIPS_TIMESTAMP_MAX, parseFlipsQuery } from "@checks-api/schema";

const parse = (query: string) => parseFlipsQuery(new URLSearchParams(query));

describe("parseFlipsQuery", () => {
  it("the bounds are the service's", () => {
    expect([FLIPS_SECONDS_MAX, FLIPS_TIMESTAMP_MAX]).toEqual([31536000, 10000000000]);
  });

  it.each(["start=abc", "start=-123", "start=12345678901234567890", "seconds=-123", "seconds=12345678901234567890"])(
    "rejects the live test value %s",
    (query) => {
      expect(parse(query)).toBeUndefined();
    },
  );

  it("no parameters → no filter; unknown parameters are ignored", () => {
    expect(parse("")).toEqual({});
    expect(parse("foo=bar&limit=5")).toEqual({});
  });

  it.each([
    ["seconds=60", 60],
    ["seconds=%2060%20", 60],
    ["seconds=60.0", 60],
    ["seconds=60.000", 60],
    ["seconds=1_000", 1000],
    ["seconds=%2B60", 60],
    ["seconds=31536000", 31536000],
  ])("seconds: %s → %i", (query, seconds) => {
    expect(parse(query)).toEqual({ seconds });
  });

  it("seconds=0 and seconds= mean no filter", () => {
    expect(parse("seconds=0")).toEqual({});
    expect(parse("seconds=")).toEqual({});
    expect(parse("seconds=0.0")).toEqual({});
  });

  it.each(["seconds=31536001", "seconds=60.5", "seconds=1e3", "seconds=abc", "seconds=1__000", "seconds=_1", "seconds=0x10", "seconds=%20"])(
    "seconds: rejects %s",
    (query) => {
      expect(parse(query)).toBeUndefined();
    },
  );

  it.each(["start", "end"])("%s: integers with whitespace, sign and underscores; 0 and the maximum are real bounds", (name) => {
    expect(parse(`${name}=1591014300`)).toEqual({ [name]: 1591014300 });
    expect(parse(`${name}=%201591014300%20`)).toEqual({ [name]: 1591014300 });
    expect(parse(`${name}=1_591_014_300`)).toEqual({ [name]: 1591014300 });
    expect(parse(`${name}=%2B5`)).toEqual({ [name]: 5 });
    expect(parse(`${name}=0`)).toEqual({ [name]: 0 });
    expect(parse(`${name}=10000000000`)).toEqual({ [name]: 10000000000 });
  });

  it.each(["start", "end"])("%s: rejects empty, fractions, exponents and values out of range", (name) => {
    for (const value of ["", "1.0", "1.5", "1e3", "10000000001", "-1", "abc", "%20"]) {
      expect(parse(`${name}=${value}`), `${name}=${value}`).toBeUndefined();
    }
  });

  it("the last of repeated parameters counts", () => {
    expect(parse("start=abc&start=5")).toEqual({ start: 5 });
    expect(parse("start=5&start=abc")).toBeUndefined();
    expect(parse("seconds=60&seconds=0")).toEqual({});
    expect(parse("end=1&end=2")).toEqual({ end: 2 });
  });

  it("combines all three filters, and one invalid value spoils the query", () => {
    expect(parse("seconds=3600&start=1591014180&end=1591014300")).toEqual({ seconds: 3600, start: 1591014180, end: 1591014300 });
    expect(parse("seconds=3600&start=1591014180&end=")).toBeUndefined();
  });
});
