/**
 * The runner behind the site's Run buttons, loaded on the first press:
 * strips an example's types (sucrase), points its imports at the in-page
 * modules, gives it an environment that leads to an in-page fake, and runs
 * it as a module with its own console, whose lines (and whatever it
 * throws) it hands back one by one.
 * @module
 */
import { init, parse } from "es-module-lexer";
import { transform } from "sucrase";
import { environment, IN_PAGE_URL, READS_ENVIRONMENT } from "../environment.js";
import { formatError, formatLine } from "../format.js";
import { RUN_KEY, startRun } from "./run-context.js";
import { cutOtherRoutes, removeAllFakes, routedFetch } from "./routing.js";

/** The in-page module each import of an example resolves to. */
const MODULES: Record<string, string> = {
  "@checks-api/fake-server": "fake-server.js",
  "@checks-api/fake-server/vitest": "kit.js",
  "@checks-api/fake-server/matchers": "matchers.js",
  "@checks-api/sdk": "sdk.js",
  "@checks-api/sdk/fetch": "sdk.js",
  "@checks-api/schema": "schema.js",
  vitest: "vitest.js",
  "node:assert": "assert.js",
  "node:assert/strict": "assert.js",
  // The modules the example programs (examples/*.ts) share.
  "./support/io.js": "example-io.js",
  "./support/service.js": "example-service.js",
  "./app.js": "example-app.js",
};

/** What a line of output is. */
export type LineKind = "log" | "warn" | "error" | "pass" | "fail" | "skip";
/** Receives each line an example prints, as it prints it. */
export type Print = (line: string, kind: LineKind) => void;

const moduleUrl = (file: string) => new URL(`./${file}`, import.meta.url).href;

globalThis.fetch = routedFetch;
cutOtherRoutes();

/** The in-page module's URL for `specifier`; an error for any other. */
function moduleFor(specifier: string): string {
  const file = MODULES[specifier];
  if (!file) {
    throw new Error(`"${specifier}" cannot be imported in this page, which runs examples without Node; it holds ${Object.keys(MODULES).join(", ")}`);
  }
  return moduleUrl(file);
}

/** Type-stripped JavaScript whose imports name the in-page modules; with the modules it imports. */
async function prepare(code: string): Promise<{ source: string; imports: Set<string> }> {
  const stripped = transform(code, { transforms: ["typescript"], disableESTransforms: true, filePath: "example.ts" }).code;
  await init;
  const [imports] = parse(stripped);
  const used = new Set<string>();
  let source = "";
  let at = 0;
  for (const entry of imports) {
    if (entry.s < 0 || entry.d === -2) continue;
    if (entry.n === undefined) {
      // A specifier computed at run time (`import(name)`) is resolved then,
      // so that it too reaches only the in-page modules, never the network;
      // the whole call is replaced, so that a refusal rejects as import() does.
      source += `${stripped.slice(at, entry.ss)}globalThis[Symbol.for("${RUN_KEY}")].importModule(${stripped.slice(entry.s, entry.e)})`;
      at = entry.se;
      continue;
    }
    const url = moduleFor(entry.n);
    used.add(entry.n);
    // A static import's range is the specifier; a dynamic import's, the string literal with its quotes.
    source += stripped.slice(at, entry.s) + (entry.d > -1 ? JSON.stringify(url) : url);
    at = entry.e;
  }
  // The example's own console, on its first line so that line numbers stay as written.
  return { source: `const console = globalThis[Symbol.for("${RUN_KEY}")].console;${source}${stripped.slice(at)}`, imports: used };
}

function consoleFor(print: Print): Console {
  const to = (kind: LineKind) => (...args: unknown[]) => print(formatLine(args), kind);
  return { ...globalThis.console, log: to("log"), info: to("log"), debug: to("log"), dir: to("log"), table: to("log"), warn: to("warn"), error: to("error") };
}

/** Sets the environment of an example that reads it: a fresh project of an in-page fake at {@link IN_PAGE_URL}. */
async function setEnvironment(code: string): Promise<void> {
  const env: Record<string, string> = {};
  (globalThis as { process?: unknown }).process = { env };
  if (!READS_ENVIRONMENT.test(code)) return;
  const { FakeServer } = (await import(/* @vite-ignore */ moduleUrl("fake-server.js"))) as typeof import("./fake-server.js");
  Object.assign(env, environment(new FakeServer({ baseUrl: IN_PAGE_URL }), IN_PAGE_URL));
}

let running: Promise<void> = Promise.resolve();

/**
 * Runs an example; `print` receives its lines, then what it threw.
 * Runs wait for each other: the page has one `fetch` and one environment.
 * @returns whether the example finished without throwing (and its tests passed)
 */
export function run(code: string, print: Print): Promise<boolean> {
  const result = running.then(() => runNow(code, print));
  running = result.then(() => undefined);
  return result;
}

async function runNow(code: string, print: Print): Promise<boolean> {
  let ok = true;
  const tracked: Print = (line, kind) => {
    if (kind === "fail") ok = false;
    print(line, kind);
  };
  const uncaught = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    tracked(formatError(event.reason), "fail");
  };
  let url: string | undefined;
  try {
    removeAllFakes();
    const { source, imports } = await prepare(code);
    await setEnvironment(code);
    const vitest = imports.has("vitest") ? ((await import(/* @vite-ignore */ moduleUrl("vitest.js"))) as typeof import("./vitest.js")) : undefined;
    vitest?.startFile();
    const pending: Promise<unknown>[] = [];
    startRun({ console: consoleFor(tracked), pending, importModule: async (specifier) => import(/* @vite-ignore */ moduleFor(String(specifier))) });
    url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    addEventListener("unhandledrejection", uncaught);
    await import(/* @vite-ignore */ url);
    await Promise.all(pending);
    await vitest?.runFile(tracked);
  } catch (error) {
    tracked(formatError(error), "fail");
  } finally {
    removeEventListener("unhandledrejection", uncaught);
    if (url) URL.revokeObjectURL(url);
  }
  return ok;
}
