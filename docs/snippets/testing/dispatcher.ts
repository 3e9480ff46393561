import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { expect, it } from "vitest";

it("lists the checks of a tag", async () => {
  const fake = new FakeServer();
  const project = fake.createProject();
  fake.createCheck(project.id, { name: "backups", tags: "prod" }); // seed without going through HTTP
  const client = new ChecksClient({
    apiKey: project.readWriteKey!,
    baseUrl: fake.options.baseUrl,
    dispatcher: fake.dispatcher(), // in-process: no socket, no port
  });

  await client.checks.create({ name: "reports", tags: "staging" });
  expect((await client.checks.list({ tag: "prod" })).map((check) => check.name)).toEqual(["backups"]);
  expect(fake.journal().map((entry) => [entry.operation, entry.status])).toEqual([
    ["createCheck", 201],
    ["listChecks", 200],
  ]);
});
