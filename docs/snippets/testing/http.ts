import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { expect, it } from "vitest";

it("serves over real HTTP on a free port", async () => {
  const fake = new FakeServer();
  const server = await fake.listen({ host: "127.0.0.1", port: 0 });
  try {
    const project = fake.createProject();
    const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: server.url });
    await client.checks.create({ name: "over http" });
    expect((await client.checks.list()).length).toBe(1);
  } finally {
    await server.close();
  }
});
