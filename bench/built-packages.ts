/**
 * The workspace packages as they ship: built with their own build scripts
 * and loaded from their `dist` files, as an installed package is (not their
 * TypeScript source run through tsx, which names every closure with an
 * `Object.defineProperty` call that no installed package pays).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds `names` in order (a package before those that import it). With
 * `BENCH_SKIP_BUILD=1` in the environment the `dist` files already there
 * are used, so that repeated runs of one benchmark skip the build.
 */
export function buildPackages(names: readonly string[]): void {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  for (const name of names) {
    const run = spawnSync("npm", ["run", "build", "-w", name], { cwd: root, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`building ${name} failed:\n${run.stdout}${run.stderr}`);
  }
}

/** Imports a built file of the repository, e.g. `packages/sdk/dist/index.js`. */
export function importBuilt<T>(file: string): Promise<T> {
  // By file: in a benchmark's process the package names map to the TypeScript sources.
  return import(pathToFileURL(join(root, file)).href) as Promise<T>;
}
