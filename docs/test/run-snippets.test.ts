/**
 * The snippets run. A snippet written as a vitest test (it imports "vitest")
 * is loaded here and its tests join this file; any other runs as a script
 * and fails on its first broken assertion. A snippet that takes its service
 * from the environment (`CHECKS_API_URL`, the keys) runs as the docs tell a
 * reader to run it: against a local fake server, with nothing but those
 * variables set — which also shows it does not hard-code another service.
 */
import { FakeServer, listen, type RunningServer } from "@checks-api/fake-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { environment, READS_ENVIRONMENT } from "../runner/environment.js";
import { readSnippet, snippetFiles } from "../scripts/snippets.js";
import { runScript, snippetUrl as url } from "./run-under-node.js";

/** Snippets that cannot run here, and why. */
const NOT_RUN: Record<string, string> = {
  "browser/msw-worker.ts": "runs in a browser page (msw's service worker)",
  "browser/vite-config.ts": "a Vite configuration, which the reader's dev server loads",
  "getting-started/from-environment.ts": "also talks to a second service at a made-up host",
  "ping/monitor.ts": "runs a backup script the reader has and this repository does not",
  "testing/remote-control.ts": "resets the fake server it drives (CHECKS_FAKE_URL): remote-control.test.ts runs it against one of its own",
};

const fromEnvironment = snippetFiles().filter((snippet) => READS_ENVIRONMENT.test(readSnippet(snippet)));
const standalone = snippetFiles().filter((snippet) => !fromEnvironment.includes(snippet) && !(snippet in NOT_RUN));

it("runs the snippets of the guides and the README", () => {
  expect(standalone.length).toBeGreaterThanOrEqual(8);
  expect(fromEnvironment).toEqual(expect.arrayContaining(["readme/sdk-quickstart.ts", "getting-started/first-client.ts", "errors/catch.ts"]));
});

for (const snippet of standalone) {
  if (/from "vitest"/.test(readSnippet(snippet))) {
    await import(url(snippet));
  } else {
    it(`runs ${snippet}`, async () => {
      await import(url(snippet));
    });
  }
}

let fake: FakeServer;
let server: RunningServer;
beforeAll(async () => {
  fake = new FakeServer();
  server = await listen(fake, { port: 0 });
});
afterAll(() => server?.close());

for (const snippet of fromEnvironment.filter((name) => !(name in NOT_RUN))) {
  it(`runs ${snippet} against a local fake with only the environment set`, async () => {
    const before = fake.journal().length;
    await runScript(snippet, environment(fake, server.url));
    // A snippet that sends requests reached the local fake.
    if (/\bawait\b/.test(readSnippet(snippet))) expect(fake.journal().length).toBeGreaterThan(before);
  });
}
