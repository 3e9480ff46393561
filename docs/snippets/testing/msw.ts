import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient, ServerError } from "@checks-api/sdk";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";

// The fake answers for the URL your code is configured with.
const fake = new FakeServer({ baseUrl: "https://checks.example.com" });
const project = fake.createProject();
const server = setupServer(...fake.handlers());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers()); // drops a test's own handlers (server.use); the fake's stay
afterAll(() => server.close());

// msw intercepts the global fetch, not undici (the SDK's default in Node). With transport: "fetch" the
// client looks the global fetch up at each request, so it may be built before server.listen() runs.
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: "https://checks.example.com", transport: "fetch" });

it("serves code that sends with fetch", async () => {
  const check = await client.checks.create({ name: "backups" });
  expect(check.ping_url).toBe(`https://checks.example.com/ping/${check.uuid}`);
  expect(fake.journal().map((entry) => [entry.operation, entry.status])).toEqual([["createCheck", 201]]);
});

it("reports an outage of the service: one answer overridden for this test", async () => {
  // In front of the fake's handlers, for this test only: an answer the fake would not give.
  server.use(http.get("https://checks.example.com/api/v3/checks/", () => HttpResponse.text("upstream down", { status: 503 })));
  await expect(client.checks.list({}, { retries: 0 })).rejects.toBeInstanceOf(ServerError);
  await expect(client.checks.create({ name: "reports" })).resolves.toMatchObject({ name: "reports" }); // the rest reaches the fake
});

it("lists from the fake again in the next test", async () => {
  expect((await client.checks.list()).map((check) => check.name)).toEqual(["backups", "reports"]);
});
