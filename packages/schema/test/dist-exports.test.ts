import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledFiles, bundleForBrowser, isZodFile } from "../../../test/browser-bundle.js";

// Builds each workspace package with tsup and loads the result the way a
// consumer does: from a plain Node process outside the repository, through the
// package name, with `import` and with `require`.

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSUP = join(ROOT, "node_modules", ".bin", "tsup");

/**
 * The packages in build order (schema first: the others import its dist), with the exports every entry must have
 * and, for a package with several entries, the exports each entry has its own of (every other export shared by two
 * entries must be one and the same value, so that `instanceof` works across them).
 */
const PACKAGES: { name: string; dir: string; mainExports: Record<string, string[]>; perEntry?: string[] }[] = [
  {
    name: "@checks-api/schema",
    dir: "packages/schema",
    mainExports: { ".": ["CheckSchema", "validateCheckBody", "parseFlipsQuery", "canonicalTimezone", "ERROR_MESSAGES", "TIMEZONES"] },
  },
  { name: "@checks-api/fake-server", dir: "packages/fake-server", mainExports: { ".": ["FakeServer"] } },
  {
    name: "@checks-api/sdk",
    dir: "packages/sdk",
    mainExports: { ".": ["ChecksClient", "ReadOnlyChecksClient", "createClient"], "./fetch": ["ChecksClient", "createClient"] },
    // The Node entry's clients default to undici, the fetch entry's to `fetch`.
    perEntry: ["ChecksClient", "ReadOnlyChecksClient", "PingClient", "createClient"],
  },
];

type Target = { types?: string; default?: string };
type Conditions = Record<string, Target>;
type Manifest = { main?: string; module?: string; types?: string; exports: Record<string, Conditions | string> };

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;
const subpaths = (manifest: Manifest) => Object.keys(manifest.exports).filter((key) => key !== "./package.json");

let consumer: string;

beforeAll(() => {
  consumer = mkdtempSync(join(tmpdir(), "checks-api-consumer-"));
  mkdirSync(join(consumer, "node_modules"));
  symlinkSync(join(ROOT, "node_modules", "@checks-api"), join(consumer, "node_modules", "@checks-api"), "dir");
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ type: "module", private: true }));
});

afterAll(() => {
  rmSync(consumer, { recursive: true, force: true });
});

/** Runs a script in the consumer directory and returns what it printed as JSON. */
function runConsumer(script: string): unknown {
  const file = join(consumer, "check.mjs");
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumer, encoding: "utf8" }));
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

  it("builds with tsup, emitting every file the manifest names", () => {
    execFileSync(TSUP, [], { cwd: join(ROOT, dir), stdio: "pipe" });
    const files = [manifest.main, manifest.module, manifest.types];
    for (const subpath of subpaths(manifest)) {
      for (const target of Object.values(manifest.exports[subpath] as Conditions)) files.push(target.types, target.default);
    }
    for (const file of files) {
      expect(file).toBeDefined();
      expect(existsSync(resolve(ROOT, dir, file ?? "")), file).toBe(true);
    }
  });

  it("loads with import() and require() from a plain Node process, exposing the same exports", () => {
    const specifiers = subpaths(manifest).map((subpath) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`));
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
}, 180_000);

// Runs after the builds above (a file's suites run in order).
describe.each(PACKAGES.filter((pkg) => pkg.perEntry))("$name entries", ({ name, dir, perEntry }) => {
  const manifest = manifestOf(dir);

  it("has one copy of each shared class and function across its entries, with import() and with require()", () => {
    const specifiers = subpaths(manifest).map((subpath) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`));
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const perEntry = new Set(${JSON.stringify(perEntry ?? [])});
      const out = {};
      for (const [format, load] of [["esm", (s) => import(s)], ["cjs", async (s) => require(s)]]) {
        const entries = await Promise.all(${JSON.stringify(specifiers)}.map(load));
        const shared = [], different = [];
        for (const [i, a] of entries.entries()) {
          for (const b of entries.slice(i + 1)) {
            for (const key of Object.keys(a)) {
              if (perEntry.has(key) || !(key in b) || typeof a[key] !== "function") continue;
              (a[key] === b[key] ? shared : different).push(key);
            }
          }
        }
        out[format] = { shared, different };
      }
      console.log(JSON.stringify(out));
    `;
    const loaded = runConsumer(script) as Record<"esm" | "cjs", { shared: string[]; different: string[] }>;
    for (const format of ["esm", "cjs"] as const) {
      expect(loaded[format].different, format).toEqual([]);
      expect(loaded[format].shared, format).toEqual(expect.arrayContaining(["ChecksApiError", "NotFoundError", "ApiPromise", "PingHandle", "TransportFailure", "ChecksClientBase"]));
    }
  });
}, 60_000);

describe("the built @checks-api/sdk, every entry, with import() and with require()", () => {
  it("checks keys, reads the environment, gives body bytes, and monitors by explicit exit status only", () => {
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const UUID = "7918b17b-a745-4db1-8575-9d2e07c97f79";
      const MISSING = "00000000-0000-4000-8000-000000000000";
      const out = {};
      for (const specifier of ["@checks-api/sdk", "@checks-api/sdk/fetch"]) {
        for (const [format, sdk] of [["esm", await import(specifier)], ["cjs", require(specifier)]]) {
          const sent = [];
          const transport = async (req) => {
            sent.push(req.method + " " + req.url.replace(/\\?.*/, ""));
            const body = req.url.endsWith("/body") ? new Uint8Array([0xff, 0x00, 0xc3]) : new TextEncoder().encode("OK");
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
          await client.monitor(MISSING, () => undefined, {
            onPingError: (error) => notRecorded.push(error instanceof sdk.PingNotRecordedError && error.outcome),
          });
          out[specifier + " " + format] = { keyError, bytes: bytes.constructor.name + [...bytes], result, sent, notRecorded };
        }
      }
      console.log(JSON.stringify(out));
    `;
    const base = "https://hc.example.com";
    const uuid = "7918b17b-a745-4db1-8575-9d2e07c97f79";
    const missing = "00000000-0000-4000-8000-000000000000";
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
      ],
      notRecorded: ["not-found", "not-found"],
    };
    const loaded = runConsumer(script) as Record<string, unknown>;
    for (const key of ["@checks-api/sdk esm", "@checks-api/sdk cjs", "@checks-api/sdk/fetch esm", "@checks-api/sdk/fetch cjs"]) {
      expect(loaded[key], key).toEqual(expected);
    }
  });
}, 60_000);

describe("the built packages in a browser bundle", () => {
  // Runs after the builds above. zod's schemas are top-level calls a bundler
  // must keep, so only modules the fetch entry does not use may hold them.
  it("bundle @checks-api/sdk/fetch without zod", async () => {
    const result = await bundleForBrowser({ stdin: { contents: 'export * from "@checks-api/sdk/fetch";', resolveDir: consumer } });
    const files = bundledFiles(result).map(([file]) => file);
    expect(files.some((file) => file.includes("packages/schema/dist/"))).toBe(true);
    expect(files.filter(isZodFile)).toEqual([]);
  });
});
