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

  it("links into a package's sources only as an API reference link: a symbol's name to its entry file", () => {
    // The site turns `[FakeServer](../packages/fake-server/src/index.ts)` into the symbol's page; any other link into
    // src/ would lead a reader to a source file, which an installed package does not document.
    const entries = new Set(
      (JSON.parse(readFileSync(join(ROOT, "typedoc.json"), "utf8")) as { entryPoints: string[] }).entryPoints.map((entry) => join(ROOT, entry)),
    );
    const intoSources = [...markdown.matchAll(/\[([^\]]*)\]\(([^)#\s]*\/src\/[^)#\s]*)(?:#[^)]*)?\)/g)].filter(
      ([, label, link]) => /^[a-z]+:/.test(link!) || !entries.has(join(dirname(file), link!)) || !/^[\w.]+$/.test(label!),
    );
    expect(intoSources.map(([text]) => text)).toEqual([]);
  });

  it("links only to files that exist", () => {
    const links = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
    const local = links.filter((link) => !/^[a-z]+:/.test(link));
    for (const link of local) expect(existsSync(join(dirname(file), link)), `${relative(ROOT, file)} links to ${link}`).toBe(true);
  });
});

it("gives the packages' READMEs, which npm shows and installs, no link that needs the repository beside them", () => {
  for (const name of ["schema", "sdk", "fake-server"]) {
    const markdown = readFileSync(join(ROOT, "packages", name, "README.md"), "utf8");
    const relative = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((link) => !/^(?:[a-z]+:|#)/.test(link));
    expect(relative, `packages/${name}/README.md`).toEqual([]);
  }
});

it("shows every snippet file exactly once", () => {
  const shown = files.flatMap((file) => codeBlocks(readFileSync(file, "utf8")).map((block) => block.snippet));
  expect(shown.filter((snippet) => snippet !== undefined).sort()).toEqual(snippetFiles());
});
