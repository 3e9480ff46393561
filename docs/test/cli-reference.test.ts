/**
 * The CLI reference lists exactly the flags `checks-fake-server` defines,
 * with the defaults it applies.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parseCliArgs, USAGE } from "../../packages/fake-server/src/cli/args.js";

const reference = readFileSync(new URL("../cli.md", import.meta.url), "utf8");
const optionsTable = reference.slice(reference.indexOf("## Options"), reference.indexOf("## Output"));
const rows = optionsTable.split("\n").filter((line) => line.startsWith("| `-"));

/** `--port` and the like, in order of appearance. */
const flagsIn = (text: string) => [...text.matchAll(/(?<![\w-])(--?[a-z][a-z-]*)/g)].map((match) => match[1]!);

it("documents every flag of the usage text, and no other", () => {
  const usageFlags = USAGE.split("\n")
    .filter((line) => /^\s+-/.test(line))
    .flatMap((line) => flagsIn(line.trim().split(/\s{2,}/)[0]!));
  const documented = rows.flatMap((row) => flagsIn(row.split("|")[1]!));
  expect(documented).toEqual(usageFlags);
});

it("states the defaults the parser applies", () => {
  const defaults = parseCliArgs([]);
  const defaultOf = (flag: string) => rows.find((row) => row.includes(`\`${flag}`))!.split("|")[2]!.trim();
  expect(defaultOf("--port")).toBe(`\`${defaults.port}\``);
  expect(defaultOf("--host")).toBe(`\`${defaults.host}\``);
  expect(defaultOf("--compat")).toBe(`\`${defaults.compat}\``);
  expect(defaultOf("--clock")).toBe(`\`${defaults.clock}\``);
  expect(defaults.control).toBe(true);
  expect(defaults.demo).toBe(false);
});
