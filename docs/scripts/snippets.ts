/**
 * The TypeScript code blocks of the guides and of the README are copies of
 * files under `docs/snippets/`, which `npm run typecheck` compiles. A block
 * names its file in the comment line right above it:
 *
 *     <!-- snippet: testing/dispatcher.ts -->
 *     ```ts
 *     …the file's content…
 *     ```
 *
 * `docs/test/snippets.test.ts` checks that every block equals its file;
 * `node --import tsx docs/scripts/sync-snippets.ts` copies the files into the blocks.
 * @module
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the snippet files live. */
export const SNIPPETS_DIR = join(ROOT, "docs", "snippets");

const MARKER = /^<!-- snippet: (\S+) -->$/;
const FENCE = /^(`{3,})(\S*)\s*$/;
const TS_LANGS = new Set(["ts", "typescript", "tsx"]);

/** A fenced TypeScript block of a Markdown file. */
export interface CodeBlock {
  /** The snippet file it shows, relative to `docs/snippets/`, or `undefined` without a marker. */
  snippet: string | undefined;
  /** The code between the fences, ending with a newline. */
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Index of the first code line and of the closing fence in the file's lines. */
  range: [number, number];
}

/** Languages a fenced block may have besides TypeScript: shell commands, plain text, and CI recipes (yaml, checked by `docs/test/ci-recipes.test.ts`). */
export const OTHER_LANGS = new Set(["sh", "text", "yaml"]);

/** The fenced blocks of one language, with the 1-based line of their opening fence. */
export function blocksIn(markdown: string, lang: string): { code: string; line: number }[] {
  const lines = markdown.split("\n");
  const blocks: { code: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const close = lines.findIndex((line, j) => j > i && line.trimEnd() === open[1]);
    if (close < 0) break;
    if (open[2] === lang) blocks.push({ code: lines.slice(i + 1, close).join("\n"), line: i + 1 });
    i = close;
  }
  return blocks;
}

/** The Markdown files whose code blocks are checked: the README, every guide, the examples' index. */
export function markdownFiles(): string[] {
  const guides = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
  const packages = ["schema", "sdk", "fake-server"].map((name) => join(ROOT, "packages", name, "README.md"));
  return [join(ROOT, "README.md"), ...guides.map((name) => join(ROOT, "docs", name)), join(ROOT, "examples", "README.md"), ...packages];
}

/** The language of every fenced block of a Markdown text, in order (`""` for none). */
export function fenceLanguages(markdown: string): string[] {
  const lines = markdown.split("\n");
  const langs: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    langs.push(open[2]!);
    const close = lines.findIndex((line, j) => j > i && line.trimEnd() === open[1]);
    if (close < 0) break;
    i = close;
  }
  return langs;
}

/** Every snippet file, relative to `docs/snippets/`, sorted. */
export function snippetFiles(): string[] {
  const entries = readdirSync(SNIPPETS_DIR, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(SNIPPETS_DIR, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort();
}

/** The content of a snippet file. */
export function readSnippet(snippet: string): string {
  return readFileSync(join(SNIPPETS_DIR, snippet), "utf8");
}

/** The TypeScript blocks of a Markdown text, with the snippet each one names. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const close = lines.findIndex((line, j) => j > i && line.trimEnd() === open[1]);
    if (close < 0) break;
    if (TS_LANGS.has(open[2]!)) {
      let above = i - 1;
      while (above >= 0 && lines[above]!.trim() === "") above--;
      const marker = above >= 0 ? MARKER.exec(lines[above]!.trim()) : null;
      const code = lines.slice(i + 1, close).join("\n");
      blocks.push({ snippet: marker?.[1], code: code === "" ? "" : `${code}\n`, line: i + 1, range: [i + 1, close] });
    }
    i = close;
  }
  return blocks;
}

/** `markdown` with every marked block replaced by its snippet file's content. */
export function syncBlocks(markdown: string, read: (snippet: string) => string = readSnippet): string {
  const lines = markdown.split("\n");
  for (const block of codeBlocks(markdown).reverse()) {
    if (block.snippet === undefined) continue;
    const [first, end] = block.range;
    lines.splice(first, end - first, ...read(block.snippet).replace(/\n$/, "").split("\n"));
  }
  return lines.join("\n");
}
