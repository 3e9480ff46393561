import { defineConfig } from "tsup";

// Two entries: `index` (Node, undici by default) and `fetch` (any runtime
// with a WHATWG fetch; must not pull in node:* or undici), sharing one chunk
// so that each class exists once. The zod-free code of the schema
// (`@checks-api/schema/lite`) is built into that chunk rather than imported:
// Node compiles and links every file an import reaches, and each one more
// added milliseconds to a program's start. The types still come from
// `@checks-api/schema`, which stays a dependency.
export default defineConfig({
  entry: { index: "src/index.ts", fetch: "src/fetch.ts" },
  format: ["esm", "cjs"],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: ["undici"],
  noExternal: ["@checks-api/schema"],
});
