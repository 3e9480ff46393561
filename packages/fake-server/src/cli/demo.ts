/**
 * The CLI's demo project: a few checks brought into different states by real
 * pings and API calls replayed on the virtual timeline, so that flips, ping
 * logs and durations look like those of a project in use.
 * @module
 */
import { checkUuid, type Check } from "@checks-api/schema";
import type { FakeServer } from "../fake-server.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How far back the demo's history starts. */
const HISTORY = 3 * HOUR;

/** A created demo project and the state each of its checks ended in. */
export interface DemoProject {
  /** The project with its keys. */
  project: ReturnType<FakeServer["createProject"]>;
  /** The demo checks with the status each one shows now. */
  checks: { name: string; uuid: string; status: string }[];
}

/**
 * Creates the demo project in `fake`: checks that are up (a simple and a cron
 * check), down (missed its deadline), paused (after a failure and a
 * recovery) and new, and two integrations. The clock is wound back three hours
 * while the history is replayed, then returned to the present.
 */
export async function createDemo(fake: FakeServer): Promise<DemoProject> {
  const present = fake.clock.now().getTime();
  fake.clock.set(present - HISTORY);

  const project = fake.createProject({ name: "Demo project" });
  fake.addChannel(project.id, { kind: "email", name: "ops@example.com" });
  fake.addChannel(project.id, { kind: "slack", name: "#alerts" });
  const base = fake.options.baseUrl.replace(/\/+$/, "");
  const seed = (body: Record<string, unknown>): string =>
    checkUuid(fake.createCheck(project.id, body as Parameters<FakeServer["createCheck"]>[1]) as Check);

  const backups = seed({ name: "Nightly backups", slug: "nightly-backups", tags: "prod db", timeout: 86_400, grace: 3_600, channels: "*" });
  const report = seed({ name: "Weekly report", slug: "weekly-report", tags: "prod reports", schedule: "0 9 * * 1", tz: "Europe/Riga", grace: 3_600 });
  const sync = seed({ name: "Inventory sync", slug: "inventory-sync", tags: "prod", timeout: 900, grace: 300, channels: "*" });
  const cleanup = seed({ name: "Temp cleanup", slug: "temp-cleanup", tags: "staging", timeout: 3_600, grace: 600 });
  const fresh = seed({ name: "Certificate renewal", slug: "cert-renewal", tags: "staging", timeout: 604_800, grace: 86_400 });

  const call = async (method: string, path: string, body?: string): Promise<Response> => {
    const init: RequestInit = { method, headers: { "X-Api-Key": project.readWriteKey ?? "" } };
    if (body !== undefined) init.body = body;
    const response = await fake.handle(new Request(base + path, init));
    if (!response.ok) throw new Error(`demo setup: ${method} ${path} answered ${response.status}`);
    return response;
  };
  const ping = (uuid: string, suffix = "", body?: string): Promise<Response> => call("POST", `/ping/${uuid}${suffix}`, body);

  await ping(backups, "/start");
  fake.clock.advance(4 * MINUTE);
  await ping(backups, "", "backup completed: 1.2 GB in 238 s");
  await ping(report);
  await ping(sync);
  await ping(cleanup, "/fail", "rm: cannot remove '/tmp/build': Permission denied");
  fake.clock.advance(10 * MINUTE);
  await ping(cleanup);
  // The sync misses its 15-minute deadline and its 5-minute grace: it goes down.
  fake.clock.advance(HOUR);
  await ping(backups, "/log", "disk usage 71%");
  await call("POST", `/api/v3/checks/${cleanup}/pause`);

  fake.clock.set(Math.max(present, fake.clock.now().getTime()));
  const checks: DemoProject["checks"] = [];
  for (const [name, uuid] of [
    ["Nightly backups", backups],
    ["Weekly report", report],
    ["Inventory sync", sync],
    ["Temp cleanup", cleanup],
    ["Certificate renewal", fresh],
  ] as const) {
    const { status } = (await (await call("GET", `/api/v3/checks/${uuid}`)).json()) as Check;
    checks.push({ name, uuid, status });
  }
  return { project, checks };
}
