import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient, ConnectionError, TimeoutError } from "@checks-api/sdk";

const fake = new FakeServer();
const project = fake.createProject();
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });

// A slow answer: the create is applied at once, the client gives up on the answer.
fake.inject({ operation: "createCheck", latencyMs: 5_000 });
await assert.rejects(client.checks.create({ name: "slow" }, { timeout: 100 }), TimeoutError);
assert.deepEqual((await client.checks.list()).map((check) => check.name), ["slow"]);

// Dropped before it is applied: nothing changes. Dropped after: the check exists.
fake.inject({ operation: "createCheck", drop: true });
await assert.rejects(client.checks.create({ name: "never" }), ConnectionError);
fake.inject({ operation: "createCheck", dropAfterApplying: true });
await assert.rejects(client.checks.create({ name: "applied" }), ConnectionError);
assert.deepEqual((await client.checks.list()).map((check) => check.name), ["slow", "applied"]);

// The journal tells what became of each answer.
const creates = fake.journal().filter((entry) => entry.operation === "createCheck");
assert.deepEqual(
  creates.map(({ status, fault, answer }) => [status, fault, answer]),
  [[201, "latency 5000ms", "client left"], [0, "drop", "dropped"], [201, "drop after applying", "dropped"]],
);
