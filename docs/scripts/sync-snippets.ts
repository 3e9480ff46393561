/**
 * Copies every snippet file into the Markdown code blocks that name it.
 * Run: node --import tsx docs/scripts/sync-snippets.ts
 * @module
 */
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { markdownFiles, ROOT, syncBlocks } from "./snippets.js";

for (const file of markdownFiles()) {
  const before = readFileSync(file, "utf8");
  const after = syncBlocks(before);
  if (after !== before) {
    writeFileSync(file, after);
    console.log(`updated ${relative(ROOT, file)}`);
  }
}
