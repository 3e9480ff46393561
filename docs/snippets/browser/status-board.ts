import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk/fetch";

// The fake in the page itself: the client's fetch goes to fake.handle().
const fake = new FakeServer();
const project = fake.createProject();
const client = new ChecksClient({
  apiKey: project.readWriteKey!,
  baseUrl: fake.options.baseUrl,
  fetch: (input, init) => fake.handle(new Request(input, init)),
});

const check = await client.checks.create({ name: "nightly backup", timeout: 86_400, grace: 3_600 });
await client.ping(check.uuid).success();
fake.clock.advance(2 * 86_400_000); // two days without a ping
const board = (await client.checks.list()).map(({ name, status }) => `${name}: ${status}`);
if (board.join() !== "nightly backup: down") throw new Error(`unexpected board: ${board.join()}`);
