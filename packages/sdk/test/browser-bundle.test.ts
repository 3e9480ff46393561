import type { Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundledFiles, bundleForBrowser, isZodFile } from "../../../test/browser-bundle.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const entry = fileURLToPath(new URL("../src/fetch.ts", import.meta.url));

/** Records every import matching `filter` (and leaves it out of the bundle). */
function importSpy(filter: RegExp, found: string[]): Plugin {
  return {
    name: "import-spy",
    setup(b) {
      b.onResolve({ filter }, (args) => {
        found.push(`${args.path} (from ${args.importer})`);
        return { path: args.path, external: true };
      });
    },
  };
}

/** A Node-only module: node:*, undici. */
const NODE_ONLY = /^(node:|undici$|undici\/)/;

function bundle(input: Parameters<typeof bundleForBrowser>[0], plugins: Plugin[]) {
  return bundleForBrowser({ ...input, tsconfig: `${root}/tsconfig.json`, plugins });
}

const files = (result: Awaited<ReturnType<typeof bundle>>) => bundledFiles(result).map(([file]) => file);

const fromSdk = (contents: string) => ({
  stdin: { contents, resolveDir: fileURLToPath(new URL("..", import.meta.url)), loader: "ts" as const },
});

describe("the fetch entry", () => {
  it("bundles for the browser without any Node-only import", async () => {
    const found: string[] = [];
    const result = await bundle({ entryPoints: [entry] }, [importSpy(NODE_ONLY, found)]);
    expect(result.errors).toEqual([]);
    expect(found).toEqual([]);
    const code = result.outputFiles[0]?.text ?? "";
    expect(code).not.toMatch(/from\s*"node:|require\("node:/);
    expect(code.length).toBeGreaterThan(1000);
  });

  it("bundles for the browser without zod", async () => {
    const bundled = files(await bundle({ entryPoints: [entry] }, []));
    expect(bundled.some((file) => file.includes("packages/sdk/src/"))).toBe(true);
    expect(bundled.filter(isZodFile)).toEqual([]);
  });

  it("is caught when it does import a Node-only module", async () => {
    const found: string[] = [];
    await bundle(fromSdk('export * from "./src/index.ts";'), [importSpy(NODE_ONLY, found)]);
    expect(found.some((f) => f.startsWith("undici"))).toBe(true);
  });

  it("is caught when it does bundle zod", async () => {
    const bundled = files(await bundle(fromSdk('export { CheckSchema } from "@checks-api/schema"; export * from "./src/fetch.ts";'), []));
    expect(bundled.some(isZodFile)).toBe(true);
  });
});
