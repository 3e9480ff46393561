import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";

const fake = new FakeServer({ compat: "live", clock: { start: "2026-01-15T08:00:00Z" } });
const project = fake.createProject();
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });
const status = async (uuid: string) => (await client.checks.get(uuid)).status;

// Every day at 09:00 in Riga (07:00 UTC in winter), with 30 minutes of grace.
const { uuid } = await client.checks.create({ name: "report", schedule: "0 9 * * *", tz: "Europe/Riga", grace: 1800 });
await client.ping(uuid).success();
assert.equal(await status(uuid), "up");

fake.clock.set("2026-01-16T07:10:00Z"); // the 09:00 run is 10 minutes overdue
assert.equal(await status(uuid), "grace");
fake.clock.advance(25 * 60_000); // 07:35 UTC: past the grace time
assert.equal(await status(uuid), "down");

// The flip is dated when the grace time ran out, not when the clock was moved.
assert.deepEqual((await client.flips.list(uuid))[0], { timestamp: "2026-01-16T07:30:00+00:00", up: 0 });
assert.equal(fake.clock.now().toISOString(), "2026-01-16T07:35:00.000Z");
