/**
 * `checks-fake-server import` against an in-process fake standing in for a
 * real Healthchecks account, with what a real one has and the fake's own
 * checks do not: ping dates to the microsecond, a last run under a second
 * (`last_duration: 0`), the 30-character badge key of an account's first
 * project. The copy answers as the service did; the state file it writes
 * is private whatever the file it replaced allowed, and says it is to be
 * served in live mode.
 */
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../src/adapters/node-http.js";
import { importCommand } from "../src/cli/import/command.js";
import { FakeServer, type ProjectInfo } from "../src/index.js";
import { runCommand } from "./cli-command-helpers.js";
import { start } from "./cli-process.js";

const RID = "0f0e0d0c-0b0a-4908-8706-050403020100";
let dir = "";
let service: FakeServer;
let server: RunningServer;
let url = "";
let project: ProjectInfo;
let uuid = "";
// A whole second, so that the ping dates below are known: the copy's clock starts at the import's real time, just after.
const START = Math.floor(Date.now() / 1000) * 1000 - 120_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

async function api(key: string, path: string, handle: (request: Request) => Promise<Response> = (request) => service.handle(request)) {
  const answer = await handle(new Request(`${url}${path}`, { headers: { "X-Api-Key": key } }));
  return { status: answer.status, text: await answer.text() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "checks-import-service-"));
  server = await listen({ handle: (request: Request) => service.handle(request) }, { port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${server.port}`;
  service = new FakeServer({ compat: "live", baseUrl: url, clock: { start: START } });
  project = service.createProject({ name: "real account" });
  uuid = service.createCheck(project.id, { name: "backup", timeout: 86_400 }).uuid ?? "";
  const ping = (path: string) => service.handle(new Request(`${url}/ping/${uuid}${path}`));
  await ping("");
  service.clock.advance(60_000);
  await ping(`/start?rid=${RID}`);
  service.clock.advance(400);
  await ping(`?rid=${RID}`);
  // The service's times carry microseconds: the pings get some, as a state document may hold them.
  const state = service.exportState();
  for (const [index, logged] of (state.checks[0]?.pings ?? []).entries()) logged.at += [0.074, 0.5, 0.939][index] ?? 0;
  service.importState(state);
}, 60_000);

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const runImport = (args: string[], env: NodeJS.ProcessEnv) => runCommand(importCommand, args, env);

describe("import from a service with microsecond dates, a sub-second run and a cut badge key", { timeout: 60_000 }, () => {
  it("stands in for the account as the service shows it", async () => {
    const key = project.readWriteKey ?? "";
    expect(project.badgeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{6}$/);
    const pings = JSON.parse((await api(key, `/api/v3/checks/${uuid}/pings/`)).text) as { pings: { date: string }[] };
    expect(pings.pings.map((ping) => ping.date)).toEqual([
      `${iso(START + 60_000)}.400939+00:00`,
      `${iso(START + 60_000)}.000500+00:00`,
      `${iso(START)}.000074+00:00`,
    ]);
    expect(JSON.parse((await api(key, `/api/v3/checks/${uuid}`)).text)).toMatchObject({ last_duration: 0 });

    const file = join(dir, "account.json");
    await writeFile(file, "{}\n", { mode: 0o644 });
    await chmod(file, 0o644);
    const run = await runImport(["--url", url, "--out", file], { CHECKS_API_KEY: key });
    expect(run.status).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const document = JSON.parse(await readFile(file, "utf8")) as { compat: string };
    expect(document.compat).toBe("live");

    const copy = new FakeServer({ compat: "live", baseUrl: url });
    copy.importState(document as never);
    for (const path of ["/api/v3/checks/", `/api/v3/checks/${uuid}`, `/api/v3/checks/${uuid}/pings/`, `/api/v3/checks/${uuid}/flips/`, "/api/v3/badges/"]) {
      expect({ path, ...(await api(key, path, (request) => copy.handle(request))) }).toEqual({ path, ...(await api(key, path)) });
    }
  });

  it("writes a file the server serves in live mode without --compat, and refuses --compat seed for it", async () => {
    const file = join(dir, "mode.json");
    expect((await runImport(["--url", url, "--out", file], { CHECKS_API_KEY: project.readWriteKey ?? "" })).status).toBe(0);
    const refused = start(["--port", "0", "--compat", "seed", "--state", file]);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toContain(`${file} was written by a fake in live mode (as checks-fake-server import writes it), and --compat seed would serve it otherwise: leave --compat out, or give --compat live`);

    const copy = start(["--port", "0", "--state", file]);
    try {
      const servedUrl = (await waitForLine(copy, /^Listening on (http:\/\/\S+)$/m))[1] ?? "";
      expect(copy.stderr()).toContain(`loaded state from ${file} (in live mode, the file's)`);
      // Served in live mode: the same bytes as the live service, whose member set and order seed mode does not share.
      const served = await fetch(`${servedUrl}/api/v3/checks/${uuid}`, { headers: { "X-Api-Key": project.readWriteKey ?? "" } });
      expect((await served.text()).replaceAll(servedUrl, url)).toBe((await api(project.readWriteKey ?? "", `/api/v3/checks/${uuid}`)).text);
    } finally {
      copy.child.kill("SIGTERM");
      await copy.exit;
    }
  });
});

async function waitForLine(run: ReturnType<typeof start>, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = run.stdout().match(pattern);
    if (match) return match;
    if (await Promise.race([run.exit.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20))])) {
      throw new Error(`CLI exited early: ${run.stderr()}`);
    }
  }
}
