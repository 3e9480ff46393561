import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";

// The fake answers for the URL your code is configured with.
const fake = new FakeServer({ baseUrl: "https://checks.example.com" });
const project = fake.createProject();
const server = setupServer(...fake.handlers());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

// msw intercepts the global fetch, not undici (the SDK's default in Node). With transport: "fetch" the
// client looks the global fetch up at each request, so it may be built before server.listen() runs.
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: "https://checks.example.com", transport: "fetch" });

it("serves code that sends with fetch", async () => {
  const check = await client.checks.create({ name: "backups" });
  expect(check.ping_url).toBe(`https://checks.example.com/ping/${check.uuid}`);
  expect(fake.journal().map((entry) => [entry.operation, entry.status])).toEqual([["createCheck", 201]]);
});
