// A page of a front-end built on the SDK's fetch entry, developed against the
// fake in the page itself: the client's `fetch` is `fake.handle()`. It also
// calls each Node-only feature, which must fail saying what it needs.
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient } from "@checks-api/sdk/fetch";

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function run() {
  const fake = new FakeServer();
  const project = fake.createProject();
  const client = new ChecksClient({
    apiKey: project.readWriteKey!,
    baseUrl: fake.options.baseUrl,
    fetch: (input, init) => fake.handle(new Request(input, init)),
  });
  const check = await client.checks.create({ name: "status board", timeout: 60, grace: 60 });
  await client.ping(check.uuid).success({ body: "ok from the browser" });
  const listed = await client.checks.list();
  fake.clock.advance(121_000);
  const state = fake.exportState();
  const copy = new FakeServer();
  copy.importState(state);
  // Alerts through the page's own function: a webhook and an email (recorded) on the flip to down.
  const received: string[] = [];
  const alerting = new FakeServer({
    notifications: {
      fetch: async (request) => {
        received.push(`${request.method} ${request.url} ${await request.text()}`);
        return new Response(null, { status: 204 });
      },
    },
  });
  const team = alerting.createProject();
  alerting.addChannel(team.id, {
    kind: "webhook",
    value: JSON.stringify({ method_down: "POST", url_down: "https://hooks.example.com/down", body_down: "$NAME is $STATUS", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} }),
  });
  alerting.addChannel(team.id, { kind: "email", value: "oncall@example.com" });
  const alerted = alerting.createCheck(team.id, { name: "backup", timeout: 60, grace: 60, channels: "*" });
  await alerting.handle(new Request(alerted.ping_url));
  alerting.advanceToNextChange({ check: alerted.uuid! });
  alerting.advanceToNextChange({ check: alerted.uuid! });
  await alerting.settled();
  let send = "";
  try {
    new FakeServer({ notifications: { delivery: "send" } });
  } catch (error) {
    send = message(error);
  }
  return {
    hasProcess: typeof (globalThis as { process?: unknown }).process !== "undefined",
    hasBuffer: typeof (globalThis as { Buffer?: unknown }).Buffer !== "undefined",
    listed: listed.map(({ name, n_pings, status }) => ({ name, n_pings, status })),
    pingBody: fake.pings(check.uuid)[0]?.body,
    statusAfterTimeout: (await client.checks.get(check.uuid)).status,
    copied: copy.checks(project.id).map(({ name, status }) => ({ name, status })),
    delivery: fake.options.notifications.delivery,
    listen: await fake.listen().then(() => "listening", message),
    listenSmtp: await fake.listenSmtp().then(() => "listening", message),
    dispatcher: (() => {
      try {
        fake.dispatcher();
        return "made";
      } catch (error) {
        return message(error);
      }
    })(),
    send,
    received,
    outbox: alerting.notifications().map(({ channel, error }) => `${channel.kind} ${JSON.stringify(error)}`),
  };
}

(globalThis as { result?: unknown }).result = run().catch((error: unknown) => ({ error: error instanceof Error ? error.stack : String(error) }));
