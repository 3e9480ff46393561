import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk/fetch";
import { setupWorker } from "msw/browser";

// Every request the page makes under /hc is answered by the fake, in the browser.
const fake = new FakeServer();
const project = fake.createProject();
fake.createCheck(project.id, { name: "nightly backup", tags: "prod" });

const baseUrl = `${location.origin}/hc`;
const worker = setupWorker(...fake.handlers({ baseUrl }));
await worker.start({ onUnhandledRequest: "bypass" });

// The application's own code, unchanged: it talks to `baseUrl`.
const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl });
console.log(await client.checks.list({ tag: "prod" }));
