/**
 * Generates, from the zod schemas, two modules that validate without zod:
 * `src/wire-shapes.ts`, the response schemas (and the list-flips query) as
 * plain data that `checkWireShape` interprets, issues and all; and
 * `src/wire-validators.ts`, the same schemas as straight-line tests that
 * answer only "valid or not", several times faster than the interpreter (and
 * than zod's compiled parsers), written as source so that no code is
 * generated at run time (a strict Content Security Policy allows it). Run
 * `npm run wire-shapes -w @checks-api/schema` after changing a schema; a
 * test fails while a committed file is stale, and others check that zod,
 * the interpreter and the tests agree.
 * @module
 */
import { realpathSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import type { Shape } from "../src/shape.js";
import { WIRE_SCHEMAS } from "../src/wire-schemas.js";

/** Where the generated modules are committed. */
export const WIRE_SHAPES_PATH = fileURLToPath(new URL("../src/wire-shapes.ts", import.meta.url));
/** See {@link WIRE_SHAPES_PATH}. */
export const WIRE_VALIDATORS_PATH = fileURLToPath(new URL("../src/wire-validators.ts", import.meta.url));

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type CheckDef = { check: string; format?: string; value?: number; inclusive?: boolean; pattern?: RegExp; error?: () => string };

function checksOf(def: Def): CheckDef[] {
  return ((def.checks as z.core.$ZodCheck[] | undefined) ?? []).map((c) => c._zod.def as unknown as CheckDef);
}

function unsupported(what: string): never {
  throw new Error(`wire-shapes: ${what} has no plain-data form; extend shape-check.ts first`);
}

/**
 * The plain-data form of one schema. A schema registered with an `id` becomes
 * a reference to its own entry of `table`, so that shared parts are written once.
 */
function shapeOf(schema: z.ZodMiniType, table: Record<string, Shape>, top = false): Shape {
  const id = z.globalRegistry.get(schema)?.id;
  if (id !== undefined && !top) {
    if (!(id in table)) table[id] = shapeOf(schema, table, true);
    return id;
  }
  const def = schema._zod.def as Def;
  const checks = checksOf(def);
  if (checks.length > 0 && def.type !== "string" && def.type !== "number") unsupported(`checks on ${def.type}`);
  switch (def.type) {
    case "string": {
      const re = checks.map((c) => {
        if (c.check !== "string_format" || c.format !== "regex" || !c.pattern || c.pattern.flags) unsupported(`string check ${c.check}`);
        return [c.pattern.source, c.error?.() ?? ""] as [string, string];
      });
      return re.length > 0 ? { t: "string", re } : { t: "string" };
    }
    case "number": {
      const shape: Shape = { t: def.format === "safeint" ? "int" : def.format === undefined ? "number" : unsupported(`number format ${String(def.format)}`) };
      for (const c of checks) {
        if (c.check === "greater_than" && c.inclusive) shape.min = c.value as number;
        else if (c.check === "less_than" && c.inclusive) shape.max = c.value as number;
        else unsupported(`number check ${c.check}`);
      }
      return shape;
    }
    case "boolean":
      return { t: "boolean" };
    case "enum":
      return { t: "enum", values: Object.values(def.entries as Record<string, string>) };
    case "literal":
      return { t: "literal", values: [...(def.values as unknown[])] as Array<string | number | boolean> };
    case "nullable":
    case "optional":
      return { t: def.type, of: shapeOf(def.innerType as z.ZodMiniType, table) };
    case "array":
      return { t: "array", of: shapeOf(def.element as z.ZodMiniType, table) };
    case "record":
      if ((def.keyType as z.ZodMiniType)._zod.def.type !== "string") unsupported("record key other than string");
      return { t: "record", of: shapeOf(def.valueType as z.ZodMiniType, table) };
    case "union":
      return { t: "union", of: (def.options as z.ZodMiniType[]).map((o) => shapeOf(o, table)) };
    case "object": {
      const catchall = (def.catchall as z.ZodMiniType | undefined)?._zod.def.type;
      if (catchall !== undefined && catchall !== "unknown") unsupported(`object catchall ${catchall}`);
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodMiniType>).map(([k, v]) => [k, shapeOf(v, table)]),
      );
      return catchall === "unknown" ? { t: "object", shape, loose: true } : { t: "object", shape };
    }
    default:
      return unsupported(`zod type ${def.type}`);
  }
}

/** Every registered schema as plain data, by its `id`. */
function shapeTable(): Record<string, Shape> {
  const table: Record<string, Shape> = {};
  for (const schema of Object.values(WIRE_SCHEMAS)) shapeOf(schema, table);
  return table;
}

/** The text of `src/wire-shapes.ts`: one line per entry. */
export function renderWireShapes(): string {
  const entries = Object.entries(shapeTable()).map(([id, shape]) => `  ${JSON.stringify(id)}: ${JSON.stringify(shape)},`);
  return [
    "// Generated by scripts/wire-shapes.ts from the zod schemas: do not edit.",
    "/**",
    " * The response schemas and the list-flips query as plain data, for",
    " * `checkWireShape` (validation without zod).",
    " * @module",
    " */",
    'import type { Shape } from "./shape.js";',
    "",
    "/** Each registered schema as plain data, by its `id`; a string names another entry. */",
    "export const WIRE_SHAPES: Readonly<Record<string, Shape>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

/**
 * Whether a valid value of `shape` parses to itself: no object in it drops
 * unknown members. Only such schemas get a test, since a test cannot strip.
 */
function parsesToItself(shape: Shape, table: Record<string, Shape>): boolean {
  if (typeof shape === "string") return parsesToItself(table[shape] as Shape, table);
  if (shape.t === "object") return shape.loose === true && Object.values(shape.shape ?? {}).every((member) => parsesToItself(member, table));
  const inner = shape.of === undefined ? [] : Array.isArray(shape.of) ? shape.of : [shape.of];
  return inner.every((member) => parsesToItself(member, table));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The text of `src/wire-validators.ts`: one function per schema, hoisted patterns. */
export function renderWireValidators(): string {
  const table = shapeTable();
  const patterns: string[] = [];
  const functions = new Map<string, string>();
  let anonymous = 0;

  const patternName = (source: string) => {
    if (!patterns.includes(source)) patterns.push(source);
    return `PATTERN_${patterns.indexOf(source)}`;
  };
  const member = (ref: string, key: string) => (IDENTIFIER.test(key) ? `${ref}.${key}` : `${ref}[${JSON.stringify(key)}]`);
  const bounds = (shape: Exclude<Shape, string>, ref: string) =>
    [shape.min === undefined ? "" : ` && ${ref} >= ${shape.min}`, shape.max === undefined ? "" : ` && ${ref} <= ${shape.max}`].join("");

  // Members that several objects share (the four check representations
  // share most of theirs) are tested by one function, written once.
  const signature = ([key, inner]: [string, Shape]) => `${key}:${JSON.stringify(inner)}`;
  const owners = new Map<string, Set<object>>();
  for (const shape of Object.values(table)) {
    if (typeof shape === "string" || shape.t !== "object") continue;
    for (const entry of Object.entries(shape.shape ?? {})) {
      const set = owners.get(signature(entry)) ?? new Set<object>();
      owners.set(signature(entry), set.add(shape));
    }
  }
  // An object's members in runs of consecutive members with the same owners.
  const memberRuns = (shape: Exclude<Shape, string>) => {
    const runs: Array<Array<[string, Shape]>> = [];
    let previous: Set<object> | undefined;
    for (const entry of Object.entries(shape.shape ?? {})) {
      const set = owners.get(signature(entry));
      const sameOwners = previous !== undefined && set !== undefined && set.size === previous.size && [...set].every((owner) => previous?.has(owner));
      if (sameOwners) runs.at(-1)?.push(entry);
      else runs.push([entry]);
      previous = set;
    }
    return runs;
  };
  const memberFunctions = new Map<string, string>();
  function defineMembers(run: Array<[string, Shape]>): string {
    const signatures = run.map(signature).join("\n");
    let name = memberFunctions.get(signatures);
    if (name === undefined) {
      name = `hasMembers${memberFunctions.size}`;
      memberFunctions.set(signatures, name);
      const tests = run.map(([key, inner]) => test(inner, member("v", key)));
      functions.set(name, `function ${name}(v: Record<string, unknown>): boolean {\n  return (\n    ${tests.join(" &&\n    ")}\n  );\n}`);
    }
    return name;
  }

  // A function named `name` testing `v` against `shape`, defined once.
  function define(name: string, shape: Shape): string {
    if (functions.has(name)) return name;
    // Reserved before its body is written, so that a schema that refers to itself ends.
    functions.set(name, "");
    functions.set(name, `function ${name}(v: unknown): boolean {\n${body(shape)}\n}`);
    return name;
  }
  const named = (id: string) => {
    if (!IDENTIFIER.test(id)) unsupported(`schema id ${JSON.stringify(id)}`);
    return define(`is${id}`, table[id] as Shape);
  };

  // A side-effect-free expression telling whether `ref` (read more than once) is valid.
  function test(shape: Shape, ref: string): string {
    if (typeof shape === "string") return `${named(shape)}(${ref})`;
    switch (shape.t) {
      case "string":
        return [`typeof ${ref} === "string"`, ...(shape.re ?? []).map(([source]) => `${patternName(source)}.test(${ref})`)].join(" && ");
      case "int":
        return `typeof ${ref} === "number" && Number.isSafeInteger(${ref})${bounds(shape, ref)}`;
      case "number":
        return `typeof ${ref} === "number" && Number.isFinite(${ref})${bounds(shape, ref)}`;
      case "boolean":
        return `typeof ${ref} === "boolean"`;
      case "enum":
      case "literal":
        return `(${(shape.values ?? []).map((value) => `${ref} === ${JSON.stringify(value)}`).join(" || ")})`;
      case "nullable":
        return `(${ref} === null || ${test(shape.of as Shape, ref)})`;
      case "optional":
        return `(${ref} === undefined || ${test(shape.of as Shape, ref)})`;
      case "array":
        return `isArrayOf(${ref}, ${tester(shape.of as Shape)})`;
      case "record":
        return `isRecordOf(${ref}, ${tester(shape.of as Shape)})`;
      default:
        return `${tester(shape)}(${ref})`;
    }
  }
  const tester = (shape: Shape) => (typeof shape === "string" ? named(shape) : define(`part${anonymous++}`, shape));

  function body(shape: Shape): string {
    if (typeof shape === "string" || shape.t !== "object") {
      const options = typeof shape !== "string" && shape.t === "union" ? (shape.of as Shape[]) : [shape];
      return `  return ${options.map((option) => test(option, "v")).join(" || ")};`;
    }
    const tests = memberRuns(shape).map((run) =>
      run.length > 1 && (owners.get(signature(run[0] as [string, Shape]))?.size ?? 0) > 1
        ? `${defineMembers(run)}(v)`
        : run.map(([key, inner]) => test(inner, member("v", key))).join(" &&\n    "),
    );
    return `  return (\n    isObject(v) &&\n    ${tests.join(" &&\n    ")}\n  );`;
  }

  const exported = Object.keys(table).filter((id) => parsesToItself(id, table));
  const entries = exported.map((id) => `  ${JSON.stringify(id)}: ${named(id)},`);
  return [
    "// Generated by scripts/wire-shapes.ts from the zod schemas: do not edit.",
    "/**",
    " * The schemas of `wire-shapes.ts` as code that only tells valid from",
    " * invalid: `checkWireShape` answers a valid value with it and runs the",
    " * interpreter only to describe what is wrong.",
    " * @module",
    " */",
    "",
    ...patterns.map((source, i) => `const PATTERN_${i} = new RegExp(${JSON.stringify(source)});`),
    "",
    "function isObject(v: unknown): v is Record<string, unknown> {",
    '  return typeof v === "object" && v !== null && !Array.isArray(v);',
    "}",
    "function isArrayOf(v: unknown, test: (item: unknown) => boolean): boolean {",
    "  if (!Array.isArray(v)) return false;",
    "  for (let i = 0; i < v.length; i++) if (!test(v[i])) return false;",
    "  return true;",
    "}",
    "function isRecordOf(v: unknown, test: (item: unknown) => boolean): boolean {",
    "  if (!isObject(v)) return false;",
    "  for (const key of Object.keys(v)) if (!test(v[key])) return false;",
    "  return true;",
    "}",
    ...functions.values(),
    "",
    "/**",
    " * A validity test for each schema of `WIRE_SHAPES` whose valid values parse",
    " * to themselves (every object in it keeps unknown members), by its `id`.",
    " */",
    "export const WIRE_VALIDATORS: Readonly<Record<string, (value: unknown) => boolean>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  writeFileSync(WIRE_SHAPES_PATH, renderWireShapes());
  writeFileSync(WIRE_VALIDATORS_PATH, renderWireValidators());
}
