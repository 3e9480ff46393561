import { defineConfig } from "tsup";

// Two entries: `index` (Node, undici by default) and `fetch` (any runtime
// with a WHATWG fetch; must not pull in node:* or undici).
export default defineConfig({
  entry: { index: "src/index.ts", fetch: "src/fetch.ts" },
  format: ["esm", "cjs"],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: ["@checks-api/schema", "undici"],
});
