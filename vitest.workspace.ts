import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest 4 no longer discovers a workspace file by itself: the root test
// command passes this file with --config, and every package is listed here.
// A subpath comes before its package: an alias also matches the paths under its name, first one wins.
const alias = {
  "@checks-api/schema/lite": fileURLToPath(new URL("./packages/schema/src/lite.ts", import.meta.url)),
  "@checks-api/schema": fileURLToPath(new URL("./packages/schema/src/index.ts", import.meta.url)),
  "@checks-api/sdk/fetch": fileURLToPath(new URL("./packages/sdk/src/fetch.ts", import.meta.url)),
  "@checks-api/sdk": fileURLToPath(new URL("./packages/sdk/src/index.ts", import.meta.url)),
  "@checks-api/fake-server/vitest": fileURLToPath(new URL("./packages/fake-server/src/vitest.ts", import.meta.url)),
  "@checks-api/fake-server/matchers": fileURLToPath(new URL("./packages/fake-server/src/matchers.ts", import.meta.url)),
  "@checks-api/fake-server": fileURLToPath(new URL("./packages/fake-server/src/index.ts", import.meta.url)),
};

const project = (name: string, include: string[], globalSetup: string[] = []) => ({
  resolve: { alias },
  // Generous timeouts: tests that start processes must not fail on a busy 2-core CI machine.
  test: { name, include, globalSetup, typecheck: { enabled: false }, testTimeout: 30_000, hookTimeout: 30_000 },
});

export default defineConfig({
  test: {
    passWithNoTests: false,
    // Vitest runs one file at a time on two cores (one worker per core, less
    // one). Many files wait on child processes, servers and packs, so two
    // workers on CI's two cores cut the run by about a quarter.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      project("schema", ["packages/schema/test/**/*.test.ts"]),
      project("fake-server", ["packages/fake-server/test/**/*.test.ts"]),
      project("sdk", ["packages/sdk/test/**/*.test.ts"]),
      project("repo", ["test/*.test.ts"]),
      // The packages as npm packs them, installed outside the repository: the
      // global setup packs them once for every file (and only when a file of
      // this project runs); `npm run test:quick` leaves this project out.
      project("packed", ["test/packed/**/*.test.ts"], ["test/packed/global-setup.ts"]),
      project("examples", ["examples/test/**/*.test.ts", "examples/testing/**/*.test.ts", "docs/test/**/*.test.ts"]),
    ],
  },
});
