import { defineConfig } from "tsup";

export default defineConfig([
  // ESM keeps one file per module (shared code in chunks), so that a bundler
  // drops the modules a program does not use: the SDK's browser entry uses
  // only zod-free ones, and zod stays out of its bundles.
  {
    entry: ["src/*.ts"],
    format: ["esm"],
    splitting: true,
    dts: { entry: "src/index.ts" },
    clean: true,
    sourcemap: true,
    target: "node20",
  },
  {
    entry: ["src/index.ts"],
    format: ["cjs"],
    dts: true,
    sourcemap: true,
    target: "node20",
  },
]);
