import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk";
import { expect, it } from "vitest";

// The code under test: the endpoint that receives the fake's webhooks and pages whoever is on call.
const pages: string[] = [];
async function alertReceiver(request: Request): Promise<Response> {
  const alert = (await request.json()) as { check: string; status: string; at: string };
  if (alert.status === "down") pages.push(`${alert.check} is down since ${alert.at}`);
  return new Response(null, { status: 204 });
}

// Stored as the service stores a webhook's settings: method, URL, body and headers for each direction.
const webhookSettings = JSON.stringify({
  method_down: "POST",
  url_down: "https://alerts.example.com/hooks/checks",
  body_down: '{"check": $NAME_JSON, "status": "$STATUS", "at": "$NOW"}',
  headers_down: { "Content-Type": "application/json" },
  method_up: "GET",
  url_up: "https://alerts.example.com/hooks/checks?check=$NAME&status=$STATUS",
  body_up: "",
  headers_up: {},
});

it("pages on call when the nightly backup misses its run", async () => {
  const fake = new FakeServer({
    clock: { start: "2026-03-02T01:00:00Z" },
    // Every webhook delivery is handed to the receiver in-process: no socket, no port.
    notifications: { fetch: alertReceiver },
  });
  const project = fake.createProject();
  const channel = fake.addChannel(project.id, { kind: "webhook", name: "on-call", value: webhookSettings });
  const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });

  const check = await client.checks.create({ name: "nightly backup", timeout: 86_400, grace: 3_600, channels: "*" });
  await client.ping(check.uuid!).success();

  // Jump to the moments the status changes by time alone: first late, then down. No period + grace arithmetic.
  expect(fake.advanceToNextChange({ check: check.uuid! })).toMatchObject({ from: "up", to: "grace" });
  const down = fake.advanceToNextChange({ check: check.uuid! });
  expect(down).toMatchObject({ from: "grace", to: "down", at: Date.parse("2026-03-03T02:00:00Z") });

  await fake.settled(); // every due delivery has finished
  expect(pages).toEqual(["nightly backup is down since 2026-03-03T02:00:00+00:00"]);

  const [record] = fake.notifications();
  expect(record).toMatchObject({
    channel: { id: channel.id, name: "on-call", kind: "webhook" },
    check: check.uuid,
    flip: { status: "down", reason: "timeout", time: "2026-03-03T02:00:00.000Z" },
    error: "",
  });
  expect(record!.requests.map(({ method, url, status }) => [method, url, status])).toEqual([
    ["POST", "https://alerts.example.com/hooks/checks", 204],
  ]);
});
