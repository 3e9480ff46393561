/**
 * Testing what a check's integrations receive with msw standing in for the
 * chat service: the fake sends its Slack delivery through the global
 * `fetch`, msw answers the webhook URL and keeps the payload, and the test
 * asserts on it and on the fake's outbox.
 *
 * Run: node_modules/.bin/vitest run --config vitest.workspace.ts --project examples examples/testing/alerts-with-msw
 */
import { FakeServer } from "@checks-api/fake-server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";

// msw stands in for the chat service: it answers the webhook URL and keeps what it was sent.
const posted: unknown[] = [];
const server = setupServer(
  http.post("https://chat.example.com/hooks/ops", async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.text("ok");
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

it("posts a Slack message when a job reports a failure", async () => {
  // msw replaces the global fetch in server.listen(): look it up at each delivery, not now.
  const fake = new FakeServer({ notifications: { fetch: (request) => fetch(request) } });
  const project = fake.createProject({ name: "Backups" });
  fake.addChannel(project.id, { kind: "slack", value: "https://chat.example.com/hooks/ops" });
  const check = fake.createCheck(project.id, { name: "db-dump", channels: "*" });

  await fake.handle(new Request(`${check.ping_url}/fail`)); // the job's own failure ping
  await fake.settled();

  expect(posted).toMatchObject([{ attachments: [{ color: "danger", title: "“db-dump” is DOWN.", text: "Reason: received a failure signal." }] }]);
  expect(fake.notifications().map((record) => [record.channel.kind, record.flip.reason, record.error])).toEqual([["slack", "fail", ""]]);
});
