/**
 * Installing the packed packages into an empty directory, as `npm install`
 * of the tarballs lays them out. npm itself would ask the registry for the
 * metadata of every dependency, and tests never reach the network: the
 * third-party packages they depend on are linked from the repository's
 * node_modules instead.
 * @module
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PackedPackage } from "./pack.js";
import { ROOT } from "./pack.js";

/**
 * A new directory with the packages installed, and `extra` third-party
 * packages of the repository linked beside them (`typescript`, `@types/node`
 * for the programs a test compiles there).
 * @param manifest fields of the directory's own package.json (`type`, …)
 */
export function installPackages(packed: PackedPackage[], manifest: Record<string, unknown> = {}, extra: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "checks-api-install-"));
  const dependencies = Object.fromEntries(packed.map(({ name, tarball }) => [name, `file:${tarball}`]));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, ...manifest, dependencies }));
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  const ours = new Set(packed.map(({ name }) => name));
  const linked = new Set(extra);
  for (const { name, tarball } of packed) {
    const target = join(modules, name);
    mkdirSync(target, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
    const installed = JSON.parse(readFileSync(join(target, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      bin?: Record<string, string>;
    };
    for (const dependency of Object.keys(installed.dependencies ?? {})) if (!ours.has(dependency)) linked.add(dependency);
    for (const [bin, file] of Object.entries(installed.bin ?? {})) {
      chmodSync(join(target, file), 0o755);
      symlinkSync(join(target, file), join(modules, ".bin", bin));
    }
  }
  for (const dependency of linked) {
    mkdirSync(dirname(join(modules, dependency)), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", dependency), join(modules, dependency), "dir");
  }
  return dir;
}
