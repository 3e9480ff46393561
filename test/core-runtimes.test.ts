/**
 * The fake's core outside Node, bundled from the sources as an application's
 * build bundles it (esbuild, `--platform=browser`): in Chromium, a page where
 * the SDK's fetch entry works through `fake.handle()` (and each Node-only
 * feature says what it needs), and a page that msw's service worker answers
 * with `fake.handlers()`; and on workerd, a module worker serving
 * `fake.handle`. Without the browser (or workerd, which the SDK's runtime
 * tests install) a test is skipped on a developer's machine; on CI
 * (`CI=true`) a missing browser or workerd fails it, since the issue asks
 * CI to show the core running in both.
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChecksClient } from "@checks-api/sdk/fetch";
import { run } from "../packages/fake-server/test/cli-process.js";
import { bundleForBrowser } from "./browser-bundle.js";
import { chromiumInstalled, launchChromium } from "./chromium.js";
import { findRuntime, freePort, whenAnswering } from "./installed-runtime.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const pages = join(root, "test", "core-pages");
const tsconfig = join(root, "tsconfig.json");
const onCi = process.env["CI"] === "true";

// The repository's tsconfig maps the packages to their sources; the package
// name itself goes to the browser entry, as its `browser` condition does.
const browserEntry: Plugin = {
  name: "browser-entry",
  setup(build) {
    build.onResolve({ filter: /^@checks-api\/fake-server$/ }, () => ({ path: join(root, "packages/fake-server/src/browser.ts") }));
  },
};

async function bundle(page: string, plugins: Plugin[] = []): Promise<string> {
  const result = await bundleForBrowser({ entryPoints: [join(pages, page)], tsconfig, plugins });
  return result.outputFiles![0]!.text;
}

const html = (script: string) => `<!doctype html><meta charset="utf-8"><title>fake</title><script type="module" src="/${script}"></script>`;

describe.skipIf(!chromiumInstalled() && !onCi)("the fake's core in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const files: Record<string, { type: string; body: string }> = {
      "/sdk.html": { type: "text/html", body: html("sdk.js") },
      "/sdk.js": { type: "text/javascript", body: await bundle("sdk-page.ts") },
      "/msw.html": { type: "text/html", body: html("msw.js") },
      "/msw.js": { type: "text/javascript", body: await bundle("msw-page.ts", [browserEntry]) },
      "/mockServiceWorker.js": { type: "text/javascript", body: readFileSync(join(root, "node_modules/msw/lib/mockServiceWorker.js"), "utf8") },
    };
    server = createServer((req, res) => {
      const file = files[req.url ?? ""];
      res.writeHead(file ? 200 : 404, { "Content-Type": file?.type ?? "text/plain" }).end(file?.body ?? "not here");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function resultOf(path: string): Promise<Record<string, unknown>> {
    const page = await browser.newPage();
    const failed = new Promise<never>((_, reject) => page.on("pageerror", reject));
    await page.goto(`${origin}${path}`);
    const result = await Promise.race([
      failed,
      page.waitForFunction(() => (globalThis as { result?: unknown }).result, undefined, { timeout: 20_000 }).then(() =>
        page.evaluate(() => (globalThis as { result?: unknown }).result as Record<string, unknown>),
      ),
    ]).finally(() => page.close());
    expect(result).not.toHaveProperty("error");
    return result;
  }

  it("runs the SDK's fetch entry against fake.handle(): create, ping, list, the clock, export and import, alerts through notifications.fetch", async () => {
    const result = await resultOf("/sdk.html");
    expect(result).toMatchObject({
      hasProcess: false,
      hasBuffer: false,
      listed: [{ name: "status board", n_pings: 1, status: "up" }],
      pingBody: btoa("ok from the browser"),
      statusAfterTimeout: "down",
      copied: [{ name: "status board", status: "down" }],
      delivery: "record",
      received: ["POST https://hooks.example.com/down backup is down"],
      outbox: ["webhook \"\"", "email \"\""],
    });
  }, 60_000);

  it("throws a clear error, naming what is missing, from each Node-only feature", async () => {
    const result = await resultOf("/sdk.html");
    expect(result["listen"]).toMatch(/^listen\(\) needs Node\.js \(node:http\)/);
    expect(result["listenSmtp"]).toMatch(/^listenSmtp\(\) needs Node\.js \(node:net\)/);
    expect(result["dispatcher"]).toMatch(/^dispatcher\(\) needs Node\.js \(undici\)/);
    expect(result["send"]).toMatch(/^notifications\.delivery "send" needs Node\.js \(node:net and node:tls; pass notifications\.fetch/);
  }, 60_000);

  it("answers through msw's service worker with fake.handlers(), leaving other paths alone", async () => {
    const result = await resultOf("/msw.html");
    expect(result).toEqual({
      pingStatus: 200,
      pingText: "OK",
      listed: [{ name: "behind the worker", n_pings: 1 }],
      journal: ["POST createCheck 201", "POST ping 200", "GET listChecks 200"],
      unhandledStatus: 404,
    });
  }, 60_000);
});

describe("the fake's core on workerd", () => {
  const workerd = findRuntime("workerd", "workerd@^1");
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "fake-workerd-"));
    writeFileSync(join(folder, "worker.mjs"), await bundle("worker.ts"));
    copyFileSync(join(pages, "worker.capnp"), join(folder, "worker.capnp"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("serves fake.handle as a module worker: the SDK creates, pings and lists checks through it", async (context) => {
    if ("missing" in workerd) {
      if (onCi) throw new Error(workerd.missing);
      return context.skip(workerd.missing);
    }
    const url = `http://127.0.0.1:${await freePort()}`;
    const server = run(workerd.bin, ["serve", "worker.capnp", `--socket-addr=http=${new URL(url).host}`], { cwd: folder });
    context.onTestFinished(async () => {
      server.child.kill("SIGTERM");
      await server.exit;
    });
    await whenAnswering(`${url}/`, server);
    const project = (await (await fetch(`${url}/setup`, { method: "POST" })).json()) as { readWriteKey: string };
    const client = new ChecksClient({ apiKey: project.readWriteKey, baseUrl: url });
    const check = await client.checks.create({ name: "on workerd", tags: "edge" });
    expect(check.ping_url).toBe(`${url}/ping/${check.uuid}`);
    await client.ping(check.uuid).success();
    const listed = await client.checks.list({ tag: "edge" });
    expect(listed.map(({ name, n_pings, status }) => ({ name, n_pings, status }))).toEqual([{ name: "on workerd", n_pings: 1, status: "up" }]);
    const badge = await fetch(`${url}/badge/${(await client.badges.list())["*"]!.json.split("/badge/")[1]}`);
    expect(await badge.json()).toEqual({ status: "up", total: 1, grace: 0, down: 0 });
  }, 90_000);
});
