/**
 * `checks-fake-server import` against a second fake process (the CLI in
 * live mode) standing in for the real service: the state file it writes
 * round-trips (service → state file → CLI with --state → the same list,
 * get, pings, ping body, flips and integrations answers), a read-only key
 * imports what it sees and says what is missing, and no key is printed.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommand } from "../src/cli/import/command.js";
import { FakeServer, FakeServerClient, type ProjectInfo } from "../src/index.js";
import { runCommand } from "./cli-command-helpers.js";
import { listening, start, type Run } from "./cli-process.js";

let service: Run;
let url = "";
let dir = "";
let project: ProjectInfo;
const uuids: Record<string, string> = {};

async function api(base: string, key: string, path: string, init: RequestInit = {}) {
  const answer = await fetch(`${base}${path}`, { ...init, headers: { "X-Api-Key": key, ...init.headers } });
  return { status: answer.status, type: answer.headers.get("content-type"), text: await answer.text() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "checks-import-"));
  service = start(["--port", "0", "--compat", "live"]);
  url = await listening(service);
  const control = new FakeServerClient({ url });
  project = await control.createProject({ name: "real project" });
  await control.addChannel(project.id, { kind: "email", name: "ops" });
  await control.addChannel(project.id, { kind: "slack", name: "" });
  const key = project.readWriteKey ?? "";
  const create = async (name: string, body: object) => {
    const answer = await api(url, key, "/api/v3/checks/", { method: "POST", body: JSON.stringify({ name, slug: name, ...body }) });
    uuids[name] = (JSON.parse(answer.text) as { uuid: string }).uuid;
  };
  await create("backup", { tags: "prod db", desc: "nightly", timeout: 86_400, grace: 600, channels: "*", success_kw: "ok", filter_body: true, manual_resume: true });
  await create("report", { tags: "prod", schedule: "0 3 * * 1", tz: "Europe/Riga", grace: 7200, methods: "POST" });
  await create("calendar", { schedule: "Mon *-*-* 04:00", tz: "Asia/Tokyo" });
  await create("idle", { timeout: 3600 });
  const ping = (path: string, body?: BodyInit) => fetch(`${url}/ping/${path}`, { method: body === undefined ? "GET" : "POST", ...(body === undefined ? {} : { body }) });
  await ping(uuids.backup ?? "", "all fine");
  await ping(`${uuids.backup}/start?rid=0f0e0d0c-0b0a-4908-8706-050403020100`);
  await ping(`${uuids.backup}?rid=0f0e0d0c-0b0a-4908-8706-050403020100`, "done ok");
  await ping(`${uuids.backup}/log`, new Uint8Array([0, 255, 1, 254]));
  await ping(`${uuids.backup}/fail`, "disk full");
  await ping(`${uuids.backup}/start`);
  await ping(`${uuids.report}`, "weekly");
  await api(url, key, `/api/v3/checks/${uuids.calendar}/pause`, { method: "POST" });
}, 60_000);

afterAll(async () => {
  service.child.kill("SIGTERM");
  await service.exit;
  await rm(dir, { recursive: true, force: true });
});

const runImport = (args: string[], env: NodeJS.ProcessEnv) => runCommand(importCommand, args, env);

describe("import", { timeout: 90_000 }, () => {
  it("round-trips a project: the CLI with --state answers list, get, pings, bodies, flips and integrations as the service did", async () => {
    const file = join(dir, "rw.json");
    const key = project.readWriteKey ?? "";
    const run = await runImport(["--url", url, "--out", file], { CHECKS_API_KEY: key, CHECKS_PING_KEY: project.pingKey });
    expect(run.err).toMatch(/read 4 checks and 2 integrations/);
    expect(run.out).toMatch(/^Imported 4 checks, 7 pings, \d+ flips and 2 integrations from http:\/\/127\.0\.0\.1:\d+ into /m);
    expect(run.out).not.toContain("not imported");
    expect(run.status).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(run.out + run.err).not.toContain(key);

    const copy = start(["--port", "0", "--compat", "live", "--state", file]);
    try {
      const copyUrl = await listening(copy);
      const paths = [
        "/api/v3/checks/",
        "/api/v3/checks/?tag=prod",
        ...Object.values(uuids).flatMap((uuid) => [`/api/v3/checks/${uuid}`, `/api/v3/checks/${uuid}/pings/`, `/api/v3/checks/${uuid}/flips/`]),
        `/api/v3/checks/${uuids.backup}/pings/1/body`,
        `/api/v3/checks/${uuids.backup}/pings/4/body`,
        "/api/v3/channels/",
      ];
      for (const path of paths) {
        const original = await api(url, key, path);
        const imported = await api(copyUrl, key, path);
        expect({ path, ...imported, text: imported.text.replaceAll(copyUrl, url) }).toEqual({ path, ...original });
      }
      const slug = await fetch(`${copyUrl}/ping/${project.pingKey}/report`, { method: "POST" });
      expect(slug.status).toBe(200);
    } finally {
      copy.child.kill("SIGTERM");
      await copy.exit;
    }
  });

  it("imports what a read-only key sees and says what is missing", async () => {
    const file = join(dir, "ro.json");
    const key = project.readOnlyKey ?? "";
    const run = await runImport(["--url", url, "--out", file], { CHECKS_API_KEY: key });
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/^Imported 4 checks, 0 pings, \d+ flips and 0 integrations/m);
    expect(run.out).toMatch(/not imported: check UUIDs: a read-only key does not see them/);
    expect(run.out).toMatch(/not imported: ping logs and ping bodies/);
    expect(run.out).toMatch(/not imported: integrations/);
    expect(run.out).toMatch(/not imported: the ping key/);
    expect(run.out + run.err).not.toContain(key);

    const fake = new FakeServer({ compat: "live", baseUrl: url });
    fake.importState(JSON.parse(await readFile(file, "utf8")));
    const list = async (handle: (request: Request) => Promise<Response>) => {
      const answer = await handle(new Request(`${url}/api/v3/checks/`, { headers: { "X-Api-Key": key } }));
      // unique_key derives from the UUID, which a read-only key never sees.
      return ((await answer.json()) as { checks: Record<string, unknown>[] }).checks.map(({ unique_key: _, ...check }) => check);
    };
    expect(await list((request) => fake.handle(request))).toEqual(await list((request) => fetch(request)));
  });

  it("is a command of the CLI", async () => {
    const help = start(["import", "--help"]);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: checks-fake-server import --url <site root> --out <state file>$/m);
  });

  it.each([
    ["no key", ["--url", "URL", "--out", "FILE"], {}, /CHECKS_API_KEY is not set/],
    ["no --out", ["--url", "URL"], { CHECKS_API_KEY: "k".repeat(32) }, /--out <state file> is required/],
    ["an --out in a missing directory", ["--url", "URL", "--out", "/nonexistent-dir/x.json"], { CHECKS_API_KEY: "k".repeat(32) }, /cannot use --out \/nonexistent-dir\/x\.json: directory/],
    ["a key the service refuses", ["--url", "URL", "--out", "FILE"], { CHECKS_API_KEY: "k".repeat(32) }, /the service refused the key \(wrong api key\)/],
  ])("exits 2 with %s, writing nothing", async (_, args, env, message) => {
    const file = join(dir, "refused.json");
    const run = await runImport(args.map((arg) => (arg === "URL" ? url : arg === "FILE" ? file : arg)), env);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(message);
    await expect(stat(file)).rejects.toThrow();
  });
});
