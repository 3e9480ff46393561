import { FakeServerClient } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";

// A fake started elsewhere, e.g. `npx -p @checks-api/fake-server checks-fake-server --port 8000 --clock virtual` in another CI step.
const url = process.env.CHECKS_FAKE_URL ?? "http://127.0.0.1:8000";
const control = new FakeServerClient({ url });

await control.reset();
const project = await control.createProject({ name: "e2e" });
await control.createCheck(project.id, { name: "backups", timeout: 3600, grace: 300 });

// … run the system under test against `url` with project.readWriteKey …
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: url });
await control.clock.advance(2 * 60 * 60_000); // two hours later
console.log((await client.checks.list()).map((check) => `${check.name}: ${check.status}`));
console.log(await control.journal());
