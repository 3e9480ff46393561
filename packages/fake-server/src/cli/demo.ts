/**
 * The CLI's demo project: a few checks brought into different states by real
 * pings and API calls replayed on the virtual timeline, so that flips, ping
 * logs and durations look like those of a project in use.
 * @module
 */
import { checkUuid, type Check } from "@checks-api/schema/lite";
import type { FakeServer } from "../fake-server.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How far back the demo's history starts. */
const HISTORY = 26 * HOUR;

/** A created demo project and the state each of its checks ended in. */
export interface DemoProject {
  /** The project with its keys. */
  project: ReturnType<FakeServer["createProject"]>;
  /** The demo checks with the status each one shows now. */
  checks: { name: string; uuid: string; status: string }[];
}

/**
 * Creates the demo project in `fake`, the same checks and integrations as
 * the examples' in-process demo (`examples/support/demo.ts`, a test keeps
 * them alike) with the same day of history: checks that are up (a simple and
 * a cron check), late, down (missed its deadline twice), paused (after a
 * failure and a recovery) and new, and three integrations. The clock is wound
 * back 26 hours while the history is replayed, then returned to the present.
 */
export async function createDemo(fake: FakeServer): Promise<DemoProject> {
  const present = fake.clock.now().getTime();
  const at = (hoursBeforeNow: number) => fake.clock.set(present - hoursBeforeNow * HOUR);
  fake.clock.set(present - HISTORY);

  const project = fake.createProject({ name: "Demo project" });
  fake.addChannel(project.id, { kind: "email", name: "Ops email" });
  fake.addChannel(project.id, { kind: "slack", name: "#alerts" });
  fake.addChannel(project.id, { kind: "pd", name: "On-call" });
  const base = fake.options.baseUrl.replace(/\/+$/, "");
  const checks: DemoProject["checks"] = [];
  const seed = (body: Parameters<FakeServer["createCheck"]>[1] & { name: string }): string => {
    const uuid = checkUuid(fake.createCheck(project.id, body) as Check);
    checks.push({ name: body.name, uuid, status: "new" });
    return uuid;
  };

  const backups = seed({ name: "Nightly backups", slug: "nightly-backups", tags: "prod db", timeout: 86_400, grace: 3_600, channels: "Ops email" });
  const sync = seed({ name: "Inventory sync", slug: "inventory-sync", tags: "prod", timeout: 21_600, grace: 1_800, channels: "*" });
  const report = seed({ name: "Weekly report", slug: "weekly-report", tags: "prod reports", schedule: "0 9 * * 1", tz: "Europe/Riga", grace: 3_600 });
  const queue = seed({ name: "Queue worker", slug: "queue-worker", tags: "prod", timeout: 300, grace: 120 });
  const cleanup = seed({ name: "Temp cleanup", slug: "temp-cleanup", tags: "staging", timeout: 3_600, grace: 600 });
  seed({ name: "Certificate renewal", slug: "cert-renewal", tags: "staging", timeout: 604_800, grace: 86_400 });

  const call = async (method: string, path: string, body?: string): Promise<Response> => {
    const init: RequestInit = { method, headers: { "X-Api-Key": project.readWriteKey ?? "" } };
    if (body !== undefined) init.body = body;
    const response = await fake.handle(new Request(base + path, init));
    if (!response.ok) throw new Error(`demo setup: ${method} ${path} answered ${response.status}`);
    return response;
  };
  const ping = (uuid: string, suffix = "", body?: string): Promise<Response> => call("POST", `/ping/${uuid}${suffix}`, body);

  await ping(sync);
  await ping(report);
  at(17); // the sync went down 6.5 hours after its first ping
  await ping(sync);
  at(11);
  await ping(sync); // …and goes down again 4.5 hours before now
  at(3);
  await ping(cleanup, "/start");
  at(3 - 2 / 60);
  await ping(cleanup, "/fail", "rm: cannot remove '/tmp/build': Permission denied");
  at(2.9);
  await ping(cleanup);
  at(2);
  await ping(backups, "/start");
  at(2 - 4 / 60);
  await ping(backups, "", "backup completed: 1.2 GB in 238 s");
  await call("POST", `/api/v3/checks/${cleanup}/pause`);
  at(6 / 60);
  await ping(queue); // late by now: 5-minute period, 2 minutes of grace
  fake.clock.set(Math.max(present, fake.clock.now().getTime()));

  for (const check of checks) {
    check.status = ((await (await call("GET", `/api/v3/checks/${check.uuid}`)).json()) as Check).status;
  }
  return { project, checks };
}
