import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layering rules of .dependency-cruiser.cjs, checked by dependency-cruiser
// itself: on the real tree, and on a small tree that breaks each rule once,
// so a rule that stopped matching anything would be noticed.
const root = fileURLToPath(new URL("..", import.meta.url));
const config = join(root, ".dependency-cruiser.cjs");
const bin = join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

function cruise(cwd: string, paths: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [bin, "--config", config, "--output-type", "err", ...paths], {
    cwd,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("package layers", () => {
  it("every package's src keeps the rules: no cycles, layers only import downwards", () => {
    const { status, output } = cruise(root, ["packages/schema/src", "packages/sdk/src", "packages/fake-server/src"]);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  }, 60_000);

  it("the fake server's root holds only the facade, the entry points and the layer folders", () => {
    const entries = readdirSync(join(root, "packages/fake-server/src"), { withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files.length).toBeLessThanOrEqual(12);
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual(["adapters", "cli", "control", "http", "model", "text"]);
  });

  describe("each rule catches its violation", () => {
    const fixture = mkdtempSync(join(tmpdir(), "layers-"));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", paths: { "@checks-api/schema": ["packages/schema/src/index.ts"] } },
      }),
      "packages/schema/src/index.ts": `import "../../sdk/src/index.js";\nexport const x = 1;\n`,
      "packages/sdk/src/index.ts": `export const y = 1;\n`,
      "packages/sdk/src/validate.ts": `import { x } from "@checks-api/schema";\nexport const v = x;\n`,
      "packages/sdk/src/zod.ts": `import "zod/mini";\n`,
      "packages/fake-server/src/fake-server.ts": `export class FakeServer {}\n`,
      "packages/fake-server/src/text/words.ts": `import "../model/store.js";\n`,
      "packages/fake-server/src/model/store.ts": `import type { Reply } from "../http/reply.js";\nimport "./status.js";\nexport type S = Reply;\n`,
      "packages/fake-server/src/model/status.ts": `import "./store.js";\n`,
      "packages/fake-server/src/http/reply.ts": `import "../adapters/node-http.js";\nexport type Reply = number;\n`,
      "packages/fake-server/src/adapters/node-http.ts": `import type { FakeServer } from "../fake-server.js";\nimport "../control/routes.js";\nexport type T = FakeServer;\n`,
      "packages/fake-server/src/control/routes.ts": `import "../../../schema/src/limits.js";\n`,
      "packages/schema/src/limits.ts": `export const z = 1;\n`,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    let status: number | null = null;
    let output = "";
    beforeAll(() => ({ status, output } = cruise(fixture, ["packages"])), 60_000);

    it.each([
      ["no-cycles", "packages/fake-server/src/model/st"],
      ["nothing-below-the-facade-imports-it", "adapters/node-http.ts"],
      ["text-is-the-bottom", "text/words.ts"],
      ["model-does-not-speak-http", "model/store.ts"],
      ["http-below-control-and-adapters", "http/reply.ts"],
      ["adapters-and-control-apart", "adapters/node-http.ts"],
      ["packages-through-public-entries", "control/routes.ts"],
      ["packages-by-name", "control/routes.ts"],
      ["schema-is-self-contained", "packages/schema/src/index.ts"],
      ["sdk-imports-the-zod-free-schema", "packages/sdk/src/validate.ts"],
      ["sdk-imports-the-zod-free-schema", "packages/sdk/src/zod.ts"],
    ])("%s", (rule, file) => {
      expect(status).not.toBe(0);
      const line = output.split("\n").find((text) => text.includes(`error ${rule}:`) && text.includes(file));
      expect(line, output).toBeDefined();
    });
  });
});
