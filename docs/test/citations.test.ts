/**
 * Everything a reader is pointed to is in the repository: a Markdown file
 * (README, guide) or a comment or TSDoc tag in the sources, examples,
 * benchmarks and scripts that names a `.md` file must name one that exists
 * (relative to itself or to the repository root), with an anchor that
 * exists in it, and without a `§` section number (the repository's
 * documents have anchors, not numbered sections). A `§` elsewhere in a
 * comment may only cite an RFC.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/snippets.js";

const SOURCE_EXTENSIONS = /\.(ts|mts|cts|mjs|cjs|js)$/;
const SKIPPED_DIRS = new Set(["node_modules", "dist", "site", "test", "fixtures", ".git"]);

/** Files below `dir` (relative to the root) whose names pass `keep`, outside build output and test folders. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(join(ROOT, path))) {
      const child = join(path, name);
      if (statSync(join(ROOT, child)).isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) walk(child);
      } else if (keep(name)) found.push(child);
    }
  };
  if (existsSync(join(ROOT, dir))) walk(dir);
  return found;
}

const packages = readdirSync(join(ROOT, "packages")).map((name) => `packages/${name}`);

/** Markdown read by people: the READMEs and the guides. */
const markdownFiles = [
  "README.md",
  ...filesUnder("docs", (name) => name.endsWith(".md")),
  ...filesUnder("examples", (name) => name.endsWith(".md")),
  ...packages.map((dir) => `${dir}/README.md`).filter((file) => existsSync(join(ROOT, file))),
];

/** Code whose comments and TSDoc are read by people (and by TypeDoc). */
const sourceFiles = [
  ...packages.flatMap((dir) => [
    ...filesUnder(`${dir}/src`, (name) => SOURCE_EXTENSIONS.test(name)),
    ...filesUnder(`${dir}/scripts`, (name) => SOURCE_EXTENSIONS.test(name)),
  ]),
  ...filesUnder("examples", (name) => SOURCE_EXTENSIONS.test(name) || name.endsWith(".py")),
  ...filesUnder("bench", (name) => SOURCE_EXTENSIONS.test(name)),
  ...filesUnder("docs/scripts", (name) => SOURCE_EXTENSIONS.test(name)),
  ...filesUnder("docs/typedoc", (name) => SOURCE_EXTENSIONS.test(name)),
];

/** The comments of a JavaScript or TypeScript file, TSDoc included, each once. */
export function commentsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return [...seen.values()];
}

/** The text of `file` a reader sees as prose: all of a Markdown file, the comments of code. */
function proseOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  if (file.endsWith(".md")) return [text];
  if (file.endsWith(".py")) return text.split("\n").filter((line) => /^\s*#|"""|'''/.test(line) || /\s#\s/.test(line));
  return commentsOf(file, text);
}

/** A `.md` path, an optional `#anchor` and an optional `§` section after it. */
const CITATION = /(?<![\w/.-])((?:\.{1,2}\/|[\w-]+\/)*[\w-]+\.md)\b(#[\w-]+)?(\s*§\s*[\d.]*)?/g;
/** A `§` that does not follow an RFC number. */
const LONE_SECTION = /(?<!RFC \d+ )§/g;
const URL = /\b(?:https?|file):\/\/\S+/g;

/** Anchors a Markdown file defines: its headings' slugs, as GitHub and the docs site make them. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8");
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    anchors.add(
      heading!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .trim()
        .replace(/\s/g, "-"),
    );
  }
  return anchors;
}

/** What is wrong with the citations in `prose` of `file`, one line per problem. */
export function citationProblems(file: string, prose: string): string[] {
  const problems: string[] = [];
  const text = prose.replace(URL, "");
  for (const [whole, path, anchor, section] of text.matchAll(CITATION)) {
    const target = [join(ROOT, dirname(file), path!), join(ROOT, path!)].find((candidate) => existsSync(candidate));
    if (target === undefined) problems.push(`${file}: cites ${whole.trim()}, which is not in the repository`);
    else if (section) problems.push(`${file}: cites a numbered section of ${path}; link an anchor instead`);
    else if (anchor && !anchorsOf(target).has(anchor.slice(1))) {
      problems.push(`${file}: cites ${path}${anchor}, an anchor ${relative(ROOT, target)} does not have`);
    }
  }
  const withoutCitations = text.replace(CITATION, "");
  for (const match of withoutCitations.matchAll(LONE_SECTION)) {
    const context = withoutCitations.slice(Math.max(0, match.index - 30), match.index + 10).replace(/\s+/g, " ");
    problems.push(`${file}: cites a section (…${context}…) of a document that is not named`);
  }
  return problems;
}

describe("citations in docs, READMEs and comments", () => {
  it("finds the files it scans", () => {
    expect(markdownFiles).toContain("docs/reference.md");
    expect(sourceFiles).toContain("packages/fake-server/src/model/status.ts");
    expect(sourceFiles).toContain("bench/run.mjs");
  });

  it("names only files, anchors and sections that are in the repository", () => {
    const problems = [...markdownFiles, ...sourceFiles].flatMap((file) =>
      proseOf(file).flatMap((prose) => citationProblems(file, prose)),
    );
    expect(problems).toEqual([]);
  });

  it("catches a document outside the repository, a numbered section, a lost anchor and a bare §", () => {
    const file = "packages/fake-server/src/model/status.ts";
    expect(citationProblems(file, "/** The displayed status (checks.md §2.3). */")).toHaveLength(1);
    expect(citationProblems(file, "// see spec/status.md")).toHaveLength(1);
    expect(citationProblems(file, "/** See `docs/reference.md#no-such-anchor`. */")).toHaveLength(1);
    expect(citationProblems(file, "/** See docs/compat.md §2. */")).toHaveLength(1);
    expect(citationProblems(file, "// as §4 says")).toHaveLength(1);
    expect(citationProblems(file, "/** See `docs/reference.md#stored-and-shown-status` and [the guide](../../../../docs/compat.md). */")).toEqual([]);
    expect(citationProblems(file, "// Bodies end at the limit (RFC 9112 §6.3); https://example.org/a.md is a URL.")).toEqual([]);
  });

  it("reads comments and TSDoc, not strings", () => {
    const comments = commentsOf("x.ts", '/** A. */\nconst a = "checks.md"; // B\n/* C */ function f() {}\n');
    expect(comments).toEqual(["/** A. */", "// B", "/* C */"]);
  });
});
