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

/** The files and the folders (sorted) at the root of a package's source. */
function rootOf(src: string): { files: string[]; folders: string[] } {
  const entries = readdirSync(join(root, src), { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return { files, folders: folders.sort() };
}

describe("package layers", () => {
  it("every package's src keeps the rules: no cycles, layers only import downwards", () => {
    const { status, output } = cruise(root, ["packages/schema/src", "packages/sdk/src", "packages/fake-server/src"]);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  }, 60_000);

  it("the fake server's root holds only the facade, the entry points and the layer folders", () => {
    const { files, folders } = rootOf("packages/fake-server/src");
    expect(files.length).toBeLessThanOrEqual(12);
    expect(folders).toEqual(["adapters", "cli", "control", "http", "model", "notify", "smtp", "testing", "text", "transport"]);
  });

  it("the SDK's root holds only the entries and the layer folders", () => {
    const { files, folders } = rootOf("packages/sdk/src");
    expect(files.length).toBeLessThanOrEqual(10);
    expect(folders).toEqual(["clients", "core", "ping", "resources", "transport"]);
  });

  describe("each rule catches its violation", () => {
    const fixture = mkdtempSync(join(tmpdir(), "layers-"));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", paths: { "@checks-api/schema": ["packages/schema/src/index.ts"], "@checks-api/sdk": ["packages/sdk/src/index.ts"] } },
      }),
      "packages/schema/src/index.ts": `import "../../sdk/src/index.js";\nexport const x = 1;\n`,
      "packages/sdk/src/index.ts": `export const y = 1;\n`,
      "packages/sdk/src/fetch.ts": `import "./index.js";\n`,
      "packages/sdk/src/exports.ts": `export const e = 1;\n`,
      "packages/sdk/src/transport/fetch.ts": `import "../core/request.js";\n`,
      "packages/sdk/src/core/request.ts": `import type { P } from "../ping/ping.js";\nexport type R = P;\n`,
      "packages/sdk/src/core/validate.ts": `import { x } from "@checks-api/schema";\nexport const v = x;\n`,
      "packages/sdk/src/ping/ping.ts": `import "../resources/checks.js";\nexport type P = number;\n`,
      "packages/sdk/src/resources/checks.ts": `import "../clients/client.js";\n`,
      "packages/sdk/src/clients/client.ts": `import "../exports.js";\n`,
      "packages/sdk/src/zod.ts": `import "zod/mini";\n`,
      "packages/fake-server/src/fake-server.ts": `export class FakeServer {}\n`,
      "packages/fake-server/src/text/words.ts": `import "../model/store.js";\n`,
      "packages/fake-server/src/model/store.ts": `import type { Reply } from "../http/reply.js";\nimport "./status.js";\nexport type S = Reply;\n`,
      "packages/fake-server/src/model/status.ts": `import "./store.js";\n`,
      "packages/fake-server/src/http/reply.ts": `import "../adapters/node-http.js";\nexport type Reply = number;\n`,
      "packages/fake-server/src/adapters/node-http.ts": `import type { FakeServer } from "../fake-server.js";\nimport "../control/routes.js";\nexport type T = FakeServer;\n`,
      "packages/fake-server/src/control/routes.ts": `import "../../../schema/src/limits.js";\n`,
      "packages/fake-server/src/notify/processor.ts": `import "../adapters/node-http.js";\n`,
      "packages/fake-server/src/notify/sender.ts": `import "../smtp/relay.js";\n`,
      "packages/fake-server/src/smtp/relay.ts": `import "../control/routes.js";\n`,
      "packages/fake-server/src/transport/node-transport.ts": `import "../notify/processor.js";\n`,
      "packages/schema/src/limits.ts": `export const z = 1;\n`,
      "packages/fake-server/src/http/answers.ts": `import "@checks-api/sdk";\n`,
      "packages/fake-server/src/cli/verify.ts": `import "@checks-api/sdk";\nimport "node:fs";\nimport "undici";\n`,
      "packages/fake-server/src/model/clock.ts": `import { createHash } from "node:crypto";\nimport type { Server } from "node:http";\nexport const h = createHash;\nexport type S = Server;\n`,
      "packages/fake-server/src/adapters/msw.ts": `import { http } from "msw";\nexport const h = http;\n`,
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
      ["notify-below-control-and-adapters", "notify/processor.ts"],
      ["notify-below-control-and-adapters", "notify/sender.ts"],
      ["adapters-and-control-apart", "smtp/relay.ts"],
      ["transport-below-notify", "transport/node-transport.ts"],
      ["packages-through-public-entries", "control/routes.ts"],
      ["packages-by-name", "control/routes.ts"],
      ["schema-is-self-contained", "packages/schema/src/index.ts"],
      ["sdk-imports-the-zod-free-schema", "packages/sdk/src/core/validate.ts"],
      ["sdk-imports-the-zod-free-schema", "packages/sdk/src/zod.ts"],
      ["sdk-nothing-imports-an-entry", "packages/sdk/src/fetch.ts"],
      ["sdk-layers-below-the-root", "packages/sdk/src/clients/client.ts"],
      ["sdk-transport-is-the-bottom", "packages/sdk/src/transport/fetch.ts"],
      ["sdk-core-below-the-apis", "packages/sdk/src/core/request.ts"],
      ["sdk-resources-and-ping-apart", "packages/sdk/src/ping/ping.ts"],
      ["sdk-apis-below-the-clients", "packages/sdk/src/resources/checks.ts"],
      ["only-the-fake-cli-uses-the-sdk", "http/answers.ts"],
      ["fake-core-needs-no-node-built-in", "model/clock.ts"],
      ["fake-core-loads-its-heavy-libraries-on-first-use", "adapters/msw.ts"],
    ])("%s", (rule, file) => {
      expect(status).not.toBe(0);
      const line = output.split("\n").find((text) => text.includes(`error ${rule}:`) && text.includes(file));
      expect(line, output).toBeDefined();
    });

    it("lets the fake's CLI use the SDK", () => {
      expect(output).not.toMatch(/only-the-fake-cli-uses-the-sdk: packages\/fake-server\/src\/cli\//);
    });

    it("lets the fake's CLI import Node's built-ins and undici, and the core import a built-in's types", () => {
      expect(output).not.toMatch(/fake-core-(needs-no-node-built-in|loads-its-heavy-libraries-on-first-use): packages\/fake-server\/src\/cli\//);
      expect(output).not.toMatch(/fake-core-needs-no-node-built-in: packages\/fake-server\/src\/model\/clock\.ts → node:http/);
    });
  });
});
