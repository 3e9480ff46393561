/**
 * Testing application code with the fake server in-process: the SDK sends
 * through the fake's undici dispatcher (no socket, no port), and the test
 * moves the fake's virtual clock to watch a check go late, then down.
 *
 * Run: node_modules/.bin/vitest run --config vitest.workspace.ts --project examples examples/testing/with-dispatcher
 */
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient, PingClient } from "@checks-api/sdk";
import { expect, it } from "vitest";
import { healthSummary, runReported } from "./app.js";

const MINUTE = 60_000;

function setup() {
  const fake = new FakeServer({ clock: { start: "2026-01-15T12:00:00Z" } });
  const project = fake.createProject();
  const options = { baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() };
  const client = new ChecksClient({ apiKey: project.readWriteKey!, ...options });
  return { fake, project, client, pings: new PingClient(options) };
}

it("reports a check late after its period and down after its grace time", async () => {
  const { fake, client, pings } = setup();
  const { uuid } = await client.checks.create({ name: "Nightly backups", timeout: 3600, grace: 600 });

  await runReported(pings, uuid, async () => "backed up");
  expect((await client.checks.get(uuid)).status).toBe("up");

  fake.clock.advance(60 * MINUTE + 1000); // one second past the period: late, within the grace time
  expect(await healthSummary(client)).toEqual({ late: ["Nightly backups"], down: [] });

  fake.clock.advance(10 * MINUTE); // past the grace time too: down, and a flip is recorded
  expect(await healthSummary(client)).toEqual({ late: [], down: ["Nightly backups"] });
  const [flip] = await client.flips.list(uuid);
  expect(flip).toEqual({ timestamp: "2026-01-15T13:10:00+00:00", up: 0 });

  await runReported(pings, uuid, async () => "backed up again");
  expect(await healthSummary(client)).toEqual({ late: [], down: [] });
});

it("reports a failed run as a failure and keeps the job's error", async () => {
  const { client, pings } = setup();
  const { uuid } = await client.checks.create({ name: "Report" });
  await expect(runReported(pings, uuid, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");

  expect(await healthSummary(client)).toEqual({ late: [], down: ["Report"] });
  const [fail] = await client.pings.list(uuid);
  expect(fail?.type).toBe("fail");
  expect(await client.pings.body(uuid, fail!.n)).toContain("Error: disk full");
});
