import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";

// The fake answers for the URL your code is configured with.
const fake = new FakeServer({ baseUrl: "https://checks.example.com" });
const server = setupServer(...fake.handlers());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => fake.reset()); // projects, checks, journal and faults; the clock is kept
afterAll(() => server.close());

it("serves code that sends with fetch", async () => {
  const project = fake.createProject();
  const client = new ChecksClient({
    apiKey: project.readWriteKey!,
    baseUrl: "https://checks.example.com",
    fetch: (url, init) => fetch(url, init), // msw intercepts the global fetch, not undici's own requests
  });
  const check = await client.checks.create({ name: "backups" });
  expect(check.ping_url).toMatch(/^https:\/\/checks\.example\.com\/ping\//);
});
