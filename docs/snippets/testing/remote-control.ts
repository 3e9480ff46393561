import { FakeServerClient } from "@checks-api/fake-server";
import { checkUuid, ChecksClient } from "@checks-api/sdk";

// A fake started elsewhere, e.g. `npx -p @checks-api/fake-server checks-fake-server --port 8000 --clock virtual` in another CI step.
const url = process.env.CHECKS_FAKE_URL ?? "http://127.0.0.1:8000";
const control = new FakeServerClient({ url });

await control.reset();
const project = await control.createProject({ name: "e2e" });
const backups = await control.createCheck(project.id, { name: "backups", timeout: 3600, grace: 300 });

// … run the system under test against `url` with project.readWriteKey; here, the job's one run pings …
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: url });
await client.ping(checkUuid(backups)).success();
// A check that never pinged stays "new" however long it waits; this one pinged, then missed its next run.
await control.clock.advance(2 * 60 * 60_000); // two hours later: past the timeout and the grace
console.log((await client.checks.list()).map((check) => `${check.name}: ${check.status}`)); // [ 'backups: down' ]
console.log(await control.journal());
