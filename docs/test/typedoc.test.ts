/**
 * The documentation site builds without a single warning (every export
 * documented, every `{@link}` resolving, nothing referenced that is not
 * exported) and holds what a reader needs: the README as front page, a page
 * for every guide and every exported symbol, links from the guides to the
 * API and back, and no broken link. Runs TypeDoc in-process with the root
 * `typedoc.json`, writing the site into a temporary directory.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import {
  Application,
  DeclarationReflection,
  DocumentReflection,
  Logger,
  LogLevel,
  PageEvent,
  type ProjectReflection,
  ReflectionKind,
  Renderer,
} from "typedoc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../scripts/snippets.js";
import { describeRunButtons } from "./run-buttons.js";

/** Collects what TypeDoc reports instead of printing it. */
class CollectingLogger extends Logger {
  readonly messages: string[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.messages.push(message);
  }
}

const GUIDES_INDEX = "docs/README.md";
/** Every guide of `docs/`, by the title of its first heading. */
const guides = readdirSync(join(ROOT, "docs"))
  .filter((name) => name.endsWith(".md") && name !== "README.md")
  .map((name) => ({ file: `docs/${name}`, title: titleOf(`docs/${name}`) }));

function titleOf(file: string): string {
  return /^# (.+)$/m.exec(readFileSync(join(ROOT, file), "utf8"))![1]!.replaceAll("`", "");
}

let app: Application;
let logger: CollectingLogger;
let project: ProjectReflection;
let site: string;
/** The page of each reflection that has one, relative to the site's root (the project has several: its first is the front page). */
const pages = new Map<object, string>();

// A busy machine may take minutes to type-check the project and bundle the Run buttons' runner.
beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "checks-api-site-"));
  app = await Application.bootstrapWithPlugins({ options: join(ROOT, "typedoc.json"), out: site });
  logger = new CollectingLogger();
  app.logger = logger;
  app.renderer.on(Renderer.EVENT_END_PAGE, (page: PageEvent) => {
    if (!pages.has(page.model)) pages.set(page.model, page.url);
  });
  const converted = await app.convert();
  expect(converted, logger.messages.join("\n")).toBeDefined();
  project = converted!;
  app.validate(project);
  await app.generateDocs(project, site);
}, 300_000);

afterAll(() => {
  if (site) rmSync(site, { recursive: true, force: true });
});

it("builds without warnings, every export and property documented", () => {
  // TypeDoc's own check skips properties (anonymous object types and zod
  // internals would drown it); properties of interfaces and classes must
  // be documented all the same.
  const undocumented = project
    .getReflectionsByKind(ReflectionKind.Property)
    .filter((ref): ref is DeclarationReflection => ref instanceof DeclarationReflection)
    .filter((ref) => ref.parent?.kindOf(ReflectionKind.Interface | ReflectionKind.Class) && !ref.hasComment())
    .filter((ref) => !ref.flags.isExternal && !ref.inheritedFrom)
    .map((ref) => `${ref.getFriendlyFullName()} does not have any documentation`);

  expect([...logger.messages, ...undocumented]).toEqual([]);
  expect(project.getChildrenByKind(ReflectionKind.Module).map((module) => module.name).sort()).toEqual([
    "@checks-api/fake-server",
    "@checks-api/fake-server/matchers",
    "@checks-api/fake-server/vitest",
    "@checks-api/schema",
    "@checks-api/sdk",
    "@checks-api/sdk/fetch",
  ]);
});

describe("the site", () => {
  const html = (page: string) => readFileSync(join(site, page), "utf8");
  const documents = () => project.getReflectionsByKind(ReflectionKind.Document) as DocumentReflection[];
  const hrefsOf = (page: string) => [...html(page).matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

  it("has the README as its front page, leading to the guides", () => {
    expect(pages.get(project)).toBe("index.html");
    expect(project.readme?.map((part) => part.text).join("")).toContain("A TypeScript toolkit for the **Checks Management API v3**");
    const gettingStarted = documents().find((document) => document.name === titleOf("docs/getting-started.md"))!;
    expect(hrefsOf("index.html")).toContain(pages.get(gettingStarted));
  });

  it("has a page for every guide, under the guides index, in its order", () => {
    const index = documents().find((document) => document.parent === project && document.name === titleOf(GUIDES_INDEX));
    expect(index, `${GUIDES_INDEX} is a document of the site`).toBeDefined();
    expect(pages.has(index!)).toBe(true);
    const tableLinks = readFileSync(join(ROOT, GUIDES_INDEX), "utf8").matchAll(/^\| \[[^\]]+\]\(([\w-]+\.md)\)/gm);
    const listed = [...tableLinks].map((match) => `docs/${match[1]}`);
    expect([...listed].sort()).toEqual(guides.map((guide) => guide.file).sort());
    expect(index!.children?.map((child) => child.name)).toEqual(listed.map(titleOf));
    for (const child of index!.children ?? []) expect(pages.has(child), child.name).toBe(true);
    expect(documents().map((document) => document.name)).toContain(titleOf("examples/README.md"));
  });

  it("has a page for every exported symbol", () => {
    const exported = project
      .getChildrenByKind(ReflectionKind.Module)
      .flatMap((module) => module.children ?? [])
      .filter((child) => !child.kindOf(ReflectionKind.Reference));
    expect(exported.length).toBeGreaterThan(100);
    const missing = exported.filter((child) => !pages.has(child)).map((child) => child.getFullName());
    expect(missing).toEqual([]);
    for (const page of pages.values()) expect(existsSync(join(site, page)), page).toBe(true);
  });

  it("links every guide to the API reference, and the packages' and main symbols' pages to the guides", () => {
    const apiPage = /^\.\.\/(classes|functions|interfaces|types|variables|modules)\//;
    for (const document of documents().filter((document) => guides.some((guide) => guide.title === document.name))) {
      expect(hrefsOf(pages.get(document)!).some((href) => apiPage.test(href)), document.name).toBe(true);
    }
    const guidePages = new Set(documents().map((document) => pages.get(document)!.replace(/^documents\//, "")));
    for (const name of ["@checks-api/schema", "@checks-api/sdk", "@checks-api/fake-server"]) {
      const module = project.getChildByName([name])!;
      const guideOf = (href: string) => href.replace(/^\.\.\/documents\//, "").split("#")[0]!;
      const linked = hrefsOf(pages.get(module)!).filter((href) => guidePages.has(guideOf(href)));
      expect(linked, name).not.toEqual([]);
    }
    // The entry points a reader lands on from a search link to the guide that explains them.
    const symbolGuides: [string[], string][] = [
      [["@checks-api/sdk", "ChecksClient"], "Getting started"],
      [["@checks-api/sdk/fetch", "ChecksClient"], "Getting started"],
      [["@checks-api/sdk", "ChecksClientBase"], "Read-write and read-only keys"],
      [["@checks-api/sdk", "ReadOnlyChecksClientBase"], "Read-write and read-only keys"],
      [["@checks-api/sdk", "PingClient"], "The ping API and"],
      [["@checks-api/sdk", "ChecksApiError"], "Errors and retries"],
      [["@checks-api/fake-server", "FakeServer"], "Testing with the fake server"],
      [["@checks-api/fake-server", "FakeServerClient"], "CLI reference"],
      [["@checks-api/fake-server", "mswHandlers"], "Testing with the fake server"],
      [["@checks-api/fake-server", "createDispatcher"], "Testing with the fake server"],
      [["@checks-api/fake-server", "listen"], "Testing with the fake server"],
      [["@checks-api/fake-server", "NotificationOptions"], "Testing alerts"],
      [["@checks-api/fake-server", "DeliveryRecord"], "Testing alerts"],
    ];
    for (const [path, title] of symbolGuides) {
      const symbol = project.getChildByName(path);
      const guide = documents().find((document) => document.name.startsWith(title));
      expect(symbol && guide, `${path.join(".")} and the guide "${title}"`).toBeTruthy();
      const target = `../${pages.get(guide!)!}`;
      expect(hrefsOf(pages.get(symbol!)!), `${path.join(".")} links to "${title}"`).toContain(target);
    }
  });

  it("opens with what the project is, and shows its name once", () => {
    const page = html("index.html");
    expect([...page.matchAll(/<h1[\s>]/g)]).toHaveLength(1);
    const text = page.replace(/<[^>]+>/g, "");
    expect(text.indexOf("A TypeScript toolkit")).toBeGreaterThan(-1);
    expect(text.indexOf("A TypeScript toolkit")).toBeLessThan(text.indexOf("Quickstart"));
    expect(text.indexOf("Quickstart")).toBeLessThan(text.search(/npm ci &amp;&amp; npm start|npm ci && npm start/));
  });

  it("links to no made-up host such as http://checks.md", () => {
    const files = readdirSync(site, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    const made = files.flatMap((file) => hrefsOf(file).filter((href) => /^https?:\/\/[^/]*\.md\b/i.test(href)).map((href) => `${file}: ${href}`));
    expect(made).toEqual([]);
  });

  it("turns the guides' Markdown links to symbols into links to their pages; no {@link} shows raw on GitHub", () => {
    for (const { file } of guides) expect(readFileSync(join(ROOT, file), "utf8"), file).not.toMatch(/\{@link\s/);
    const keys = documents().find((document) => document.name === titleOf("docs/keys.md"))!;
    const createClient = project.getChildByName(["@checks-api/sdk", "createClient"])!;
    expect(hrefsOf(pages.get(keys)!)).toContain(`../${pages.get(createClient)!}`);
  });

  it("gives every example program a page of its own, which the examples index links instead of the raw file", () => {
    const index = documents().find((document) => document.name === titleOf("examples/README.md"))!;
    expect(hrefsOf(pages.get(index)!).filter((href) => /\.(ts|py)$/.test(href))).toEqual([]);
    const boards = (index.children ?? []).filter((child) => child.name === "status-board.ts");
    expect(boards).toHaveLength(1);
    expect(html(pages.get(boards[0]!)!)).toContain("connectReadOnly");
  });

  it("shows on the ChecksClient page an example and every method of its resources, linked", () => {
    const client = project.getChildByName(["@checks-api/sdk", "ChecksClient"])!;
    const text = html(pages.get(client)!).replace(/<[^>]+>/g, "");
    expect(text).toMatch(/Example/);
    expect(text).toContain("const client = new ChecksClient();");
    const checks = project.getChildByName(["@checks-api/sdk", "Checks"])!;
    for (const method of ["list", "get", "create", "upsert", "update", "pause", "resume", "delete"]) {
      expect(hrefsOf(pages.get(client)!).some((href) => href.endsWith(`${pages.get(checks)!.split("/").pop()}#${method}`)), method).toBe(true);
    }
  });

  it("groups the SDK's symbols in the sidebar: clients, ping API, errors, types", () => {
    const sdk = project.getChildByName(["@checks-api/sdk"]) as DeclarationReflection;
    const titles = (sdk.categories ?? []).map((category) => category.title);
    expect(titles).toEqual(["Clients", "Ping API", "Errors", "Types"]);
    const inCategory = (title: string) => sdk.categories!.find((category) => category.title === title)!.children.map((child) => child.name);
    expect(inCategory("Clients")).toEqual(expect.arrayContaining(["ChecksClient", "ReadOnlyChecksClient", "createClient"]));
    expect(inCategory("Ping API")).toEqual(expect.arrayContaining(["PingClient", "PingHandle"]));
    expect(inCategory("Errors")).toEqual(expect.arrayContaining(["ChecksApiError", "ConnectionError", "NotFoundError"]));
    expect(inCategory("Types")).toEqual(expect.arrayContaining(["Check"]));
    expect(app.options.getValue("navigation")).toMatchObject({ includeCategories: true });
  });

  it("has no broken link: every local href names a file of the site, and an anchor in it", () => {
    const files = readdirSync(site, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    const anchors = new Map<string, Set<string>>();
    const anchorsOf = (file: string) => {
      if (!anchors.has(file)) {
        anchors.set(file, new Set([...html(file).matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => match[1]!)));
      }
      return anchors.get(file)!;
    };
    const broken: string[] = [];
    for (const file of files) {
      for (const href of hrefsOf(file)) {
        if (/^[a-z]+:/i.test(href) || href === "" || href === "#") continue;
        const [path, anchor] = href.split("#") as [string, string | undefined];
        const target = path === "" ? file : relative(site, join(site, dirname(file), decodeURIComponent(path)));
        if (!existsSync(join(site, target))) broken.push(`${file}: ${href}`);
        else if (anchor && target.endsWith(".html") && !anchorsOf(target).has(decodeURIComponent(anchor))) {
          broken.push(`${file}: ${href} (no such anchor)`);
        }
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});

describeRunButtons(() => site);
