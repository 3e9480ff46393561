import { execFile, execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bundledFiles, bundleForBrowser, isZodFile } from "../browser-bundle.js";
import { installPackages } from "./install.js";
import { ROOT, type PackedPackage } from "./pack.js";

// Each workspace package as `npm pack` makes it (packed once for all the
// tests of the packed packages, by the global setup), installed into an
// empty directory and loaded the way a consumer does: from a plain Node
// process outside the repository, through the package name, with `import`
// and with `require`.

/**
 * The packages in build order (schema first: the others import its dist), with the exports every entry must have
 * and, for a package with several entries, the exports each entry has its own of (every other export shared by two
 * entries must be one and the same value, so that `instanceof` works across them).
 */
const PACKAGES: { name: string; dir: string; mainExports: Record<string, string[]>; perEntry?: string[]; onlyInMain?: string[]; runnerOnly?: string[] }[] = [
  {
    name: "@checks-api/schema",
    dir: "packages/schema",
    mainExports: {
      ".": ["CheckSchema", "validateCheckBody", "parseFlipsQuery", "canonicalTimezone", "ERROR_MESSAGES", "TIMEZONES"],
      "./lite": ["validateCheckBody", "checkWireShape", "WIRE_VALIDATORS", "canonicalTimezone", "ERROR_MESSAGES", "UUID_PATTERN"],
    },
  },
  {
    name: "@checks-api/fake-server",
    dir: "packages/fake-server",
    mainExports: { ".": ["FakeServer"], "./matchers": ["fakeServerMatchers"] },
    // The fixtures load inside vitest alone (which is ESM only, and absent here): the packed kit test runs them there.
    runnerOnly: ["./vitest"],
  },
  {
    name: "@checks-api/sdk",
    dir: "packages/sdk",
    mainExports: { ".": ["ChecksClient", "ReadOnlyChecksClient", "createClient"], "./fetch": ["ChecksClient", "createClient"] },
    // The Node entry's clients default to undici, the fetch entry's to `fetch`.
    perEntry: ["ChecksClient", "ReadOnlyChecksClient", "PingClient", "createClient"],
    // The fetch entry must not load undici.
    onlyInMain: ["undiciTransport"],
  },
];

type Target = { types?: string; default?: string };
type Conditions = Record<string, Target>;
type Manifest = { main?: string; module?: string; types?: string; exports: Record<string, Conditions | string> };

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;
/** The subpaths that are modules: those with conditions (not `./package.json`, `./openapi.json`). */
const subpaths = (manifest: Manifest) => Object.keys(manifest.exports).filter((key) => typeof manifest.exports[key] === "object");
/** The subpaths a plain Node process loads: all but those that load inside a test runner alone. */
const loadable = (manifest: Manifest, name: string) =>
  subpaths(manifest).filter((subpath) => !PACKAGES.find((pkg) => pkg.name === name)?.runnerOnly?.includes(subpath));

const packed: PackedPackage[] = inject("packed");
let consumer: string;

beforeAll(() => {
  consumer = installPackages(packed, { type: "module" });
});

afterAll(() => {
  rmSync(consumer, { recursive: true, force: true });
});

/** Runs a script in the consumer directory and returns what it printed as JSON. */
function runConsumer(script: string): unknown {
  const file = join(consumer, "check.mjs");
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumer, encoding: "utf8", stdio: "pipe" }));
}

describe.each(PACKAGES)("$name dual build", ({ name, dir, mainExports }) => {
  const manifest = manifestOf(dir);

  it("declares types/import/require for every subpath, types first, with matching extensions", () => {
    expect(subpaths(manifest)).toEqual(expect.arrayContaining(Object.keys(mainExports)));
    for (const subpath of subpaths(manifest)) {
      const conditions = manifest.exports[subpath] as Conditions;
      // More specific conditions (such as `browser`) may come first; Node
      // picks the first match, so `import` and `require` must close the list.
      expect(Object.keys(conditions).slice(-2), subpath).toEqual(["import", "require"]);
      for (const [condition, target] of Object.entries(conditions)) {
        const cjs = condition === "require";
        expect(Object.keys(target), `${subpath} ${condition}`).toEqual(["types", "default"]);
        expect(target.types, `${subpath} ${condition}`).toMatch(cjs ? /^\.\/dist\/.+\.d\.cts$/ : /^\.\/dist\/.+\.d\.ts$/);
        expect(target.default, `${subpath} ${condition}`).toMatch(cjs ? /^\.\/dist\/.+\.cjs$/ : /^\.\/dist\/.+\.js$/);
      }
      const stem = (file = "") => file.replace(/\.d\.c?ts$|\.c?js$/, "");
      const { import: esm, require: cjs } = conditions;
      const stems = new Set([esm?.types, esm?.default, cjs?.types, cjs?.default].map(stem));
      expect(stems.size, `${subpath}: import and require point at one entry`).toBe(1);
    }
    expect(manifest.exports["./package.json"]).toBe("./package.json");
  });

  it("is packed from a clean tree with every file the manifest names", () => {
    const pkg = packed.find((candidate) => candidate.name === name)!;
    expect(pkg.distBefore).toBe(false);
    const files = [manifest.main, manifest.module, manifest.types];
    for (const subpath of subpaths(manifest)) {
      for (const target of Object.values(manifest.exports[subpath] as Conditions)) files.push(target.types, target.default);
    }
    for (const [subpath, target] of Object.entries(manifest.exports)) if (typeof target === "string") files.push(target, subpath);
    for (const file of files) {
      expect(file).toBeDefined();
      expect(pkg.files, file).toContain(file!.replace(/^\.\//, ""));
    }
  });

  it("loads with import() and require() from a plain Node process, exposing the same exports", () => {
    const specifiers = loadable(manifest, name).map((subpath) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`));
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const out = {};
      for (const specifier of ${JSON.stringify(specifiers)}) {
        const esm = await import(specifier);
        const cjs = require(specifier);
        out[specifier] = {
          esmFile: import.meta.resolve(specifier),
          cjsFile: require.resolve(specifier),
          esm: Object.keys(esm).filter((key) => key !== "default").sort(),
          cjs: Object.keys(cjs).filter((key) => key !== "default" && key !== "__esModule").sort(),
        };
      }
      console.log(JSON.stringify(out));
    `;
    const loaded = runConsumer(script) as Record<string, { esmFile: string; cjsFile: string; esm: string[]; cjs: string[] }>;
    for (const [subpath, expected] of Object.entries(mainExports)) {
      const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
      const entry = loaded[specifier];
      expect(entry?.esmFile, specifier).toMatch(/\/dist\/[^/]+\.js$/);
      expect(entry?.cjsFile, specifier).toMatch(/\/dist\/[^/]+\.cjs$/);
      expect(entry?.esm, specifier).toEqual(expect.arrayContaining(expected));
      expect(entry?.cjs, specifier).toEqual(entry?.esm);
    }
  });

  it("resolves its types to .d.ts for ESM importers and .d.cts for CommonJS importers", () => {
    const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
    for (const subpath of subpaths(manifest)) {
      const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
      const resolveFrom = (file: string, mode: ts.ResolutionMode) =>
        ts.resolveModuleName(specifier, join(consumer, file), options, ts.sys, undefined, undefined, mode).resolvedModule?.resolvedFileName;
      expect(resolveFrom("consumer.mts", ts.ModuleKind.ESNext), specifier).toMatch(/\/dist\/[^/]+\.d\.ts$/);
      expect(resolveFrom("consumer.cts", ts.ModuleKind.CommonJS), specifier).toMatch(/\/dist\/[^/]+\.d\.cts$/);
    }
  });
}, 60_000);

describe.each(PACKAGES.filter((pkg) => pkg.perEntry))("$name entries", ({ name, dir, perEntry, onlyInMain }) => {
  const manifest = manifestOf(dir);

  it("has one copy of each shared class and function across its entries, with import() and with require()", () => {
    const specifiers = subpaths(manifest).map((subpath) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`));
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const perEntry = new Set(${JSON.stringify(perEntry ?? [])});
      const onlyInMain = new Set(${JSON.stringify(onlyInMain ?? [])});
      const out = {};
      for (const [format, load] of [["esm", (s) => import(s)], ["cjs", async (s) => require(s)]]) {
        const entries = await Promise.all(${JSON.stringify(specifiers)}.map(load));
        const shared = [], different = [], missing = [];
        for (const [i, a] of entries.entries()) {
          for (const b of entries.slice(i + 1)) {
            for (const key of Object.keys(b)) if (!(key in a)) missing.push(key);
            for (const key of Object.keys(a)) {
              if (!(key in b)) {
                if (!(i === 0 && onlyInMain.has(key))) missing.push(key);
                continue;
              }
              if (perEntry.has(key) || typeof a[key] !== "function") continue;
              (a[key] === b[key] ? shared : different).push(key);
            }
          }
        }
        out[format] = { shared, different, missing };
      }
      console.log(JSON.stringify(out));
    `;
    const loaded = runConsumer(script) as Record<"esm" | "cjs", { shared: string[]; different: string[]; missing: string[] }>;
    for (const format of ["esm", "cjs"] as const) {
      expect(loaded[format].different, format).toEqual([]);
      // Every export is in every entry (but the main entry's own), so none escapes the identity check.
      expect(loaded[format].missing, format).toEqual([]);
      expect(loaded[format].shared, format).toEqual(expect.arrayContaining(["ChecksApiError", "NotFoundError", "ApiPromise", "PingHandle", "TransportFailure", "ChecksClientBase"]));
    }
  });
}, 60_000);

describe("the built @checks-api/sdk, every entry, with import() and with require()", () => {
  it("checks keys, reads the environment, gives body bytes, monitors by explicit exit status only and reports pings not recorded", () => {
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const UUID = "7918b17b-a745-4db1-8575-9d2e07c97f79";
      const MISSING = "00000000-0000-4000-8000-000000000000";
      const LIMITED = "11111111-1111-4111-8111-111111111111";
      const out = {};
      for (const specifier of ["@checks-api/sdk", "@checks-api/sdk/fetch"]) {
        for (const [format, sdk] of [["esm", await import(specifier)], ["cjs", require(specifier)]]) {
          const sent = [];
          const transport = async (req) => {
            sent.push(req.method + " " + req.url.replace(/\\?.*/, ""));
            const answer = req.url.includes(LIMITED) ? "OK (rate limited)" : "OK";
            const body = req.url.endsWith("/body") ? new Uint8Array([0xff, 0x00, 0xc3]) : new TextEncoder().encode(answer);
            return { status: req.url.includes(MISSING) ? 404 : 200, headers: new Headers(), body };
          };
          let keyError;
          try {
            new sdk.ChecksClient({ apiKey: "hcw_secret\\n", transport });
          } catch (error) {
            keyError = error instanceof TypeError && !error.message.includes("secret") ? error.message : String(error);
          }
          process.env.CHECKS_API_KEY = "hcw_0123456789abcdefghijklmnopqr";
          process.env.CHECKS_API_URL = "https://hc.example.com";
          const client = sdk.createClient({ transport });
          delete process.env.CHECKS_API_KEY;
          delete process.env.CHECKS_API_URL;
          const bytes = await client.pings.bodyBytes(UUID, 1);
          const result = await client.monitor(UUID, (run) => (run.log("12 files"), 12));
          await client.monitor(UUID, (run) => run.exitStatus(3));
          const notRecorded = [];
          for (const target of [MISSING, LIMITED]) {
            await client.monitor(target, () => undefined, {
              onPingError: (error) => notRecorded.push(error instanceof sdk.PingNotRecordedError && error.outcome),
            });
          }
          out[specifier + " " + format] = { keyError, bytes: bytes.constructor.name + [...bytes], result, sent, notRecorded };
        }
      }
      console.log(JSON.stringify(out));
    `;
    const base = "https://hc.example.com";
    const uuid = "7918b17b-a745-4db1-8575-9d2e07c97f79";
    const missing = "00000000-0000-4000-8000-000000000000";
    const limited = "11111111-1111-4111-8111-111111111111";
    const expected = {
      keyError: "apiKey must not contain whitespace, control or non-ASCII characters: it has a line feed at the end",
      bytes: "Uint8Array255,0,195",
      result: 12,
      sent: [
        `GET ${base}/api/v3/checks/${uuid}/pings/1/body`,
        `POST ${base}/ping/${uuid}/start`,
        `POST ${base}/ping/${uuid}`,
        `POST ${base}/ping/${uuid}/start`,
        `POST ${base}/ping/${uuid}/3`,
        `POST ${base}/ping/${missing}/start`,
        `POST ${base}/ping/${missing}`,
        `POST ${base}/ping/${limited}/start`,
        `POST ${base}/ping/${limited}`,
      ],
      notRecorded: ["not-found", "not-found", "rate-limited", "rate-limited"],
    };
    const loaded = runConsumer(script) as Record<string, unknown>;
    for (const key of ["@checks-api/sdk esm", "@checks-api/sdk cjs", "@checks-api/sdk/fetch esm", "@checks-api/sdk/fetch cjs"]) {
      expect(loaded[key], key).toEqual(expected);
    }
  });
}, 60_000);

// The packages as npm would publish them, linted by publint and by Are the
// Types Wrong, and loaded from where they are installed.
describe("published tarballs", () => {
  const tarballs = new Map(packed.map(({ name, tarball }) => [name, tarball]));

  it("passes publint without a message, suggestions included", async () => {
    for (const [name, tarball] of tarballs) {
      const pack = { tarball: readFileSync(tarball).buffer as ArrayBuffer };
      const { messages, pkg } = await publint({ pack, level: "suggestion", strict: true });
      expect(messages.map((message) => formatMessage(message, pkg, { color: false })), name).toEqual([]);
    }
  });

  it("ships every source its source maps name, so that a stack frame's file exists in an installed package", () => {
    // Installed side by side, as npm lays them out: node_modules/@checks-api/<package>/…
    const shipped = new Set(packed.flatMap(({ name, files }) => files.map((file) => posix.join(name, file))));
    const missing: string[] = [];
    for (const { name, tarball, files } of packed) {
      for (const map of files.filter((file) => file.endsWith(".map"))) {
        const text = execFileSync("tar", ["-xzOf", tarball, `package/${map}`], { encoding: "utf8", maxBuffer: 64 << 20 });
        const { sources } = JSON.parse(text) as { sources: string[] };
        for (const source of sources) {
          const installed = posix.join(name, posix.dirname(map), source);
          // tsup's CommonJS shim is not part of the package's code; every other source is.
          if (!shipped.has(installed) && !source.includes("node_modules/tsup/")) missing.push(`${name}/${map}: ${source}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("passes Are the Types Wrong for every entry point and module resolution", { timeout: 60_000 }, async () => {
    const attw = join(ROOT, "node_modules", ".bin", "attw");
    const problems: Record<string, unknown> = {};
    // One at a time: each run loads a TypeScript compiler, and the rest of the suite runs beside it.
    for (const [name, tarball] of tarballs) {
      const { stdout } = await promisify(execFile)(attw, ["--format", "json", tarball], { maxBuffer: 64 << 20 }).catch(
        // attw exits with 1 when it found problems, which its report lists.
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? "{}" }),
      );
      problems[name] = (JSON.parse(stdout) as { problems?: unknown }).problems;
    }
    expect(problems).toEqual(Object.fromEntries([...tarballs.keys()].map((name) => [name, {}])));
  });

  it("imports and requires every entry of the installed packages", () => {
    const specifiers = PACKAGES.flatMap(({ name, dir }) =>
      loadable(manifestOf(dir), name).map((subpath) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`)),
    );
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const out = {};
      for (const specifier of ${JSON.stringify(specifiers)}) {
        out[specifier] = {
          files: [import.meta.resolve(specifier), "file://" + require.resolve(specifier)],
          esm: Object.keys(await import(specifier)).filter((key) => key !== "default").sort(),
          cjs: Object.keys(require(specifier)).filter((key) => key !== "__esModule").sort(),
        };
      }
      console.log(JSON.stringify(out));
    `;
    writeFileSync(join(consumer, "check.mjs"), script);
    const loaded = JSON.parse(execFileSync(process.execPath, ["check.mjs"], { cwd: consumer, encoding: "utf8" })) as Record<
      string,
      { files: string[]; esm: string[]; cjs: string[] }
    >;
    expect(Object.keys(loaded)).toEqual(specifiers);
    for (const [specifier, { files, esm, cjs }] of Object.entries(loaded)) {
      for (const file of files) expect(file, specifier).toContain(`${consumer}/node_modules/`);
      expect(esm.length, specifier).toBeGreaterThan(0);
      expect(cjs, specifier).toEqual(esm);
    }
  });

  it("runs every bin of the installed packages", () => {
    const bins = PACKAGES.flatMap(({ dir }) => Object.keys((manifestOf(dir) as { bin?: Record<string, string> }).bin ?? {}));
    expect(bins).toEqual(["checks-fake-server"]);
    for (const bin of bins) {
      const usage = execFileSync(join(consumer, "node_modules", ".bin", bin), ["--help"], { cwd: consumer, encoding: "utf8" });
      expect(usage).toMatch(new RegExp(`^Usage: ${bin} `));
    }
  });
});

describe("the built packages in a browser bundle", () => {
  // zod's schemas are top-level calls a bundler must keep, so only modules
  // the fetch entry does not use may hold them.
  it("bundle @checks-api/sdk/fetch without zod", async () => {
    const result = await bundleForBrowser({ stdin: { contents: 'export * from "@checks-api/sdk/fetch";', resolveDir: consumer } });
    const files = bundledFiles(result).map(([file]) => file);
    expect(files.some((file) => file.includes("node_modules/@checks-api/sdk/dist/"))).toBe(true);
    expect(files.filter(isZodFile)).toEqual([]);
  });
});

describe("the built packages in Node", () => {
  // Loading zod takes longer than the rest of the SDK together: a program
  // that imports the SDK, the fake, or the schema's lite entry, must never pay for it.
  it("import and require the SDK's entries, the fake's main entry and @checks-api/schema/lite without loading zod", () => {
    const specifiers = ["@checks-api/sdk", "@checks-api/sdk/fetch", "@checks-api/fake-server", "@checks-api/schema/lite"];
    writeFileSync(
      join(consumer, "no-zod-hook.mjs"),
      `export async function resolve(specifier, context, next) {
        if (/^zod($|\\/)/.test(specifier)) throw new Error(\`\${context.parentURL} loaded zod\`);
        return next(specifier, context);
      }`,
    );
    const loaded = runConsumer(`
      import { createRequire, register } from "node:module";
      register("./no-zod-hook.mjs", import.meta.url);
      const require = createRequire(import.meta.url);
      const out = { esm: [], cjs: [] };
      for (const specifier of ${JSON.stringify(specifiers)}) {
        out.esm.push(Object.keys(await import(specifier)).length > 0);
        out.cjs.push(Object.keys(require(specifier)).length > 0);
      }
      out.zodRequired = Object.keys(require.cache).filter((file) => file.includes("/zod/"));
      console.log(JSON.stringify(out));
    `);
    expect(loaded).toEqual({ esm: [true, true, true, true], cjs: [true, true, true, true], zodRequired: [] });
    // The hook does catch zod: importing the main entry of the schema fails.
    expect(() => runConsumer(`
      import { register } from "node:module";
      register("./no-zod-hook.mjs", import.meta.url);
      await import("@checks-api/schema");
    `)).toThrow(/loaded zod/);
  });
});
