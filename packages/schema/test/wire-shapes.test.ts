import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderWireShapes, WIRE_SHAPES_PATH } from "../scripts/wire-shapes.js";

describe("src/wire-shapes.ts", () => {
  it("is up to date with the schemas", () => {
    const committed = readFileSync(WIRE_SHAPES_PATH, "utf8");
    expect(committed === renderWireShapes(), "run npm run wire-shapes -w @checks-api/schema").toBe(true);
  });

  it("imports nothing but types, so that it never pulls zod into a bundle", () => {
    const imports = readFileSync(WIRE_SHAPES_PATH, "utf8").match(/^import .*$/gm) ?? [];
    expect(imports.every((line) => line.startsWith("import type "))).toBe(true);
  });
});
