import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderWireShapes, renderWireValidators, WIRE_SHAPES_PATH, WIRE_VALIDATORS_PATH } from "../scripts/wire-shapes.js";
import { WIRE_SCHEMAS, WIRE_SHAPES, WIRE_VALIDATORS } from "../src/index.js";

describe.each([
  ["src/wire-shapes.ts", WIRE_SHAPES_PATH, renderWireShapes],
  ["src/wire-validators.ts", WIRE_VALIDATORS_PATH, renderWireValidators],
])("%s", (_, path, render) => {
  it("is up to date with the schemas", () => {
    const committed = readFileSync(path, "utf8");
    expect(committed === render(), "run npm run wire-shapes -w @checks-api/schema").toBe(true);
  });

  it("imports nothing but types, so that it never pulls zod into a bundle", () => {
    const imports = readFileSync(path, "utf8").match(/^import .*$/gm) ?? [];
    expect(imports.every((line) => line.startsWith("import type "))).toBe(true);
  });
});

describe("WIRE_VALIDATORS", () => {
  it("tests every response schema; the list-flips query, which drops unknown members, is left to the interpreter", () => {
    const responses = Object.keys(WIRE_SCHEMAS).filter((name) => name !== "FlipsQuery");
    for (const name of responses) expect(WIRE_VALIDATORS[name], name).toBeTypeOf("function");
    expect(WIRE_VALIDATORS.FlipsQuery).toBeUndefined();
    for (const name of Object.keys(WIRE_VALIDATORS)) expect(WIRE_SHAPES[name], name).toBeDefined();
  });
});
