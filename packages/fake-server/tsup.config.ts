import { defineConfig } from "tsup";

export default defineConfig({
  // The vitest entry imports the main one by name, so that both use one FakeServer class.
  entry: ["src/index.ts", "src/browser.ts", "src/cli.ts", "src/matchers.ts", "src/vitest.ts"],
  external: ["@checks-api/fake-server"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  // The dashboard finds its files (ui/) from import.meta.url, in the CommonJS build too.
  shims: true,
});
