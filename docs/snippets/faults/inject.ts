import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient, ConnectionError, ServerError } from "@checks-api/sdk";

const fake = new FakeServer();
const project = fake.createProject();
const client = new ChecksClient({
  apiKey: project.readWriteKey!,
  baseUrl: fake.options.baseUrl,
  dispatcher: fake.dispatcher(),
  retry: { initialDelayMs: 1, maxDelayMs: 5, retryAfterScale: 0.001 }, // keep the test fast
});

// The next list answers 429 with Retry-After; the SDK waits and repeats it.
fake.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "2" } });
const { response } = await client.checks.list().withResponse();
assert.equal(response.attempts, 2);

// Three 503s in a row exhaust the default two retries.
fake.inject({ operation: "listChecks", status: 503, times: 3 });
await assert.rejects(client.checks.list(), ServerError);

// A dropped connection on every create: never repeated, since it may have reached the server.
fake.inject({ operation: "createCheck", drop: true, times: Infinity });
await assert.rejects(client.checks.create({ name: "x" }), ConnectionError);
fake.clearFaults();

// The journal shows what happened, secrets masked.
const faulty = fake.journal().filter((entry) => entry.fault !== undefined);
assert.deepEqual(
  faulty.map((entry) => [entry.operation, entry.fault]),
  [["listChecks", "status 429"], ["listChecks", "status 503"], ["listChecks", "status 503"], ["listChecks", "status 503"], ["createCheck", "drop"]],
);
