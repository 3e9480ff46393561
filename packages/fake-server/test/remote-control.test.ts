import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  FakeServer,
  FakeServerClient,
  FakeServerControlError,
  type FakeServerClock,
  type RunningServer,
} from "@checks-api/fake-server";

const BASE = "http://localhost:8000";

/** A control client talking to `fake.handle()` directly. */
function inProcessClient(fake: FakeServer, prefix?: string): FakeServerClient {
  const fetchViaFake = ((input: string | URL | Request, init?: RequestInit) =>
    fake.handle(new Request(input, init))) as typeof fetch;
  return new FakeServerClient(prefix ? { url: BASE, fetch: fetchViaFake, prefix } : { url: BASE, fetch: fetchViaFake });
}

async function send(fake: FakeServer, method: string, path: string, body?: string): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = body;
    init.headers = { "content-type": "application/json" };
  }
  const response = await fake.handle(new Request(BASE + path, init));
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe("remote control over HTTP", () => {
  let fake: FakeServer;
  let server: RunningServer;
  let control: FakeServerClient;

  beforeAll(async () => {
    fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
    server = await fake.listen();
    control = new FakeServerClient({ url: server.url });
  });
  afterAll(() => server.close());

  it("creates a project, an integration and a check that the API then serves", async () => {
    const project = await control.createProject({ name: "remote", checkLimit: 5 });
    expect(project).toMatchObject({ name: "remote", checkLimit: 5 });
    expect(project.readWriteKey).toMatch(/^hcw_[A-Za-z0-9]{28}$/);

    const channel = await control.addChannel(project.id, { kind: "slack", name: "#ops" });
    expect(channel).toMatchObject({ kind: "slack", name: "#ops" });
    const check = await control.createCheck(project.id, { name: "db", timeout: 120, channels: "*" });
    expect(check).toMatchObject({ name: "db", timeout: 120, channels: channel.id, status: "new" });

    const listed = await fetch(`${server.url}/api/v3/checks/`, { headers: { "X-Api-Key": project.readWriteKey ?? "" } });
    expect(((await listed.json()) as { checks: { name: string }[] }).checks.map((c) => c.name)).toEqual(["db"]);
  });

  it("reads, advances and sets the clock, and the checks follow it", async () => {
    const project = await control.createProject();
    const check = await control.createCheck(project.id, { timeout: 60, grace: 60 });
    await fetch(`${server.url}/ping/${check.uuid}`);
    const start = await control.clock.now();
    expect(start.toISOString()).toBe(fake.clock.now().toISOString());

    expect((await control.clock.advance(90_000)).getTime()).toBe(start.getTime() + 90_000);
    expect(fake.clock.now().getTime()).toBe(start.getTime() + 90_000);
    const inGrace = await fetch(`${server.url}/api/v3/checks/${check.uuid}`, { headers: { "X-Api-Key": project.readWriteKey ?? "" } });
    expect(((await inGrace.json()) as { status: string }).status).toBe("grace");

    const later = new Date(start.getTime() + 3_600_000);
    expect((await control.clock.set(later)).toISOString()).toBe(later.toISOString());
    const down = await fetch(`${server.url}/api/v3/checks/${check.uuid}`, { headers: { "X-Api-Key": project.readWriteKey ?? "" } });
    expect(((await down.json()) as { status: string }).status).toBe("down");

    // Epoch milliseconds and ISO 8601 text work as with FakeServer.clock.set().
    expect((await control.clock.set(later.getTime() + 1000)).getTime()).toBe(later.getTime() + 1000);
    expect((await control.clock.set("2030-05-01T00:00:00Z")).toISOString()).toBe("2030-05-01T00:00:00.000Z");
    expect(fake.clock.now().toISOString()).toBe("2030-05-01T00:00:00.000Z");
  });

  it("offers the verbs of FakeServer.clock, async", () => {
    expectTypeOf<keyof FakeServerClient["clock"]>().toEqualTypeOf<keyof FakeServerClock>();
    expectTypeOf<Parameters<FakeServerClient["clock"]["set"]>>().toEqualTypeOf<Parameters<FakeServerClock["set"]>>();
    expectTypeOf<ReturnType<FakeServerClient["clock"]["advance"]>>().toEqualTypeOf<Promise<Date>>();
    expect(Object.keys(control.clock).sort()).toEqual(["advance", "now", "set"]);
  });

  it("delivers emails, shows and clears the journal", async () => {
    const project = await control.createProject();
    const check = await control.createCheck(project.id, {});
    await control.clearJournal();
    expect(await control.deliverEmail({ to: `${check.uuid}@${fake.options.pingEmailDomain}`, subject: "done" })).toEqual({
      outcome: "recorded",
      type: "success",
    });
    await fetch(`${server.url}/api/v3/checks/`, { headers: { "X-Api-Key": project.readOnlyKey ?? "" } });
    const journal = await control.journal();
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ method: "GET", path: "/api/v3/checks/", operation: "listChecks", keyKind: "read-only", status: 200 });
    await control.clearJournal();
    expect(await control.journal()).toEqual([]);
  });

  it("injects and clears faults, with times: Infinity sent as null", async () => {
    await control.inject({ operation: "listChecks", status: 503, headers: { "Retry-After": "7" }, times: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/v3/checks/`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("7");
    }
    await control.clearFaults();
    expect((await fetch(`${server.url}/api/v3/checks/`)).status).toBe(401);
  });

  it("exports, resets and imports the state", async () => {
    const project = await control.createProject({ name: "kept" });
    const state = await control.exportState();
    await control.reset();
    const key = { "X-Api-Key": project.readWriteKey ?? "" };
    expect((await fetch(`${server.url}/api/v3/checks/`, { headers: key })).status).toBe(401);
    await control.importState(state);
    expect((await fetch(`${server.url}/api/v3/checks/`, { headers: key })).status).toBe(200);
  });
});

describe("remote control input handling", () => {
  const fake = new FakeServer();

  it.each([
    ["POST", "/__fake/projects", "{not json", /could not parse/],
    ["POST", "/__fake/projects", "[1]", /JSON object/],
    ["POST", "/__fake/projects", '{"checkLimit": "5"}', /^checkLimit must be a non-negative integer, not "5"$/],
    ["POST", "/__fake/projects", '{"nmae": "typo"}', /unknown member: nmae/],
    ["POST", "/__fake/projects", '{"readWriteKey": "short"}', /32 characters/],
    ["POST", "/__fake/projects/nope/channels", '{"kind": "email"}', /unknown project/],
    ["POST", "/__fake/projects/nope/checks", "{}", /unknown project/],
    ["POST", "/__fake/projects/%E0%A4%A/checks", "{}", /^the id in the path is not valid percent-encoding$/],
    ["POST", "/__fake/clock/advance", '{"ms": -5}', /non-negative/],
    ["POST", "/__fake/clock/advance", "", /JSON object/],
    ["POST", "/__fake/clock/set", '{"time": "yesterday"}', /ISO 8601/],
    ["POST", "/__fake/emails", '{"subject": "x"}', /to is required/],
    ["POST", "/__fake/faults", '{"times": 0}', /positive integer/],
    ["POST", "/__fake/faults", '{"status": 42}', /from 200 to 599/],
    ["POST", "/__fake/faults", '{"dropAfterApplying": "yes"}', /dropAfterApplying must be a boolean/],
    ["POST", "/__fake/faults", '{"headers": {"a": 1}}', /headers must be an object of strings/],
    ["PUT", "/__fake/state", '{"version": 99}', /./],
    ["PUT", "/__fake/state", "null", /JSON object/],
  ])("%s %s %s → 400", async (method, path, body, message) => {
    const answer = await send(fake, method, path, body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(message);
  });

  it("lists the projects, and a project's checks as they are now, without a journal entry", async () => {
    const local = new FakeServer({ clock: { mode: "virtual", start: "2025-01-01T00:00:00Z" } });
    const control = inProcessClient(local);
    const shop = await control.createProject({ name: "shop" });
    const empty = await control.createProject({ name: "empty" });
    const check = await control.createCheck(shop.id, { name: "backup", timeout: 60, grace: 60 });
    await local.handle(new Request(check.ping_url));
    await control.clock.advance(90_000);
    expect((await control.projects()).map(({ id, name }) => ({ id, name }))).toEqual([
      { id: shop.id, name: "shop" },
      { id: empty.id, name: "empty" },
    ]);
    const [listed, ...rest] = await control.checks(shop.id);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({ uuid: check.uuid, name: "backup", status: "grace", n_pings: 1, badge_url: check.badge_url });
    expect(listed).toEqual(local.checks(shop.id)[0]);
    expect(await control.checks(empty.id)).toEqual([]);
    expect(local.journal().map(({ operation }) => operation)).toEqual(["ping"]);
    await expect(control.checks("nope")).rejects.toMatchObject({ status: 400, message: "unknown project: nope" });
  });

  it("leaves the revision alone on the control API's reads", async () => {
    const local = new FakeServer({ clock: { mode: "virtual" } });
    const control = inProcessClient(local);
    const project = await control.createProject();
    const check = await control.createCheck(project.id, { timeout: 60, grace: 60 });
    await local.handle(new Request(check.ping_url));
    const before = local.revision;
    for (const path of ["", "/clock", "/revision", "/projects", `/projects/${project.id}/checks`, "/journal", "/notifications", "/state", "/ui", "/ui/app.js"]) {
      await local.handle(new Request(`http://localhost:8000/__fake${path}`));
    }
    expect(local.revision).toBe(before);
    await control.clock.advance(130_000);
    expect(local.revision).toBeGreaterThan(before);
  });

  it("counts a ping whose path only starts with the prefix's text as an API request", async () => {
    const local = new FakeServer({ control: { prefix: "/p" } });
    const check = local.createCheck(local.createProject().id);
    const before = local.revision;
    expect((await local.handle(new Request(check.ping_url!))).status).toBe(200);
    expect(local.pings(check.uuid!)).toHaveLength(1);
    expect(local.revision).toBeGreaterThan(before);
  });

  it("filters the journal by check and by operation with query parameters", async () => {
    const local = new FakeServer();
    const control = inProcessClient(local);
    const project = await control.createProject();
    const [a, b] = [await control.createCheck(project.id, { name: "a" }), await control.createCheck(project.id, { name: "b" })];
    await local.handle(new Request(a.ping_url));
    await local.handle(new Request(b.ping_url));
    await local.handle(new Request("http://localhost:8000/nowhere"));
    expect(await control.journal({ check: a.uuid })).toEqual(local.journal({ check: a.uuid }));
    expect(await control.journal({ check: a.uuid })).toHaveLength(1);
    expect(await control.journal({ operation: "ping" })).toHaveLength(2);
    expect(await control.journal({ operation: null })).toHaveLength(1);
    expect(await send(local, "GET", "/__fake/journal?operation=nope")).toMatchObject({ status: 400 });
    expect(await send(local, "GET", "/__fake/journal?chek=x")).toEqual({
      status: 400,
      json: { error: "unknown query parameter: chek (the parameters: check, operation, method, status, limit)" },
    });
  });

  it("names the check a journal entry addressed, as it is named now, never by its UUID", async () => {
    const local = new FakeServer();
    const control = inProcessClient(local);
    const project = await control.createProject();
    const check = await control.createCheck(project.id, { name: "nightly" });
    await local.handle(new Request(check.ping_url));
    await local.handle(new Request(`http://localhost:8000/api/v3/checks/${check.uuid}`, { method: "POST", headers: { "X-Api-Key": project.readWriteKey!, "content-type": "application/json" }, body: '{"name": "renamed"}' }));
    await local.handle(new Request("http://localhost:8000/api/v3/checks/", { headers: { "X-Api-Key": project.readWriteKey! } }));
    expect((await control.journal()).map(({ operation, checkName }) => [operation, checkName])).toEqual([
      ["ping", "renamed"],
      ["updateCheck", "renamed"],
      ["listChecks", undefined],
    ]);
    // A name that holds a secret shows it masked.
    const named = local.createCheck(project.id, { name: `key ${project.readWriteKey!}` });
    await local.handle(new Request(named.ping_url!));
    expect(local.journal({ check: named.uuid! })[0]!.checkName).toBe("key ***");
    // Once the check is gone, its entries name no check.
    await local.handle(new Request(`http://localhost:8000/api/v3/checks/${check.uuid}`, { method: "DELETE", headers: { "X-Api-Key": project.readWriteKey! } }));
    expect(local.journal({ check: check.uuid }).map((entry) => entry.checkName)).toEqual([undefined, undefined, undefined]);
  });

  it("reads the newest entries and records only, with limit", async () => {
    const local = new FakeServer({ notifications: { delivery: "record" } });
    const control = inProcessClient(local);
    const project = await control.createProject();
    await control.addChannel(project.id, { kind: "email", value: "ops@example.org" });
    const check = await control.createCheck(project.id, { channels: "*" });
    for (const signal of ["/fail", "", "/fail", ""]) await local.handle(new Request(`${check.ping_url}${signal}`));
    await local.settled();
    expect(await control.journal({ limit: 2 })).toEqual(local.journal().slice(-2));
    expect(await control.journal({ limit: 10 })).toEqual(local.journal());
    expect(await control.notifications({ limit: 3 })).toEqual(local.notifications().slice(-3));
    expect(await control.notifications({ status: "up", limit: 1 })).toEqual([local.notifications().at(-1)]);
    for (const limit of ["0", "-1", "1.5", "x", ""]) {
      expect(await send(local, "GET", `/__fake/journal?limit=${limit}`)).toMatchObject({ status: 400, json: { error: "limit must be a whole number from 1 to 999999999" } });
      expect(await send(local, "GET", `/__fake/notifications?limit=${limit}`)).toMatchObject({ status: 400 });
    }
  });

  it("answers a read whose If-None-Match names its ETag with a bodiless 304, and polls a revision that moves with the state", async () => {
    const local = new FakeServer({ clock: { mode: "virtual" } });
    const control = inProcessClient(local);
    const get = (path: string, headers: Record<string, string> = {}) => local.handle(new Request(`http://localhost:8000/__fake${path}`, { headers }));
    const first = await get("/revision");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.json()).toEqual({ revision: local.revision, now: local.clock.now().toISOString() });
    const again = await get("/revision", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await get("/revision", { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get("/revision", { "if-none-match": '"other"' })).status).toBe(200);
    // Every read but the state export has one; a change gives a new one.
    for (const path of ["/projects", "/journal", "/notifications", "/clock", "/limits"]) {
      const answer = await get(path);
      expect((await get(path, { "if-none-match": answer.headers.get("etag")! })).status).toBe(304);
    }
    expect((await get("/state")).headers.get("etag")).toBeNull();
    const revision = await control.revision();
    await control.createProject();
    expect(await control.revision()).toBeGreaterThan(revision);
    expect((await get("/revision", { "if-none-match": etag })).status).toBe(200);
    const moved = await control.revision();
    await control.clock.advance(1000);
    expect(await control.revision()).toBeGreaterThan(moved);
    const cleared = await control.revision();
    local.clearJournal();
    expect(await control.revision()).toBeGreaterThan(cleared);
  });

  it("validates a seeded check like POST /api/v3/checks/", async () => {
    const project = fake.createProject();
    const answer = await send(fake, "POST", `/__fake/projects/${project.id}/checks`, '{"timeout": 5}');
    expect(answer).toEqual({ status: 400, json: { error: "json validation error: timeout is too small" } });
  });

  it("answers GET on the prefix with the index of the control endpoints, each saying what it does, as docs/cli.md lists them", async () => {
    const index = await send(fake, "GET", "/__fake");
    expect(index.status).toBe(200);
    const endpoints = (index.json as { endpoints: { method: string; path: string; description: string }[] }).endpoints;
    expect(endpoints).toContainEqual({ method: "POST", path: "/__fake/projects/{id}/checks", description: "creates a check in the project as POST /api/v3/checks/ would" });
    expect(endpoints).toContainEqual(expect.objectContaining({ method: "POST", path: "/__fake/clock/advance", description: expect.stringMatching(/ms milliseconds/) }));
    // Each says something of its own.
    expect(new Set(endpoints.map(({ description }) => description)).size).toBe(endpoints.length);
    expect(await send(fake, "GET", "/__fake/")).toEqual(index);
    const reference = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
    const documented = [...reference.matchAll(/^\| `(?:(GET|POST|PUT|PATCH|DELETE)` \/ `)?(GET|POST|PUT|PATCH|DELETE) (\/__fake[^`]*)`/gm)].flatMap(
      ([, first, second, path]) => [first, second].filter(Boolean).map((method) => ({ method, path })),
    );
    expect(new Set(endpoints.map(({ method, path }) => `${method} ${path}`))).toEqual(
      new Set(documented.filter(({ path }) => path !== "/__fake").map(({ method, path }) => `${method} ${path}`)),
    );
  });

  it("answers 404 for unknown control paths and 405 with Allow for other methods", async () => {
    expect(await send(fake, "GET", "/__fake/nothing")).toEqual({
      status: 404,
      json: { error: "unknown control endpoint: GET /__fake/nothing" },
    });
    const response = await fake.handle(new Request(`${BASE}/__fake/journal`, { method: "PUT" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, DELETE");
  });

  it("surfaces refusals as FakeServerControlError", async () => {
    const control = inProcessClient(fake);
    const failure = await control.clock.advance(-1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FakeServerControlError);
    expect(failure).toMatchObject({ status: 400, message: "ms must be a non-negative number of milliseconds" });
  });

  it("serves under a custom prefix, and not at all when control is off", async () => {
    const custom = new FakeServer({ control: { prefix: "/_admin" } });
    expect((await inProcessClient(custom, "/_admin").createProject({ name: "p" })).name).toBe("p");
    expect((await custom.handle(new Request(`${BASE}/__fake/clock`))).status).toBe(404);

    const off = new FakeServer({ control: false });
    const answer = await off.handle(new Request(`${BASE}/__fake/clock`));
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
  });
});
