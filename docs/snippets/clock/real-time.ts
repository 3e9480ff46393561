import { FakeServer } from "@checks-api/fake-server";
import { expect, it } from "vitest";

it("alerts when a check stops pinging, on real time alone", async () => {
  // Alerts reach this function instead of the network.
  let alerted!: (url: string) => void;
  const alert = new Promise<string>((resolve) => (alerted = resolve));
  const fake = new FakeServer({
    clock: { mode: "real" },
    notifications: { fetch: async (request) => (alerted(request.url), new Response("ok")) },
  });
  const project = fake.createProject();
  fake.addChannel(project.id, {
    kind: "webhook",
    value: JSON.stringify({
      method_down: "GET",
      url_down: "https://hooks.example.com/$NAME/$STATUS",
      body_down: "",
      headers_down: {},
      method_up: "GET",
      url_up: "",
      body_up: "",
      headers_up: {},
    }),
  });
  const check = fake.createCheck(project.id, { name: "backup", timeout: 60, grace: 60, channels: "*" });
  await fake.handle(new Request(check.ping_url!));

  // Down two minutes after the ping: skip to a second before that, then only wait.
  fake.clock.advance(119_000);
  expect(await alert).toBe("https://hooks.example.com/backup/down"); // no request, no settled()
  expect(fake.notifications()[0]!.flip).toMatchObject({ status: "down", reason: "timeout" });
  await fake.close(); // clears the fake's timer
});
