// A page whose requests msw's service worker answers with the fake: the
// SDK's fetch entry, and a plain `fetch`, reach it at the page's own origin.
import { ChecksClient } from "@checks-api/sdk/fetch";
import { FakeServer } from "@checks-api/fake-server";
import { setupWorker } from "msw/browser";

async function run() {
  const fake = new FakeServer();
  const project = fake.createProject();
  const baseUrl = `${location.origin}/hc`;
  const worker = setupWorker(...fake.handlers({ baseUrl }));
  await worker.start({ quiet: true, onUnhandledRequest: "bypass", serviceWorker: { url: "/mockServiceWorker.js" } });
  const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl });
  const check = await client.checks.create({ name: "behind the worker" });
  const ping = await fetch(`${baseUrl}/ping/${check.uuid}`, { method: "POST", body: "hello" });
  const listed = await client.checks.list();
  const unhandled = await fetch("/elsewhere");
  worker.stop();
  return {
    pingStatus: ping.status,
    pingText: await ping.text(),
    listed: listed.map(({ name, n_pings }) => ({ name, n_pings })),
    journal: fake.journal().map(({ method, operation, status }) => `${method} ${operation} ${status}`),
    unhandledStatus: unhandled.status,
  };
}

(globalThis as { result?: unknown }).result = run().catch((error: unknown) => ({ error: error instanceof Error ? error.stack : String(error) }));
