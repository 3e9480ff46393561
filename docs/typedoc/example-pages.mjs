/**
 * TypeDoc plugin: every program the examples' index links to gets a page
 * of its own on the site, showing its source, and the index's links lead
 * there instead of to a raw copy of the file. On GitHub the same links open
 * the files themselves.
 */
import { readFileSync } from "node:fs";
import { basename, extname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Converter, MinimalSourceFile, normalizePath, ReflectionKind } from "typedoc";

const EXAMPLES = normalizePath(fileURLToPath(new URL("../../examples/", import.meta.url)));
// The site highlights TypeScript; Python is shown as plain text.
const LANGUAGES = { ".ts": "ts", ".py": "" };

/** The page of one example: its path as the title, then its source. */
function pageOf(path) {
  const source = readFileSync(path, "utf8");
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  // The marker names the program for the Run buttons (run-buttons.mjs), as the guides' snippet lines name theirs.
  const marker = extname(path) === ".ts" ? `<!-- example: ${relative(EXAMPLES, path)} -->\n` : "";
  return `# ${relative(EXAMPLES, path)}\n\n${marker}${fence}${LANGUAGES[extname(path)]}\n${source}${source.endsWith("\n") ? "" : "\n"}${fence}\n`;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    const index = project
      .getReflectionsByKind(ReflectionKind.Document)
      .find((document) => project.files.getReflectionPath(document) === normalizePath(`${EXAMPLES}/README.md`.replace("//", "/")));
    if (!index) {
      app.logger.warn("example-pages: the examples' index is not a document of the site");
      return;
    }
    const done = new Set();
    for (const part of index.content) {
      if (part.kind !== "relative-link" || typeof part.target !== "number") continue;
      const path = project.files.resolvePath(part.target);
      if (!path?.startsWith(EXAMPLES) || !(extname(path) in LANGUAGES) || done.has(path)) continue;
      done.add(path);
      app.converter.addDocument(index, new MinimalSourceFile(pageOf(path), path), basename(path));
    }
  });
}
