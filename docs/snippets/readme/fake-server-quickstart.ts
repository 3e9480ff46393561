import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";

const fake = new FakeServer(); // the whole service in memory, on a virtual clock
const project = fake.createProject();
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });

const { uuid } = await client.checks.create({ name: "backups", timeout: 3600, grace: 300 });
await client.ping(uuid).success();
fake.clock.advance(66 * 60_000); // past the period and the grace time
console.log((await client.checks.get(uuid)).status); // "down"
