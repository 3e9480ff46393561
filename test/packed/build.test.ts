/**
 * The packages' build (`scripts/build.mjs`): `npm ci` runs it as the root
 * `prepare`, so the CLI runs as the docs show it in a fresh clone; and it
 * builds only what changed, which is what lets the build, `prepare`,
 * `prepack` and the tests share one build. (The links its declarations get
 * are checked in the tarballs, by first-run.test.ts.)
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listening, run } from "../../packages/fake-server/test/cli-process.js";
import { cleanTree } from "./pack.js";

let tree: string;

beforeAll(() => {
  tree = cleanTree();
});

afterAll(() => {
  rmSync(tree, { recursive: true, force: true });
});

/** Runs the build script in the clean tree; returns its exit status and what it said. */
function build(...args: string[]): { status: number | null; said: string } {
  const result = spawnSync(process.execPath, ["scripts/build.mjs", ...args], { cwd: tree, encoding: "utf8" });
  return { status: result.status, said: `${result.stdout}${result.stderr}`.trim() };
}

describe("a fresh clone", () => {
  it("links the command before anything is built, and it says so when run unbuilt", () => {
    // What `npm ci` does for a workspace package's commands (offline: nothing is fetched).
    const link = spawnSync("npm", ["rebuild", "--offline", "--ignore-scripts", "@checks-api/fake-server"], { cwd: tree, encoding: "utf8" });
    expect(link.status, link.stderr).toBe(0);
    const unbuilt = spawnSync(join(tree, "node_modules/.bin/checks-fake-server"), ["--port", "0"], { cwd: tree, encoding: "utf8" });
    expect(unbuilt.status).toBe(1);
    expect(unbuilt.stderr).toMatch(/is not built: run `npm run build`/);
  }, 60_000);

  it("npm's prepare step builds the JavaScript, and the CLI runs through npx as the docs show it", { timeout: 180_000 }, async () => {
    const prepare = spawnSync("npm", ["run", "prepare"], { cwd: tree, encoding: "utf8" });
    expect(prepare.status, prepare.stderr).toBe(0);
    expect(existsSync(join(tree, "packages/fake-server/dist/cli.js"))).toBe(true);
    // Offline: npx must find the workspace's own package, never the registry.
    const env = { ...process.env, npm_config_offline: "true" };
    const cli = run("npx", ["-p", "@checks-api/fake-server", "checks-fake-server", "--port", "0"], { cwd: tree, env });
    try {
      const url = await listening(cli);
      expect((await fetch(`${url}/api/v3/status/`)).status).toBe(200);
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exit;
    }
  });
});

describe("the build", () => {
  it("builds nothing when no input changed, and a changed package with those that depend on it", { timeout: 180_000 }, () => {
    expect(build("--js-only")).toEqual({ status: 0, said: expect.stringMatching(/^(built .+|the packages' builds are up to date)$/) });
    expect(build("--js-only")).toEqual({ status: 0, said: "the packages' builds are up to date" });
    appendFileSync(join(tree, "packages/schema/src/index.ts"), "\n// changed\n");
    expect(build("--js-only")).toEqual({ status: 0, said: "built packages/schema, packages/sdk, packages/fake-server" });
    appendFileSync(join(tree, "packages/sdk/src/index.ts"), "\n// changed\n");
    expect(build("--js-only", "packages/sdk")).toEqual({ status: 0, said: "built packages/sdk" });
  });

  it("replaces a JavaScript-only build when declarations are asked for, and keeps a full one when JavaScript will do", { timeout: 180_000 }, () => {
    build("--js-only", "packages/schema");
    expect(existsSync(join(tree, "packages/schema/dist/index.d.ts"))).toBe(false);
    expect(build("packages/schema")).toEqual({ status: 0, said: "built packages/schema" });
    expect(existsSync(join(tree, "packages/schema/dist/index.d.ts"))).toBe(true);
    expect(build("--js-only", "packages/schema")).toEqual({ status: 0, said: "the packages' builds are up to date" });
  });

  it("refuses an unknown option or folder with exit status 2", () => {
    expect(build("--watch")).toEqual({ status: 2, said: expect.stringMatching(/^unknown option: --watch/) });
    expect(build("examples")).toEqual({ status: 2, said: expect.stringMatching(/^not a package folder: examples/) });
  });
});
