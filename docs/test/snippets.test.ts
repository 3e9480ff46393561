/**
 * Every TypeScript block of the README and the guides is a copy of a file
 * under `docs/snippets/` (which `npm run typecheck` compiles), and every
 * snippet file is shown once. Relative links of the guides resolve.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { codeBlocks, fenceLanguages, markdownFiles, OTHER_LANGS, readSnippet, ROOT, snippetFiles } from "../scripts/snippets.js";

const FIX = "run `node --import tsx docs/scripts/sync-snippets.ts` after editing a snippet file";
const files = markdownFiles();

describe.each(files.map((file) => [relative(ROOT, file), file]))("%s", (_name, file) => {
  const markdown = readFileSync(file, "utf8");

  it("shows only code blocks that are snippet files, verbatim", () => {
    for (const block of codeBlocks(markdown)) {
      const where = `${relative(ROOT, file)}:${block.line}`;
      expect(block.snippet, `${where}: a TypeScript block needs a <!-- snippet: path --> line above it`).toBeDefined();
      expect(snippetFiles(), `${where}: no docs/snippets/${block.snippet}`).toContain(block.snippet);
      expect(block.code, `${where} differs from docs/snippets/${block.snippet}: ${FIX}`).toBe(readSnippet(block.snippet!));
    }
  });

  it("has no code block that escapes the checks (TypeScript is a snippet; else sh or text)", () => {
    const unchecked = fenceLanguages(markdown).filter((lang) => !OTHER_LANGS.has(lang) && !["ts", "typescript", "tsx"].includes(lang));
    expect(unchecked).toEqual([]);
  });

  it("links only to files that exist", () => {
    const links = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
    const local = links.filter((link) => !/^[a-z]+:/.test(link));
    for (const link of local) expect(existsSync(join(dirname(file), link)), `${relative(ROOT, file)} links to ${link}`).toBe(true);
  });
});

it("shows every snippet file exactly once", () => {
  const shown = files.flatMap((file) => codeBlocks(readFileSync(file, "utf8")).map((block) => block.snippet));
  expect(shown.filter((snippet) => snippet !== undefined).sort()).toEqual(snippetFiles());
});
