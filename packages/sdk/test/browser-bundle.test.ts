import { build, type Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const entry = fileURLToPath(new URL("../src/fetch.ts", import.meta.url));

/** Records every import of a Node-only module (node:*, a bare builtin, undici). */
function nodeImportSpy(found: string[]): Plugin {
  return {
    name: "node-import-spy",
    setup(b) {
      b.onResolve({ filter: /^(node:|undici$|undici\/)/ }, (args) => {
        found.push(`${args.path} (from ${args.importer})`);
        return { path: args.path, external: true };
      });
    },
  };
}

describe("the fetch entry", () => {
  it("bundles for the browser without any Node-only import", async () => {
    const found: string[] = [];
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      minify: true,
      logLevel: "silent",
      tsconfig: `${root}/tsconfig.json`,
      plugins: [nodeImportSpy(found)],
    });
    expect(result.errors).toEqual([]);
    expect(found).toEqual([]);
    const code = result.outputFiles[0]?.text ?? "";
    expect(code).not.toMatch(/from\s*"node:|require\("node:/);
    expect(code.length).toBeGreaterThan(1000);
  });

  it("is caught when it does import a Node-only module", async () => {
    const found: string[] = [];
    await build({
      stdin: { contents: 'export * from "./src/index.ts";', resolveDir: fileURLToPath(new URL("..", import.meta.url)), loader: "ts" },
      bundle: true,
      platform: "browser",
      write: false,
      logLevel: "silent",
      tsconfig: `${root}/tsconfig.json`,
      plugins: [nodeImportSpy(found)],
    });
    expect(found.some((f) => f.startsWith("undici"))).toBe(true);
  });
});
