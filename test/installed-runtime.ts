/**
 * Runtimes from the npm registry (their packages ship the binaries), for the
 * tests that run the packages on them: one on the PATH is used as it is,
 * else each is installed once into a cache outside the repository
 * (`~/.cache/checks-api-runtimes`, or `CHECKS_API_RUNTIMES`), within a time
 * limit. `npm ci` never downloads them.
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Run } from "../packages/fake-server/test/cli-process.js";

/** How long one runtime may take to install, ms. */
export const INSTALL_TIMEOUT_MS = 180_000;
const CACHE = process.env.CHECKS_API_RUNTIMES ?? join(homedir(), ".cache", "checks-api-runtimes");

/** The executable `name` from the npm package `spec`: on the PATH, in the cache, or installed into the cache now. */
export function findRuntime(name: string, spec: string): { bin: string } | { missing: string } {
  if (spawnSync(name, ["--version"], { encoding: "utf8" }).status === 0) return { bin: name };
  const cached = join(CACHE, "node_modules", ".bin", name);
  if (!existsSync(cached)) {
    mkdirSync(CACHE, { recursive: true });
    const install = spawnSync("npm", ["install", "--prefix", CACHE, "--no-audit", "--no-fund", "--prefer-offline", spec], {
      encoding: "utf8",
      timeout: INSTALL_TIMEOUT_MS,
    });
    if (install.status !== 0) {
      const reason = install.error ? install.error.message : install.stderr.trim().split("\n").slice(-2).join(" ");
      return { missing: `${name} is not on the PATH and \`npm install ${spec}\` failed: ${reason}` };
    }
  }
  const version = spawnSync(cached, ["--version"], { encoding: "utf8" });
  return version.status === 0 ? { bin: cached } : { missing: `${name} from npm does not run here: ${version.stderr || version.error?.message}` };
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `url` answers at all (workerd gives no sign that it listens), or fails when `server` exits or time runs out. */
export async function whenAnswering(url: string, server: Run, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exit.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`workerd exited early: ${server.stderr()}`);
    if (await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(() => true, () => false)) return;
    if (Date.now() > deadline) throw new Error(`workerd did not answer at ${url} within ${timeoutMs} ms: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
