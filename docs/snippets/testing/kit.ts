import { channels } from "@checks-api/fake-server";
import { test } from "@checks-api/fake-server/vitest";
import { describe, expect } from "vitest";

// Each test gets a fresh fake, a project of it and a ChecksClient for that project: no setup, no teardown.
test("a failed backup is logged and alerts on call", async ({ fake, project, client }) => {
  fake.addChannel(project.id, { ...channels.email("oncall@example.com"), name: "on-call" });
  const check = await client.checks.create({ name: "nightly backup", timeout: 86_400, grace: 3_600, channels: "*" });

  await client.ping(check.uuid).fail({ body: "disk full" });

  expect(fake).toHaveReceivedPing(check.uuid, { type: "fail", body: /disk full/ });
  await expect(fake).toHaveNotified({ check: check.uuid, channel: "on-call", status: "down" }); // waits for the delivery
  expect(fake).toHaveHandled({ operation: "createCheck", status: 201 });
  expect(fake).not.toHaveHandled({ operation: "deleteCheck" });
});

// A suite chooses the fake's options: here the live service's answers, and where the virtual clock starts.
describe("in live mode, from a fixed moment", () => {
  test.override({ fakeOptions: { compat: "live", clock: { start: "2026-03-02T01:00:00Z" } } });

  test("a check that misses its run goes down", async ({ fake, client }) => {
    const check = await client.checks.create({ name: "nightly backup", timeout: 86_400, grace: 3_600 });
    await client.ping(check.uuid).success();
    fake.advanceToNextChange({ check: check.uuid }); // late
    expect(fake.advanceToNextChange({ check: check.uuid })).toMatchObject({ to: "down", at: Date.parse("2026-03-03T02:00:00Z") });
    expect((await client.checks.get(check.uuid)).status).toBe("down");
  });
});
