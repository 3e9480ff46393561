/**
 * TypeDoc plugin: every TypeScript example of the site that can run in a
 * browser gets a Run button (and a Reset, the code being editable), added
 * by the runner's loader; an example that needs Node says why it has none.
 * The guides mark their examples with a `<!-- snippet: … -->` line, which
 * the site keeps; the example programs' pages with `<!-- example: … -->`. The runner is bundled into `assets/runner/`; the site
 * stays static files, and a page loads the runner on the first Run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Renderer } from "typedoc";
import { buildRunner } from "../runner/build.mjs";

/** @type {Record<string, string>} why each example that gets no Run button needs Node */
const NEEDS_NODE = JSON.parse(readFileSync(new URL("../runner/needs-node.json", import.meta.url), "utf8"));
const EXAMPLE = /<!-- (snippet|example): (\S+) -->\s*(<pre><code class="(?:ts|typescript|tsx)">[\s\S]*?<\/pre>)/g;

const escape = (text) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");

/** The page's HTML with its examples marked runnable, or followed by why they are not. */
export function markExamples(html, depth) {
  let runnable = 0;
  const marked = html.replace(EXAMPLE, (_match, kind, name, block) => {
    // A program of examples/ is named by its path in the repository; a guide's snippet by its path under docs/snippets/.
    const snippet = kind === "example" ? `examples/${name}` : name;
    const reason = NEEDS_NODE[snippet];
    if (reason !== undefined) return `${block}<p class="run-none"><em>No Run button: this example ${escape(reason)}.</em></p>`;
    runnable++;
    return `<div class="run-example" data-snippet="${escape(snippet)}">${block}</div>`;
  });
  if (runnable === 0) return marked;
  return marked.replace("</body>", `<script type="module" src="${"../".repeat(depth)}assets/runner/loader.js"></script></body>`);
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.renderer.on(Renderer.EVENT_END_PAGE, (page) => {
    if (page.contents) page.contents = markExamples(page.contents, page.url.split("/").length - 1);
  });
  app.renderer.postRenderAsyncJobs.push(async (event) => {
    await buildRunner(join(event.outputDirectory, "assets", "runner"));
  });
}
