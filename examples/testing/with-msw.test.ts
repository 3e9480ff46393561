/**
 * Testing application code with the fake server behind msw: the code under
 * test uses `fetch` against its usual URL, msw hands every request to the
 * fake, and the test moves the fake's virtual clock, injects a fault and
 * reads the fake's request journal.
 *
 * Run: node_modules/.bin/vitest run --config vitest.workspace.ts --project examples examples/testing/with-msw
 */
import { FakeServer } from "@checks-api/fake-server";
import { checkUuid, ChecksClient, PingClient, ReadOnlyChecksClient } from "@checks-api/sdk";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { healthSummary } from "./app.js";

// The URL the application is configured with; msw routes it to the fake.
const SERVICE_URL = "https://checks.example.com";
const fake = new FakeServer({ baseUrl: SERVICE_URL, clock: { start: "2026-01-15T12:00:00Z" } });
const server = setupServer(...fake.handlers());

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => fake.reset());
afterAll(() => server.close());

// msw intercepts the global fetch, not undici (the SDK's default in Node): transport "fetch" sends
// with the global fetch as it is at each request, after server.listen() replaced it.
const options = { baseUrl: SERVICE_URL, transport: "fetch", retry: { initialDelayMs: 1, maxDelayMs: 5 } } as const;

it("sees a check go late, then down, as the virtual clock moves", async () => {
  const project = fake.createProject();
  const check = fake.createCheck(project.id, { name: "Queue worker", timeout: 300, grace: 120 });
  await new PingClient(options).ping(checkUuid(check)).success();
  const dashboard = new ReadOnlyChecksClient({ apiKey: project.readOnlyKey!, ...options });

  expect(await healthSummary(dashboard)).toEqual({ late: [], down: [] });
  fake.clock.advance(6 * 60_000);
  expect(await healthSummary(dashboard)).toEqual({ late: ["Queue worker"], down: [] });
  fake.clock.advance(60_000);
  expect(await healthSummary(dashboard)).toEqual({ late: [], down: ["Queue worker"] });
});

it("gets its answer through a server error, thanks to the SDK's retries", async () => {
  const project = fake.createProject();
  fake.createCheck(project.id, { name: "Nightly backups" });
  fake.inject({ operation: "listChecks", status: 503 });
  const client = new ChecksClient({ apiKey: project.readWriteKey!, ...options });

  expect(await healthSummary(client)).toEqual({ late: [], down: [] });
  const calls = fake.journal().filter((entry) => entry.operation === "listChecks");
  expect(calls.map((entry) => [entry.status, entry.keyKind])).toEqual([
    [503, null],
    [200, "read-write"],
  ]);
});
