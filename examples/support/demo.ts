/**
 * The demo the examples fall back to: an in-process fake server with one
 * project whose checks were brought into different states by real pings
 * replayed on the fake's virtual clock over the last 26 hours.
 * @module
 */
import { FakeServer, type ProjectInfo } from "@checks-api/fake-server";
import {
  checkUuid,
  ChecksClient,
  PingClient,
  type ClientOptions,
  type CreateCheckInput,
  type NodeTransportOptions,
} from "@checks-api/sdk";

/** The demo's "now": fixed, so that every run prints the same report. */
export const DEMO_NOW = new Date("2026-01-15T12:00:00Z");

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A seeded fake and what a client needs to reach it. */
export interface Demo {
  /** The fake server (its clock stands at {@link DEMO_NOW}). */
  fake: FakeServer;
  /** The demo project with its keys. */
  project: ProjectInfo;
  /** Client options that reach the fake in-process (no socket). */
  clientOptions: ClientOptions & NodeTransportOptions;
}

/** Starts a fake server and fills it with the demo project. */
export async function startDemo(): Promise<Demo> {
  const fake = new FakeServer({ compat: "live", seed: "examples", clock: { start: DEMO_NOW.getTime() - 26 * HOUR } });
  const project = fake.createProject({ name: "Demo project" });
  const clientOptions = { baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() };
  const client = new ChecksClient({ apiKey: project.readWriteKey ?? "", ...clientOptions });
  const pings = new PingClient(clientOptions);
  const at = (hoursBeforeNow: number) => fake.clock.set(DEMO_NOW.getTime() - hoursBeforeNow * HOUR);

  fake.addChannel(project.id, { kind: "email", name: "Ops email" });
  fake.addChannel(project.id, { kind: "slack", name: "#alerts" });
  fake.addChannel(project.id, { kind: "pd", name: "On-call" });
  const add = (body: CreateCheckInput) => checkUuid(fake.createCheck(project.id, body));
  const backups = add({ name: "Nightly backups", slug: "nightly-backups", tags: "prod db", timeout: 86_400, grace: 3_600, channels: "Ops email" });
  const sync = add({ name: "Inventory sync", slug: "inventory-sync", tags: "prod", timeout: 21_600, grace: 1_800, channels: "*" });
  const report = add({ name: "Weekly report", slug: "weekly-report", tags: "prod reports", schedule: "0 9 * * 1", tz: "Europe/Riga", grace: 3_600 });
  const queue = add({ name: "Queue worker", slug: "queue-worker", tags: "prod", timeout: 300, grace: 120 });
  const cleanup = add({ name: "Temp cleanup", slug: "temp-cleanup", tags: "staging", timeout: 3_600, grace: 600 });
  add({ name: "Certificate renewal", slug: "cert-renewal", tags: "staging", timeout: 604_800, grace: 86_400 });

  await pings.ping(sync).success();
  await pings.ping(report).success();
  at(17); // the sync went down 6.5 hours after its first ping
  await pings.ping(sync).success();
  at(11);
  await pings.ping(sync).success(); // …and goes down again 4.5 hours before "now"
  at(3);
  await pings.ping(cleanup).start();
  at(3 - 2 / 60);
  await pings.ping(cleanup).fail({ body: "rm: cannot remove '/tmp/build': Permission denied" });
  at(2.9);
  await pings.ping(cleanup).success();
  at(2);
  await pings.ping(backups).start();
  at(2 - 4 / 60);
  await pings.ping(backups).success({ body: "backup completed: 1.2 GB in 238 s" });
  await client.checks.pause(cleanup);
  at(6 / 60);
  await pings.ping(queue).success(); // late by now: 5-minute period, 2 minutes of grace
  at(0);
  return { fake, project, clientOptions };
}
