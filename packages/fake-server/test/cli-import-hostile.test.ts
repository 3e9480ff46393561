/**
 * `checks-fake-server import` against hostile services on 127.0.0.1: an
 * endless answer, one nested far too deep, a list far too long, and answers
 * that echo the key in other forms among terminal escapes. Each stops the
 * import with status 2 and a clear message, having read and held no more
 * than import's limits, and writes nothing.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommand } from "../src/cli/import/command.js";
import { IMPORT_LIMITS, shapeProblem } from "../src/cli/import/limits.js";
import { runCommand, serve } from "./cli-command-helpers.js";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "checks-import-hostile-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KEY = `hcw_${"h".repeat(28)}`;

async function importFrom(handler: (request: IncomingMessage, response: ServerResponse) => void, key = KEY) {
  const hostile = await serve(handler);
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  try {
    const run = await runCommand(importCommand, ["--url", hostile.url, "--out", file], { CHECKS_API_KEY: key });
    return { ...run, written: await stat(file).then(() => true, () => false) };
  } finally {
    await hostile.close();
  }
}

const json = (response: ServerResponse, status: number, body: string) => response.writeHead(status, { "Content-Type": "application/json" }).end(body);

describe("import against hostile services", { timeout: 60_000 }, () => {
  it("stops reading an endless answer at its size limit", async () => {
    let sent = 0;
    const run = await importFrom((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"channels": [');
      const chunk = Buffer.alloc(1 << 16, 0x20);
      const more = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length;
      };
      response.on("drain", more);
      more();
    });
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/^checks-fake-server import: the service's answer to GET \/api\/v3\/channels\/ is larger than 16 MiB, more than import reads\n$/);
    expect(run.written).toBe(false);
    // What the service got to send before the import hung up: the limit and what the sockets buffer.
    expect(sent).toBeLessThan(IMPORT_LIMITS.answerBytes + (32 << 20));
  });

  it("refuses an answer nested deeper than its limit without parsing it", async () => {
    const run = await importFrom((_request, response) => json(response, 200, `{"channels": ${"[".repeat(1 << 20)}`));
    expect(run.status).toBe(2);
    expect(run.err).toContain("the service's answer is not one import reads: it nests deeper than 32 levels (GET /api/v3/channels/)");
    expect(run.written).toBe(false);
  });

  it("refuses a list of more checks than its limit", async () => {
    const run = await importFrom((request, response) => {
      if (request.url === "/api/v3/channels/") return json(response, 200, '{"channels": []}');
      if (request.url === "/api/v3/badges/") return json(response, 200, '{"badges": {}}');
      json(response, 200, `{"checks": [${Array(IMPORT_LIMITS.listItems + 1).fill('{"name": "x"}').join(", ")}]}`);
    });
    expect(run.status).toBe(2);
    expect(run.err).toContain("the service's answer is not one import reads: a list in it has more than 10000 items (GET /api/v3/checks/)");
    expect(run.written).toBe(false);
  });

  it("says the service refused a read-write key, with what it echoed escaped and masked", async () => {
    const echo = `\u001b[31mwrong\u001b[0m \u001b]0;owned\u0007 ${KEY.toUpperCase()} ${KEY.slice(4)} ${KEY.replace("_", "%5F")}`;
    const run = await importFrom((_request, response) => json(response, 401, JSON.stringify({ error: echo })));
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/^checks-fake-server import: the service refused the key \(/);
    expect(run.err).not.toMatch(/use ChecksClient/);
    expect(run.err).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(run.err).toContain("\\u001b[31mwrong");
    expect(run.err).not.toMatch(/h{28}/i);
    expect(run.written).toBe(false);
  });
});

describe("the shape check", () => {
  const limits = { depth: 3, listItems: 3 };
  const problem = (text: string) => shapeProblem(new TextEncoder().encode(text), limits);

  it("counts containers and list items outside strings only", () => {
    expect(problem('{"a": [[1, 2, 3]], "b": "[[[[,,,,"}')).toBeUndefined();
    expect(problem('{"a": [[[1]]]}')).toBe("it nests deeper than 3 levels");
    expect(problem("[1, 2, 3, 4]")).toBe("a list in it has more than 3 items");
    expect(problem('[{"a": 1, "b": 2, "c": 3, "d": 4}]')).toBeUndefined();
    expect(problem('["\\"", ",", ",", "\\\\"]')).toBe("a list in it has more than 3 items");
    expect(problem('["\\"", ",", "\\\\"]')).toBeUndefined();
  });
});
