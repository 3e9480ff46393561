import { defineConfig } from "tsup";

export default defineConfig([
  // Two ESM entries sharing one chunk: `lite` (no zod) loads that chunk
  // alone, `index` adds the zod schemas. Few files, because Node compiles and
  // links each file an import reaches: one file per module made importing
  // the SDK twice as slow.
  {
    entry: ["src/index.ts", "src/lite.ts"],
    format: ["esm"],
    splitting: true,
    dts: { entry: ["src/index.ts", "src/lite.ts"] },
    clean: true,
    sourcemap: true,
    target: "node20",
  },
  {
    entry: ["src/index.ts", "src/lite.ts"],
    format: ["cjs"],
    dts: true,
    sourcemap: true,
    target: "node20",
  },
]);
