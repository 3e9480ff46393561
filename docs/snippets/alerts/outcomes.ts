import { FakeServer } from "@checks-api/fake-server";
import { expect, it } from "vitest";

const down = (url: string) =>
  JSON.stringify({ method_down: "GET", url_down: url, body_down: "", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} });

it("retries a failing receiver three times, and never lets it stop the other integrations", async () => {
  const fake = new FakeServer({
    notifications: {
      fetch: async (request) => new Response(null, { status: request.url.includes("/broken") ? 500 : 200 }),
    },
  });
  const project = fake.createProject();
  const broken = fake.addChannel(project.id, { kind: "webhook", name: "broken", value: down("https://hooks.example.com/broken") });
  fake.addChannel(project.id, { kind: "email", name: "ops", value: JSON.stringify({ value: "ops@example.com", up: false, down: true }) });
  fake.addChannel(project.id, { kind: "pd", name: "pager" }); // PagerDuty without settings: recorded, nothing sent
  const check = fake.createCheck(project.id, { name: "backup", channels: "*" });

  await fake.handle(new Request(`${check.ping_url}/1`)); // exit status 1: the check goes down
  await fake.settled();

  const [webhook, email, pager] = fake.notifications();
  expect(webhook!.error).toBe("Received status code 500");
  expect(webhook!.requests.map((request) => request.status)).toEqual([500, 500, 500]);
  expect(email!.error).toBe("");
  expect(email!.email).toMatchObject({ to: "ops@example.com", subject: "DOWN | backup" });
  expect(email!.email!.text).toContain('The check "backup" has gone down.');
  expect(pager).toMatchObject({ channel: { kind: "pd" }, error: "", requests: [], email: null });
  // The integration keeps the error of its last delivery, as the service's integrations page shows it.
  expect(fake.channels(project.id).find((channel) => channel.id === broken.id)?.lastError).toBe("Received status code 500");
});

it("records what it would send, without sending, in record mode", async () => {
  const fake = new FakeServer({ notifications: { delivery: "record" } });
  const project = fake.createProject();
  fake.addChannel(project.id, { kind: "webhook", value: down("http://127.0.0.1:9/down?check=$NAME&at=$NOW") });
  const check = fake.createCheck(project.id, { name: "db dump", channels: "*" });

  await fake.handle(new Request(`${check.ping_url}/fail`));
  await fake.settled();

  const [record] = fake.notifications();
  const now = encodeURIComponent(record!.flip.time.replace(/\.\d+Z$/, "+00:00"));
  expect(record!.requests).toMatchObject([{ method: "GET", url: `http://127.0.0.1:9/down?check=db%20dump&at=${now}`, status: null }]);
  expect(record!.error).toBe("");
});
