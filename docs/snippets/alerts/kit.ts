import { channels } from "@checks-api/fake-server";
import { test } from "@checks-api/fake-server/vitest";
import { expect } from "vitest";

// A webhook that posts for "down" and sends a GET for "up" (a direction left out sends nothing).
const onCall = channels.webhook({
  down: {
    method: "POST",
    url: "https://alerts.example.com/hooks/checks",
    body: '{"check": $NAME_JSON, "status": "$STATUS"}',
    headers: { "Content-Type": "application/json" },
  },
  up: { method: "GET", url: "https://alerts.example.com/hooks/resolved?check=$NAME" },
});

test("the on-call webhook fires when the nightly backup misses its run", async ({ fake, project, client }) => {
  fake.addChannel(project.id, { ...onCall, name: "on-call" });
  const check = await client.checks.create({ name: "nightly backup", timeout: 86_400, grace: 3_600, channels: "*" });
  await client.ping(check.uuid).success();
  fake.advanceToNextChange({ check: check.uuid }); // late
  fake.advanceToNextChange({ check: check.uuid }); // down: the timeout notifies

  // The fixture's fake records each delivery with the request it would send, and sends nothing.
  await expect(fake).toHaveNotified({ check: check.uuid, channel: "on-call", status: "down", to: "https://alerts.example.com/hooks/checks" });
  const [alert] = fake.notifications({ check: check.uuid, kind: "webhook", status: "down" });
  expect(JSON.parse(alert!.requests[0]!.body!)).toEqual({ check: "nightly backup", status: "down" });

  await expect(fake).not.toHaveNotified({ status: "up" });
  await client.ping(check.uuid).success(); // back up: the "up" direction's GET
  await expect(fake).toHaveNotified({ status: "up", to: "https://alerts.example.com/hooks/resolved?check=nightly%20backup" });
});
