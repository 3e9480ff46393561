import { FakeServer } from "@checks-api/fake-server";
import { expect, it } from "vitest";

// A receiver that never answers; it lets go only when the fake aborts the attempt.
const hang = (request: Request) =>
  new Promise<Response>((_resolve, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));

it("gives up on a receiver that hangs, after three attempts of attemptTimeoutMs", async () => {
  const fake = new FakeServer({ notifications: { fetch: hang, attemptTimeoutMs: 50 } });
  const project = fake.createProject();
  fake.addChannel(project.id, { kind: "rocketchat", value: "https://chat.example.com/hooks/ops" });
  const check = fake.createCheck(project.id, { name: "backup", channels: "*" });

  const answer = await fake.handle(new Request(`${check.ping_url}/fail`));
  expect(answer.status).toBe(200); // the ping is answered at once: deliveries run afterwards

  await fake.settled();
  expect(fake.notifications()[0]).toMatchObject({ error: "Connection timed out" });
  expect(fake.notifications()[0]!.requests).toHaveLength(3);
});

it("does not wait for a hanging receiver when it is closed", async () => {
  const fake = new FakeServer({ notifications: { fetch: hang } }); // 30 s per attempt, as the service allows
  const project = fake.createProject();
  fake.addChannel(project.id, { kind: "rocketchat", value: "https://chat.example.com/hooks/ops" });
  const check = fake.createCheck(project.id, { name: "backup", channels: "*" });
  await fake.handle(new Request(`${check.ping_url}/fail`));

  await fake.close(); // aborts the delivery under way instead of waiting 30 s for it
  expect(fake.notifications()[0]?.error).toBe("Delivery aborted: the fake server was closed");
});
