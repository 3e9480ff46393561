import { describe, expect, test } from "vitest";
import { serviceJson } from "../src/text/json.js";
import { memberTokens } from "../src/text/json-members.js";
import { PyFloat, pyRound } from "../src/text/py-float.js";

describe("memberTokens", () => {
  const names = new Set(["timeout", "grace"]);
  const tokens = (text: string) => Object.fromEntries(memberTokens(text, names));

  test("top-level members only, as written; the last of a repeated member", () => {
    expect(tokens('{"timeout": 3600.0, "grace":1e3}')).toEqual({ timeout: "3600.0", grace: "1e3" });
    expect(tokens('{"a": {"timeout": 1}, "b": ["grace", {"grace": 2}], "timeout": 5, "timeout": -0.5E+2}')).toEqual({ timeout: "-0.5E+2" });
    expect(tokens('\t{ "s": "x\\"}", "grace" :\r\n"60" }')).toEqual({ grace: '"60"' });
    expect(tokens('{"\\u0067race": true, "timeout": NaN}')).toEqual({ grace: "true", timeout: "NaN" });
  });

  test("anything but an object gives nothing", () => {
    expect(tokens("[1]")).toEqual({});
    expect(tokens("{}")).toEqual({});
  });
});

describe("Python floats", () => {
  test("round(x, 2): the exact binary value decides; exact halves go to the even digit", () => {
    const cases: [number, number][] = [
      [0.125, 0.12], [0.375, 0.38], [1.125, 1.12], [2.625, 2.62], [0.875, 0.88],
      [1.005, 1], [0.135, 0.14], [2.675, 2.67], [259199.995, 259199.99], [0.001, 0], [3.14159, 3.14],
    ];
    for (const [x, rounded] of cases) expect(pyRound(x, 2), String(x)).toBe(rounded);
  });

  test("repr in JSON keeps .0 on whole values", () => {
    expect(serviceJson({ a: new PyFloat(12), b: [new PyFloat(0), new PyFloat(0.5)] })).toBe('{"a": 12.0, "b": [0.0, 0.5]}');
    expect(JSON.stringify({ a: new PyFloat(12) })).toBe('{"a":12}');
  });
});
