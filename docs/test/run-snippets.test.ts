/**
 * The snippets that need no real service also run. A snippet written as a
 * vitest test (it imports "vitest") is loaded here and its tests join this
 * file; any other runs as a script and fails on its first broken assertion.
 * Snippets that read `process.env` talk to a real service: only type-checked.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { readSnippet, snippetFiles, SNIPPETS_DIR } from "../scripts/snippets.js";

const runnable = snippetFiles().filter((snippet) => !readSnippet(snippet).includes("process.env"));
const url = (snippet: string) => pathToFileURL(join(SNIPPETS_DIR, snippet)).href;

it("runs the snippets of the testing guides", () => {
  expect(runnable.length).toBeGreaterThanOrEqual(8);
});

for (const snippet of runnable) {
  if (/from "vitest"/.test(readSnippet(snippet))) {
    await import(url(snippet));
  } else {
    it(`runs ${snippet}`, async () => {
      await import(url(snippet));
    });
  }
}
