/**
 * Bundles what the site's Run buttons load (`docs/runner/page/`) into the
 * site's `assets/runner/`: the loader every page with a runnable example
 * loads, the runner it imports on the first Run, and one module per
 * package an example may import, sharing their code in chunks. Examples
 * import the SDK's browser entry; the fake server's core with each fake
 * reachable through the page's `fetch`; vitest as a small in-page runner
 * around vitest's own `expect`.
 * @module
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PAGE = `${ROOT}docs/runner/page/`;
const SRC = (path) => `${ROOT}packages/${path}`;

/** The module each in-page module file is built from, by its name under `assets/runner/`. */
export const ENTRIES = {
  loader: `${PAGE}loader.ts`,
  runner: `${PAGE}runner.ts`,
  "fake-server": `${PAGE}fake-server.ts`,
  kit: SRC("fake-server/src/vitest.ts"),
  matchers: SRC("fake-server/src/matchers.ts"),
  sdk: SRC("sdk/src/fetch.ts"),
  schema: SRC("schema/src/index.ts"),
  vitest: `${PAGE}vitest.ts`,
  assert: `${PAGE}assert.ts`,
  "example-io": `${PAGE}example-io.ts`,
  "example-service": `${ROOT}examples/support/service.ts`,
  "example-app": `${ROOT}examples/testing/app.ts`,
};

/** In the page, the packages' modules import the in-page ones, as the examples do. */
const inPage = {
  name: "in-page-modules",
  setup(bundle) {
    bundle.onResolve({ filter: /^(vitest|@checks-api\/fake-server|@checks-api\/sdk)$/ }, ({ path, importer }) => {
      if (path === "vitest") return { path: ENTRIES.vitest };
      if (path === "@checks-api/sdk") return { path: ENTRIES.sdk };
      return { path: importer === ENTRIES["fake-server"] ? SRC("fake-server/src/index.ts") : ENTRIES["fake-server"] };
    });
    // examples/support/io.ts imports them for the two functions example-io.ts replaces.
    bundle.onResolve({ filter: /^node:(path|url)$/ }, ({ importer }) =>
      importer.endsWith("/examples/support/io.ts") ? { path: `${PAGE}node-only.ts` } : undefined,
    );
  },
};

/**
 * Writes the runner's files into `outdir`.
 * @param {string} outdir
 * @returns {Promise<import("esbuild").Metafile>}
 */
export async function buildRunner(outdir) {
  const result = await build({
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    tsconfig: `${ROOT}tsconfig.json`,
    plugins: [inPage],
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
  });
  return result.metafile;
}
