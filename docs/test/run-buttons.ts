/**
 * The site's Run buttons in a real browser (Debian's Chromium through
 * playwright-core): on the front page and the testing guide, every Run
 * button prints what the same snippet prints under Node, and the fake
 * quickstart shows `down`; on every other page, every example runs to its
 * end. Registered by `typedoc.test.ts`, which builds the site once.
 * Without the browser the browser part is skipped on a developer's machine
 * and fails on CI (`CI=true`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FakeServer, listen, type RunningServer } from "@checks-api/fake-server";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumInstalled, launchChromium } from "../../test/chromium.js";
import { environment, READS_ENVIRONMENT } from "../runner/environment.js";
import { codeBlocks, readSnippet, ROOT, snippetFiles } from "../scripts/snippets.js";
import { runScript, snippetUrl } from "./run-under-node.js";
import { serveSite, type StaticSite } from "./static-site.js";

const NEEDS_NODE = JSON.parse(readFileSync(join(ROOT, "docs/runner/needs-node.json"), "utf8")) as Record<string, string>;
const onCi = process.env["CI"] === "true";

/** The pages whose every Run button is compared with Node, by their Markdown source and their page. */
const COMPARED = [
  { source: "README.md", page: "index.html" },
  { source: "docs/testing.md", page: "documents/Guides.Testing_with_the_fake_server.html" },
];

const snippetsOf = (source: string) => codeBlocks(readFileSync(join(ROOT, source), "utf8")).map((block) => block.snippet!);
const runnable = (snippet: string) => !(snippet in NEEDS_NODE);
const isTestFile = (snippet: string) => /from "vitest"/.test(readSnippet(snippet));

/** A passed test as the page reports it, and the summary line after the tests. */
const passed = (name: string) => `pass ✓ ${name}`;
const summary = (count: number) => `pass ${count} test${count === 1 ? "" : "s"} passed`;

/** What the page shows under an example after Run: each line with its kind. */
async function outputOf(example: Locator): Promise<{ state: string | null; lines: string[] }> {
  const output = example.locator(".run-output");
  await output.and(example.locator('[data-state="passed"], [data-state="failed"]')).waitFor({ timeout: 30_000 });
  const lines = await output
    .locator(".run-line:not(.run-status)")
    .evaluateAll((nodes) => nodes.map((node) => `${node.className.replace(/.*run-/, "")} ${(node as HTMLElement).innerText}`));
  return { state: await output.getAttribute("data-state"), lines };
}

/**
 * @param siteDir the built site's directory, known once `typedoc.test.ts` built it
 */
export function describeRunButtons(siteDir: () => string): void {
  /** What each compared snippet prints under Node. */
  const underNode = new Map<string, string[]>();
  const compared = [...new Set(COMPARED.flatMap(({ source }) => snippetsOf(source)))].filter(runnable);

  it("gives a reason for each example without a Run button, and names only examples that exist", () => {
    const programs = readdirSync(join(ROOT, "examples"), { recursive: true, encoding: "utf8" }).map((file) => `examples/${file}`);
    for (const [example, reason] of Object.entries(NEEDS_NODE)) {
      expect(snippetFiles().includes(example) || programs.includes(example), example).toBe(true);
      expect(reason, example).toMatch(/^[a-z].{20,}[^.]$/);
    }
  });

  describe("the compared examples under Node", () => {
    let fake: FakeServer;
    let server: RunningServer;
    beforeAll(async () => {
      fake = new FakeServer();
      server = await listen(fake, { port: 0 });
    });
    afterAll(() => server?.close());

    for (const snippet of compared.filter((snippet) => !isTestFile(snippet))) {
      it(`runs ${snippet}`, async () => {
        const env = READS_ENVIRONMENT.test(readSnippet(snippet)) ? environment(fake, server.url) : {};
        underNode.set(snippet, await runScript(snippet, env));
      });
    }
    // A snippet written as tests runs under vitest itself: the names of its tests, as they pass, are its output.
    for (const snippet of compared.filter(isTestFile)) {
      describe(snippet, async () => {
        underNode.set(snippet, []);
        afterEach(({ task }) => {
          const names: string[] = [];
          for (let at: { name: string; suite?: unknown } | undefined = task; at; at = at.suite as typeof at) names.unshift(at.name);
          underNode.get(snippet)!.push(passed(names.slice(2).join(" > ")));
        });
        await import(snippetUrl(snippet));
      });
    }
  });

  describe.skipIf(!chromiumInstalled() && !onCi)("the Run buttons in Chromium", () => {
    let site: StaticSite;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      site = await serveSite(siteDir());
      browser = await launchChromium();
      page = await browser.newPage();
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        // The site has no icon; the browser asks for one all the same.
        if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) problems.push(`console error: ${message.text()}`);
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    for (const { source, page: file } of COMPARED) {
      it(`${source}: every Run button prints what the snippet prints under Node`, async () => {
        const requested: string[] = [];
        const record = (request: { url(): string }) => void requested.push(new URL(request.url()).pathname);
        page.on("request", record);
        await page.goto(new URL(file, site.url).href);
        const examples = page.locator(".run-example");
        // The page loads the buttons' few lines; the runner waits for the first Run.
        await examples.first().getByRole("button", { name: "Run", exact: true }).waitFor();
        expect(requested).toContain("/assets/runner/loader.js");
        expect(requested.filter((path) => /^\/assets\/runner\/[^/]+\.js$/.test(path) && path !== "/assets/runner/loader.js")).toEqual([]);
        page.off("request", record);
        const shown = await examples.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-snippet")));
        expect(shown).toEqual(snippetsOf(source).filter(runnable));
        for (const [index, snippet] of shown.entries()) {
          const example = examples.nth(index);
          await example.getByRole("button", { name: "Run", exact: true }).click();
          const { state, lines } = await outputOf(example);
          const expected = underNode.get(snippet!)!;
          expect(lines, snippet!).toEqual(isTestFile(snippet!) ? [...expected, summary(expected.length)] : expected);
          expect(state, snippet!).toBe("passed");
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }

    it("runs every other example of the site to its end", async () => {
      const pages = readdirSync(siteDir(), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".html") && !COMPARED.some(({ page }) => page === file))
        .filter((file) => readFileSync(join(siteDir(), file), "utf8").includes('class="run-example"'));
      expect(pages.length).toBeGreaterThanOrEqual(5);
      const failed: string[] = [];
      for (const file of pages) {
        await page.goto(new URL(file, site.url).href);
        const examples = page.locator(".run-example");
        for (let index = 0; index < (await examples.count()); index++) {
          const example = examples.nth(index);
          await example.getByRole("button", { name: "Run", exact: true }).click();
          const { state, lines } = await outputOf(example);
          if (state !== "passed") failed.push(`${file} ${await example.getAttribute("data-snippet")}:\n${lines.join("\n")}`);
        }
      }
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
    }, 180_000);

    it("shows down under the front page's fake quickstart; Reset brings back the code as written after an edit", async () => {
      await page.goto(site.url);
      const example = page.locator('.run-example[data-snippet="readme/fake-server-quickstart.ts"]');
      await example.getByRole("button", { name: "Run", exact: true }).click();
      expect((await outputOf(example)).lines).toEqual(["log down"]);

      const code = example.locator("pre > code");
      const written = await code.innerText();
      await code.evaluate((node) => (node.textContent = `console.log("edited");\nthrow new RangeError("on purpose");`));
      await example.getByRole("button", { name: "Run", exact: true }).click();
      expect(await outputOf(example)).toEqual({ state: "failed", lines: ["log edited", "fail RangeError: on purpose"] });
      await example.getByRole("button", { name: "Reset" }).click();
      expect(await code.innerText()).toBe(written);
      expect(await example.locator(".run-output").isHidden()).toBe(true);
    });

    it("lets an edited example reach nothing but the in-page fakes, as if offline: not the site, another host, a computed import or XHR", async () => {
      await page.goto(site.url);
      const requested: string[] = [];
      const record = (request: { url(): string }) => requested.push(request.url());
      page.on("request", record);
      const example = page.locator('.run-example[data-snippet="readme/fake-server-quickstart.ts"]');
      await example.locator("pre > code").evaluate(
        (node) =>
          (node.textContent = [
            `const ways = { site: () => fetch("/escape"), other: () => fetch("http://127.0.0.1:9/escape"),`,
            `  module: () => import(["https://example.com", "escape.js"].join("/")), xhr: async () => new XMLHttpRequest() };`,
            `for (const [name, way] of Object.entries(ways)) {`,
            `  try { await way(); console.log(name, "reached"); } catch (error) { console.log(name, error.name); }`,
            `}`,
          ].join("\n")),
      );
      await example.getByRole("button", { name: "Run", exact: true }).click();
      expect(await outputOf(example)).toEqual({ state: "passed", lines: ["log site TypeError", "log other TypeError", "log module Error", "log xhr NetworkError"] });
      page.off("request", record);
      expect(requested.filter((url) => url.includes("escape"))).toEqual([]);
    });
  });
}
