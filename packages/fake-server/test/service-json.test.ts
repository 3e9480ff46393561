import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serviceJson } from "../src/text/json.js";

/** An independent, slow model of Python's `json.dumps` defaults, used as the oracle. */
function pythonDumps(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "boolean" || typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") {
    let out = '"';
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      const char = value.charAt(i);
      const short: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
      if (short[char] !== undefined) out += short[char];
      else if (code < 0x20 || code >= 0x7f) out += `\\u${code.toString(16).padStart(4, "0")}`;
      else out += char;
    }
    return `${out}"`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonDumps).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
  return `{${entries.map(([key, member]) => `${pythonDumps(key)}: ${pythonDumps(member)}`).join(", ")}}`;
}

describe("serviceJson", () => {
  it("prints what Python's json.dumps prints for a mixed document", () => {
    const value = {
      a: "x, y: z",
      b: [1, 2, { c: null }],
      d: "ü€😀",
      e: '"quoted", \\',
      f: "\x7f\x01\n\t",
      g: {},
      h: [],
      i: true,
      é: 1.5,
    };
    // Expected text produced by CPython 3 json.dumps(value).
    expect(serviceJson(value)).toBe(
      '{"a": "x, y: z", "b": [1, 2, {"c": null}], "d": "\\u00fc\\u20ac\\ud83d\\ude00", "e": "\\"quoted\\", \\\\", ' +
        '"f": "\\u007f\\u0001\\n\\t", "g": {}, "h": [], "i": true, "\\u00e9": 1.5}',
    );
  });

  it("leaves commas and colons inside strings alone, also after escaped quotes and backslashes", () => {
    expect(serviceJson(["a,b", "c:d", '\\",:', "\\", ",", ":"])).toBe('["a,b", "c:d", "\\\\\\",:", "\\\\", ",", ":"]');
    expect(serviceJson({ "k:,": "v,:" })).toBe('{"k:,": "v,:"}');
  });

  it("escapes lone surrogates as lowercase \\uXXXX", () => {
    expect(serviceJson("\ud800x\udfff")).toBe('"\\ud800x\\udfff"');
  });

  it("keeps member order as inserted", () => {
    expect(serviceJson({ status: "up", total: 1, grace: 0, down: 0 })).toBe('{"status": "up", "total": 1, "grace": 0, "down": 0}');
  });

  it("prints scalars, empty containers and unrepresentable values", () => {
    expect(serviceJson("plain")).toBe('"plain"');
    expect(serviceJson(42)).toBe("42");
    expect(serviceJson([])).toBe("[]");
    expect(serviceJson({})).toBe("{}");
    expect(serviceJson(undefined)).toBe("null");
    expect(serviceJson({ a: undefined, b: 1 })).toBe('{"b": 1}');
  });

  it("agrees with the Python model on arbitrary JSON values and stays pure ASCII", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = serviceJson(value);
        expect(text).toBe(pythonDumps(JSON.parse(JSON.stringify(value))));
        expect(text).toMatch(/^[\x20-\x7e]*$/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it("handles strings of any code units, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }), (text) => {
        expect(serviceJson({ [text]: [text] })).toBe(pythonDumps({ [text]: [text] }));
      }),
      { numRuns: 300 },
    );
  });

  it("serialises a large answer quickly", () => {
    const checks = Array.from({ length: 2000 }, (_, n) => ({ name: `check ${n}: ü, ok`, tags: "a b", n, grace: 3600 }));
    const started = performance.now();
    const text = serviceJson({ checks });
    expect(performance.now() - started).toBeLessThan(500);
    expect(JSON.parse(text)).toEqual({ checks });
  });
});
