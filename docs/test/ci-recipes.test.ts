/**
 * The CI recipes of the guides (their `yaml` blocks) are valid YAML, and
 * every `checks-fake-server` command they run takes the flags it is given.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseImportArgs } from "../../packages/fake-server/src/cli/import/args.js";
import { parseVerifyArgs } from "../../packages/fake-server/src/cli/verify/args.js";
import { blocksIn, markdownFiles, ROOT } from "../scripts/snippets.js";

const PARSERS: Record<string, (argv: string[]) => unknown> = {
  verify: (argv) => parseVerifyArgs(argv, {}),
  import: (argv) => parseImportArgs(argv, {}),
};

/** Every `run:` value of a parsed workflow. */
function runsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(runsOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === "run" && typeof item === "string" ? [item] : runsOf(item)));
}

const recipes = markdownFiles().flatMap((file) => blocksIn(readFileSync(file, "utf8"), "yaml").map((block) => ({ where: `${relative(ROOT, file)}:${block.line}`, ...block })));

it("the guides hold a CI recipe", () => {
  expect(recipes.length).toBeGreaterThan(0);
});

describe.each(recipes.map((recipe) => [recipe.where, recipe]))("%s", (_where, recipe) => {
  it("is valid YAML whose checks-fake-server commands take their flags", () => {
    const runs = runsOf(parse(recipe.code));
    expect(runs.length).toBeGreaterThan(0);
    for (const line of runs.flatMap((run) => run.split("\n"))) {
      const words = line.split(">")[0]!.trim().split(/\s+/);
      const at = words.indexOf("checks-fake-server");
      const command = words[at + 1];
      if (at < 0 || command === undefined || !(command in PARSERS)) continue;
      expect(() => PARSERS[command]!(words.slice(at + 2)), line).not.toThrow();
    }
  });
});
