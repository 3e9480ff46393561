import { build, type Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
/** zod's files: the fetch entry validates with the zod-free shapes and body rules. */
const ZOD_FILE = /(^|\/)node_modules\/zod\//;

/**
 * The files whose code ends up in the bundle (esbuild resolves the imports of
 * modules it then drops as unused, so an import spy would not do).
 */
function bundledFiles(result: Awaited<ReturnType<typeof bundle>>): string[] {
  return Object.values(result.metafile?.outputs ?? {}).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
}

async function bundle(input: { entryPoints: string[] } | { stdin: { contents: string; resolveDir: string; loader: "ts" } }, spies: Plugin[]) {
  return build({
    ...input,
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    minify: true,
    logLevel: "silent",
    metafile: true,
    tsconfig: `${root}/tsconfig.json`,
    plugins: spies,
  });
}

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
    const files = bundledFiles(await bundle({ entryPoints: [entry] }, []));
    expect(files.some((file) => file.includes("packages/sdk/src/"))).toBe(true);
    expect(files.filter((file) => ZOD_FILE.test(file))).toEqual([]);
  });

  it("is caught when it does import a Node-only module", async () => {
    const found: string[] = [];
    await bundle(fromSdk('export * from "./src/index.ts";'), [importSpy(NODE_ONLY, found)]);
    expect(found.some((f) => f.startsWith("undici"))).toBe(true);
  });

  it("is caught when it does bundle zod", async () => {
    const files = bundledFiles(await bundle(fromSdk('export { CheckSchema } from "@checks-api/schema"; export * from "./src/fetch.ts";'), []));
    expect(files.some((file) => ZOD_FILE.test(file))).toBe(true);
  });
});
