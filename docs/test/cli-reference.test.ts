/**
 * The CLI reference lists exactly the flags `checks-fake-server` defines,
 * with the defaults it applies.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parseCliArgs, USAGE } from "../../packages/fake-server/src/cli/args.js";
import { IMPORT_USAGE } from "../../packages/fake-server/src/cli/import/args.js";
import { VERIFY_USAGE } from "../../packages/fake-server/src/cli/verify/args.js";

const reference = readFileSync(new URL("../cli.md", import.meta.url), "utf8");
const optionsTable = reference.slice(reference.indexOf("## Options"), reference.indexOf("## Output"));
const rows = optionsTable.split("\n").filter((line) => line.startsWith("| `-"));

/** `--port` and the like, in order of appearance. */
const flagsIn = (text: string) => [...text.matchAll(/(?<![\w-])(--?[a-z][a-z-]*)/g)].map((match) => match[1]!);

/** The flags a usage text lists, in order. */
const usageFlagsOf = (usage: string) =>
  usage
    .split("\n")
    .filter((line) => /^\s+-/.test(line))
    .flatMap((line) => flagsIn(line.trim().split(/\s{2,}/)[0]!));

/** The flags of the first table of a section, and the environment variables of its second. */
function sectionOf(heading: string) {
  const start = reference.indexOf(`\n## ${heading}`);
  const section = reference.slice(start, reference.indexOf("\n## ", start + 1));
  const tableRows = section.split("\n").filter((line) => line.startsWith("| `"));
  return {
    flags: tableRows.filter((row) => row.startsWith("| `-")).flatMap((row) => flagsIn(row.split("|")[1]!)),
    variables: tableRows.filter((row) => row.startsWith("| `CHECKS_")).map((row) => row.split("`")[1]!).sort(),
  };
}

const variablesOf = (usage: string) => [...usage.matchAll(/^ {2}(CHECKS_[A-Z_]+)/gm)].map((match) => match[1]!).sort();

it("documents every flag of the usage text, and no other", () => {
  const documented = rows.flatMap((row) => flagsIn(row.split("|")[1]!));
  expect(documented).toEqual(usageFlagsOf(USAGE));
});

it.each([
  ["verify: compare the fake with your service", VERIFY_USAGE],
  ["import: start the fake from your project", IMPORT_USAGE],
])("documents every flag and variable of %s, and no other", (heading, usage) => {
  const section = sectionOf(heading);
  expect(section.flags).toEqual(usageFlagsOf(usage));
  expect(section.variables).toEqual(variablesOf(usage));
});

it("states the defaults the parser applies", () => {
  const defaults = parseCliArgs([]);
  const defaultOf = (flag: string) => rows.find((row) => row.includes(`\`${flag}`))!.split("|")[2]!.trim();
  expect(defaultOf("--port")).toBe(`\`${defaults.port}\``);
  expect(defaultOf("--host")).toBe(`\`${defaults.host}\``);
  expect(defaultOf("--compat")).toBe(`\`${defaults.compat}\``);
  expect(defaultOf("--clock")).toBe(`\`${defaults.clock}\``);
  expect(defaultOf("--notifications")).toBe(`\`${defaults.notifications}\``);
  expect(defaults.control).toBe(true);
  expect(defaults.demo).toBe(false);
});
