import { CHANNEL_KINDS } from "@checks-api/schema";
import { describe, expect, test } from "vitest";
import { FakeServer, StateDocumentError, type FakeState } from "../src/index.js";
import { call, HOUR, ping, setup, START } from "./helpers.js";

describe("export and import state", () => {
  test("round trip through JSON keeps checks, pings, bodies, flips, keys and the clock", async () => {
    const s = setup({ compat: "live" });
    const channel = s.fake.addChannel(s.project.id, { kind: "email", name: "ops" });
    const uuid = await s.create({ name: "kept", channels: "*", timeout: 3600, grace: 60 });
    await ping(s.fake, uuid, "", { method: "POST", body: new Uint8Array([1, 2, 255]) });
    s.fake.clock.advance(HOUR / 2);
    const json = JSON.stringify(s.fake.exportState());

    const copy = new FakeServer({ compat: "live", clock: { start: 0 } });
    copy.importState(JSON.parse(json));
    expect(copy.clock.now().getTime()).toBe(START + HOUR / 2);
    const got = await call(copy, "GET", `/api/v3/checks/${uuid}`, { key: s.rw });
    expect(got.json).toMatchObject({ name: "kept", channels: channel.id, n_pings: 1, status: "up" });
    const body = await copy.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/pings/1/body`, { headers: { "X-Api-Key": s.rw } }));
    expect(new Uint8Array(await body.arrayBuffer())).toEqual(new Uint8Array([1, 2, 255]));
    copy.clock.advance(2 * HOUR);
    const flips = (await call(copy, "GET", `/api/v3/checks/${uuid}/flips/`, { key: s.ro })).json.flips;
    expect(flips[0]).toEqual({ timestamp: "2020-01-01T01:01:00+00:00", up: 0 });
    expect((await call(copy, "GET", `/ping/${s.project.pingKey}/none`)).status).toBe(404);
  });

  test("what createProject and addChannel accept, importState takes back (else a --state file would not load)", async () => {
    const fake = new FakeServer();
    const refused: [() => unknown, string][] = [
      [() => fake.createProject({ pingKey: "" }), "pingKey must not be empty"],
      [() => fake.createProject({ badgeKey: "" }), "badgeKey must not be empty"],
      [() => fake.createProject({ account: "" }), "account must not be empty"],
      // @ts-expect-error an empty kind is no kind
      [() => fake.addChannel(fake.createProject().id, { kind: "" }), `unknown integration kind "": the kinds are ${Object.keys(CHANNEL_KINDS).join(", ")}`],
    ];
    for (const [create, message] of refused) expect(create).toThrow(new RangeError(message));
    const answer = await call(fake, "POST", "/__fake/projects", { body: { pingKey: "" }, headers: { "Content-Type": "application/json" } });
    expect(answer.json).toEqual({ error: "pingKey must not be empty" });
    const long = "x".repeat(1001);
    for (const init of [{ name: long }, { account: long }, { pingKey: long }, { badgeKey: long }]) {
      expect(() => fake.createProject(init)).toThrow(`${Object.keys(init)[0]} is longer than 1000 characters`);
    }
    expect(() => fake.addChannel(fake.createProject().id, { kind: "email", name: long })).toThrow("name is longer than 1000 characters");
    fake.createProject({ name: "", pingKey: "k", badgeKey: "b", account: "a", readOnlyKey: null, checkLimit: 0 });
    const project = fake.createProject({ name: "y".repeat(1000) });
    fake.addChannel(project.id, { kind: "email", name: "" });
    const check = fake.createCheck(project.id, { name: "pinged" });
    // A ping records these headers as they came: over HTTP up to the 16 KiB head, in-process without a limit.
    const headers = { "x-forwarded-for": "a".repeat(5000), "x-forwarded-proto": "b".repeat(5000) };
    expect((await fake.handle(new Request(check.ping_url, { method: "X".repeat(2000), headers }))).status).toBe(200);
    const copy = new FakeServer();
    copy.importState(JSON.parse(JSON.stringify(fake.exportState())) as FakeState);
    expect(copy.exportState()).toEqual(fake.exportState());
  });

  test("a seeded fake continues its id sequence after import", () => {
    const a = new FakeServer({ seed: 7 });
    a.createProject();
    const state = a.exportState();
    const next = a.createProject().id;
    const b = new FakeServer({ seed: 7 });
    b.importState(state);
    expect(b.createProject().id).toBe(next);
  });

  test("invalid documents are refused", () => {
    const fake = new FakeServer();
    expect(() => fake.importState({ version: 2 } as never)).toThrow(
      new StateDocumentError(["version 2 is not one this fake reads (it reads version 1)"]),
    );
    expect(() => fake.importState({ version: 1, clock: 0, random: null, seq: 0, accounts: [], projects: {}, checks: [] } as never)).toThrow(
      "invalid state document: projects is not an array",
    );
    expect(() => fake.importState(null as never)).toThrow(TypeError);
  });

  // A valid document with two projects and a check, to break one member at a time.
  async function document(): Promise<FakeState> {
    const s = setup();
    s.fake.createProject({ name: "second" });
    s.fake.addChannel(s.project.id, { kind: "email" });
    const uuid = await s.create({ name: "c", schedule: "0 3 * * *", tz: "Europe/Riga" });
    await ping(s.fake, uuid, "", { method: "POST", body: "hello" });
    return JSON.parse(JSON.stringify(s.fake.exportState())) as FakeState;
  }

  test.each<[string, (doc: any) => void, string]>([
    ["two projects share an API key", (d) => (d.projects[1].readWriteKey = d.projects[0].readWriteKey), "projects[1].readWriteKey repeats the API key of projects[0].readWriteKey"],
    ["a project's two keys are equal", (d) => (d.projects[0].readOnlyKey = d.projects[0].readWriteKey), "projects[0].readOnlyKey repeats the API key of projects[0].readWriteKey"],
    ["an API key is short", (d) => (d.projects[0].readWriteKey = "hcw_short"), "projects[0].readWriteKey is neither null nor an API key of 32 characters"],
    ["ping keys repeat", (d) => (d.projects[1].pingKey = d.projects[0].pingKey), "projects[1].pingKey repeats the ping key of projects[0].pingKey"],
    ["project ids repeat", (d) => (d.projects[1].id = d.projects[0].id), "projects[1].id repeats the id of projects[0].id"],
    ["an account is unknown", (d) => (d.projects[0].account = "nobody"), "projects[0].account names no account of the document"],
    ["a limit is negative", (d) => (d.accounts[0].checkLimit = -1), "accounts[0].checkLimit is not an integer of at least 0"],
    ["the clock is past 9999", (d) => (d.clock = 8_639_999_999_999_000), "clock is not a time in epoch milliseconds between the years 1 and 9999"],
    ["a check UUID is malformed", (d) => (d.checks[0].uuid = "ABC"), "checks[0].uuid is not a lowercase UUID"],
    ["a check names no project", (d) => (d.checks[0].project = "p"), "checks[0].project names no project of the document"],
    ["a schedule does not parse", (d) => (d.checks[0].settings.schedule = "every day"), "checks[0].settings.schedule is not a valid cron or OnCalendar schedule"],
    ["a time zone is unknown", (d) => (d.checks[0].settings.tz = "Mars/Olympus"), "checks[0].settings.tz is not a known time zone"],
    ["a timeout is out of range", (d) => (d.checks[0].settings.timeout = 1), "checks[0].settings.timeout is not between 60 and 31536000 seconds"],
    ["a setting has the wrong type", (d) => (d.checks[0].settings.manual_resume = "yes"), "checks[0].settings.manual_resume is not a boolean"],
    ["a name is too long", (d) => (d.checks[0].settings.name = "n".repeat(101)), "checks[0].settings.name is longer than 100 characters"],
    ["a check uses another project's integration", (d) => (d.checks[0].channels = ["x"]), "checks[0].channels[0] names no integration of the check's project"],
    ["a ping body is not base64", (d) => (d.checks[0].pings[0].body = "%%%"), "checks[0].pings[0].body is neither null nor base64"],
    ["a ping type is unknown", (d) => (d.checks[0].pings[0].type = "boom"), 'checks[0].pings[0].type is not one of "success", "start", "fail", "log", "ign"'],
    ["a check's seq is beyond the document's", (d) => (d.seq = 0), "checks[0].seq is above the document's seq"],
    ["a flip is malformed", (d) => (d.checks[0].flips = [{ at: 0, from: "up", to: "gone", reason: "" }]), 'checks[0].flips[0].to is not one of "new", "up", "down", "paused"'],
  ])("refused when %s, naming the member, and the state is left as it was", async (_, breakIt, problem) => {
    const doc = await document();
    const fake = new FakeServer({ clock: { start: START } });
    const before = fake.createProject({ name: "kept" });
    const snapshot = JSON.stringify(fake.exportState());
    breakIt(doc);
    const failure = (() => {
      try {
        fake.importState(doc);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(StateDocumentError);
    expect((failure as StateDocumentError).problems).toContain(problem);
    expect((failure as Error).message).toContain(problem);
    expect(JSON.stringify(fake.exportState())).toBe(snapshot);
    expect((await call(fake, "GET", "/api/v3/checks/", { key: before.readWriteKey ?? "" })).status).toBe(200);
  });

  test("the control API answers 400 with the problems and keeps the state", async () => {
    const doc = await document();
    doc.projects[1]!.readWriteKey = doc.projects[0]!.readWriteKey;
    const fake = new FakeServer();
    fake.createProject({ name: "kept" });
    const answer = await call(fake, "PUT", "/__fake/state", { body: doc, headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("invalid state document: projects[1].readWriteKey repeats the API key of projects[0].readWriteKey");
    expect(fake.exportState().projects.map((project) => project.name)).toEqual(["kept"]);
  });

  test("a long list of problems is cut short in the message", async () => {
    const doc = await document();
    for (let i = 0; i < 15; i++) doc.accounts.push({ name: "", checkLimit: 0, pingLogLimit: 1 });
    const failure = (() => {
      try {
        new FakeServer().importState(doc);
      } catch (error) {
        return error as StateDocumentError;
      }
      throw new Error("accepted");
    })();
    expect(failure.problems).toHaveLength(15);
    expect(failure.message).toMatch(/ \(and 5 more\)$/);
  });

  test("reset empties everything but keeps the clock", async () => {
    const s = setup();
    await s.create();
    s.fake.clock.advance(1000);
    s.fake.reset();
    expect(s.fake.exportState()).toMatchObject({ projects: [], checks: [], accounts: [] });
    expect(s.fake.clock.now().getTime()).toBe(START + 1000);
    expect(s.fake.journal()).toEqual([]);
    expect((await call(s.fake, "GET", "/api/v3/checks/", { key: s.rw })).status).toBe(401);
  });
});
