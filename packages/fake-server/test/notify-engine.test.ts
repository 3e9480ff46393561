import { describe, expect, test, vi } from "vitest";
import { FakeServer, FakeServerClient } from "../src/index.js";
import { FLIP_HISTORY_DROP, FLIP_HISTORY_LIMIT } from "../src/model/status.js";
import { call, MINUTE, START } from "./helpers.js";
import { ping, setupCatching, webhook } from "./notify-helpers.js";
import { startReceiver } from "./notify-receiver.js";

const HOOK = "http://hooks.example";
const JSON_TYPE = { "content-type": "application/json" };
const both = webhook({ url: `${HOOK}/down`, body: "$STATUS at $NOW exit $EXITSTATUS" }, { url: `${HOOK}/up`, body: "$STATUS at $NOW" });

describe("which flips notify", () => {
  test("down by failure and back up notify; a first success, a pause, a resume and a success that ends a pause do not", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", name: "hook", value: both });
    const uuid = await s.create({ channels: "*" });
    const steps: Array<[string, () => Promise<unknown>]> = [
      ["new → up", () => ping(s, uuid)],
      ["up → down", () => ping(s, `${uuid}/fail`)],
      ["down → up", () => ping(s, uuid)],
      ["up → paused", () => s.rwCall("POST", `/api/v3/checks/${uuid}/pause`)],
      ["paused → up", () => ping(s, uuid)],
      ["pause, resume", async () => (await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`), s.rwCall("POST", `/api/v3/checks/${uuid}/resume`))],
      ["new → down", () => ping(s, `${uuid}/fail`)],
      ["down → up", () => ping(s, uuid)],
      ["up → paused → down", async () => (await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`), ping(s, `${uuid}/1`))],
    ];
    const seen: Array<[string, string[]]> = [];
    for (const [name, step] of steps) {
      const before = s.caught.length;
      await step();
      await s.fake.settled();
      seen.push([name, s.caught.slice(before).map((c) => c.url)]);
    }
    expect(seen).toEqual([
      ["new → up", []],
      ["up → down", [`${HOOK}/down`]],
      ["down → up", [`${HOOK}/up`]],
      ["up → paused", []],
      ["paused → up", []],
      ["pause, resume", []],
      ["new → down", [`${HOOK}/down`]],
      ["down → up", [`${HOOK}/up`]],
      ["up → paused → down", [`${HOOK}/down`]],
    ]);
    const records = s.fake.notifications();
    expect(records.map((r) => [r.flip.status, r.flip.reason, r.error])).toEqual([
      ["down", "fail", ""],
      ["up", "", ""],
      ["down", "fail", ""],
      ["up", "", ""],
      ["down", "fail", ""],
    ]);
    expect(records[0]).toMatchObject({ channel: { name: "hook", kind: "webhook" }, check: uuid });
  });

  test("channels: only those assigned to the check, minus disabled ones and no-op directions, one record each", async () => {
    const s = setupCatching();
    const id = s.project.id;
    const a = s.fake.addChannel(id, { kind: "webhook", name: "both", value: both });
    const downOnly = s.fake.addChannel(id, { kind: "webhook", name: "down only", value: webhook({ url: `${HOOK}/d2` }) });
    const off = s.fake.addChannel(id, { kind: "webhook", name: "off", value: both, disabled: true });
    const mail = s.fake.addChannel(id, { kind: "email", name: "mail", value: JSON.stringify({ value: "ops@example.net", up: false, down: true }) });
    s.fake.addChannel(id, { kind: "webhook", name: "unassigned", value: both });
    const uuid = await s.create({ channels: [a.id, downOnly.id, off.id, mail.id].join(",") });
    await ping(s, uuid);
    await ping(s, `${uuid}/fail`);
    await ping(s, uuid);
    await s.fake.settled();
    expect(s.fake.notifications().map((r) => `${r.flip.status} ${r.channel.name}`)).toEqual(["down both", "down down only", "down mail", "up both"]);
    expect(s.caught.map((c) => c.url)).toEqual([`${HOOK}/down`, `${HOOK}/d2`, `${HOOK}/up`]);
    const email = s.fake.notifications()[2]!;
    expect(email.email).toMatchObject({ to: "ops@example.net", subject: `DOWN | ${uuid}` });
    expect(email.requests).toEqual([]);
  });

  test("flips are delivered in recording order, each after the answer of the request that made it", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const first = await s.create({ name: "first", channels: "*" });
    const second = await s.create({ name: "second", channels: "*" });
    await ping(s, first);
    await ping(s, second);
    await s.fake.settled();
    expect(await ping(s, `${second}/fail`)).toBe(200);
    expect(s.caught).toHaveLength(0);
    await ping(s, `${first}/fail`);
    await ping(s, second);
    await s.fake.settled();
    expect(s.fake.notifications().map((r) => [r.check, r.flip.status])).toEqual([
      [second, "down"],
      [first, "down"],
      [second, "up"],
    ]);
  });

  test("a flip's deliveries are recorded when its request is answered; settled() sends at once, without a turn of the event loop", async () => {
    for (const delivery of ["record", "send"] as const) {
      const s = setupCatching(undefined, { notifications: { delivery } });
      s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
      const uuid = await s.create({ channels: "*" });
      let turned = false;
      setImmediate(() => (turned = true));
      expect(await ping(s, `${uuid}/fail`)).toBe(200);
      expect(s.fake.notifications().map((r) => [r.flip.status, r.error])).toEqual([["down", delivery === "send" ? "Sending" : ""]]);
      expect(s.caught).toHaveLength(0);
      await s.fake.settled();
      expect(turned).toBe(false);
      expect(s.fake.notifications().map((r) => [r.flip.status, r.error])).toEqual([["down", ""]]);
      expect(s.caught).toHaveLength(delivery === "send" ? 1 : 0);
    }
  });
});

describe("turns of the event loop", () => {
  test("a flip after settled() and close() is still delivered on a later turn, and not as aborted", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    await s.fake.close();
    await ping(s, uuid);
    expect(s.caught).toHaveLength(1);
    await vi.waitFor(() => expect(s.fake.notifications().map((r) => [r.flip.status, r.error])).toEqual([["down", ""], ["up", ""]]));
    expect(s.caught.map((c) => c.url)).toEqual([`${HOOK}/down`, `${HOOK}/up`]);
  });
});

describe("a delivery under way", () => {
  test("keeps its flip while later flips push it out of the check's history, whose records they reuse", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = setupCatching(async () => {
      // The first request waits, so the delivery of its flip is under way while the history turns over.
      if (s.caught.length === 1) await gate;
      return new Response("ok");
    });
    for (const name of ["first", "second"]) s.fake.addChannel(s.project.id, { kind: "webhook", name, value: both });
    const uuid = await s.create({ channels: "*" });
    await ping(s, uuid);
    await ping(s, `${uuid}/fail`);
    await vi.waitFor(() => expect(s.caught).toHaveLength(1));
    s.fake.clock.advance(MINUTE);
    // Pauses and resumes flip the check without notifying anybody: enough of them drop the failure's flip from the history.
    for (let i = 0; i < (FLIP_HISTORY_LIMIT + FLIP_HISTORY_DROP) / 2; i++) {
      await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
      await s.rwCall("POST", `/api/v3/checks/${uuid}/resume`);
    }
    release();
    await s.fake.settled();
    const down = { status: "down", reason: "fail", time: new Date(START).toISOString() };
    expect(s.fake.notifications().map((r) => [r.channel.name, r.flip])).toEqual([
      ["first", down],
      ["second", down],
    ]);
    expect(s.caught.map((c) => c.body)).toEqual(Array(2).fill("down at 2020-01-01T00:00:00+00:00 exit -1"));
  }, 120_000);
});

describe("outcomes", () => {
  test("a failing channel never stops the others; its error is kept on the record and the channel", async () => {
    const s = setupCatching(({ url }) => (url.includes("/bad") ? new Response("boom", { status: 500 }) : new Response("ok")));
    const bad = s.fake.addChannel(s.project.id, { kind: "webhook", name: "bad", value: webhook({ url: `${HOOK}/bad` }) });
    s.fake.addChannel(s.project.id, { kind: "webhook", name: "good", value: webhook({ url: `${HOOK}/good` }) });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    expect(s.caught.map((c) => c.url)).toEqual([`${HOOK}/bad`, `${HOOK}/bad`, `${HOOK}/bad`, `${HOOK}/good`]);
    const records = s.fake.notifications();
    expect(records.map((r) => [r.channel.name, r.error])).toEqual([
      ["bad", "Received status code 500"],
      ["good", ""],
    ]);
    expect(records[0]!.requests.map((r) => r.status)).toEqual([500, 500, 500]);
    expect(s.fake.channels(s.project.id).find((c) => c.id === bad.id)).toMatchObject({ lastError: "Received status code 500", disabled: false });
  });

  test("a permanent failure disables the channel: later flips skip it", async () => {
    const s = setupCatching(({ url }) => new Response("no", { status: url.includes("/gone") ? 404 : 200 }));
    s.fake.addChannel(s.project.id, { kind: "slack", name: "gone", value: `${HOOK}/gone` });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    expect(s.caught).toHaveLength(1);
    expect(s.fake.channels(s.project.id)[0]).toMatchObject({ disabled: true, lastError: "Received status code 404" });
    await ping(s, uuid);
    await s.fake.settled();
    expect(s.caught).toHaveLength(1);
    expect(s.fake.notifications()).toHaveLength(1);
  });

  test("record-only delivery keeps the request it would make and sends nothing", async () => {
    const s = setupCatching(undefined, { notifications: { delivery: "record" } });
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    expect(s.caught).toHaveLength(0);
    const [record] = s.fake.notifications();
    expect(record!.error).toBe("");
    expect(record!.requests).toEqual([
      {
        method: "POST",
        url: `${HOOK}/down`,
        headers: [
          ["Host", "hooks.example"],
          ["Accept", "*/*"],
          ["User-Agent", "healthchecks.io"],
          ["Content-Length", "41"],
        ],
        body: "down at 2020-01-01T00:00:00+00:00 exit -1",
        bodyBase64: Buffer.from("down at 2020-01-01T00:00:00+00:00 exit -1").toString("base64"),
        status: null,
      },
    ]);
  });

  test("record-only requests show the check as it was at the flip: the bytes a sending fake sends", async () => {
    const everything = "$CODE $STATUS $NOW $NAME_JSON $NAME $SLUG $TAGS $TAG1 $TAG2 $EXITSTATUS";
    const rich = webhook(
      { url: `${HOOK}/down?n=$NAME&t=$TAGS&j=$JSON`, body: `${everything} $BODY_JSON $BODY $JSON`, headers: { "X-Alert": `${everything} $JSON` } },
      { method: "GET", url: `${HOOK}/up/$CODE?n=$NAME&s=$STATUS` },
    );
    const script = async (s: ReturnType<typeof setupCatching>): Promise<void> => {
      const id = s.project.id;
      s.fake.addChannel(id, { kind: "webhook", name: "rich", value: rich });
      s.fake.addChannel(id, { kind: "webhook", name: "down only", value: webhook({ url: `${HOOK}/d?$JSON` }) });
      s.fake.addChannel(id, { kind: "slack", name: "chat", value: `${HOOK}/slack` });
      s.fake.addChannel(id, { kind: "ntfy", name: "push", value: JSON.stringify({ topic: "t", url: HOOK, priority: 5, priority_up: 3 }) });
      s.fake.addChannel(id, { kind: "pd", name: "pager" }); // no settings: a record without a request
      const uuid = await s.create({ name: "first name", tags: "a b", timeout: 60, grace: 60, channels: "*" });
      await s.create({ name: "neighbour", timeout: 60, grace: 60 });
      await ping(s, uuid, "started with a body");
      await ping(s, `${uuid}/3`, "failed: ünïcode");
      await s.fake.settled();
      await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "second name", tags: "c", desc: "changed" } });
      s.fake.clock.advance(30_000);
      await ping(s, uuid);
      s.fake.clock.advance(3_600_000);
      await ping(s, uuid);
      await s.fake.settled();
      await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "third name", tags: "", timeout: 3600 } });
      await ping(s, `${uuid}/fail`);
      await s.fake.settled();
      await s.rwCall("DELETE", `/api/v3/checks/${uuid}`);
    };
    const sending = setupCatching();
    const recording = setupCatching(undefined, { notifications: { delivery: "record" } });
    await script(sending);
    await script(recording);
    expect(recording.caught).toEqual([]);
    const shown = (s: ReturnType<typeof setupCatching>) =>
      s.fake.notifications().map((record) => ({ ...record, sent: false, requests: record.requests.map((request) => ({ ...request, status: null })) }));
    expect(sending.fake.notifications().map((record) => record.sent)).toEqual(sending.fake.notifications().map((record) => record.requests.length > 0));
    expect(recording.fake.notifications().some((record) => record.sent)).toBe(false);
    const sent = shown(sending);
    const down = ["rich ok 1", "down only ok 1", "chat ok 1", "push ok 1", "pager ok 0"];
    const up = ["rich ok 1", "chat ok 1", "push ok 1", "pager ok 0"];
    expect(sent.map((r) => `${r.channel.name} ${r.error || "ok"} ${r.requests.length}`)).toEqual([...down, ...up, ...down, ...up, ...down]);
    expect(sent.map((r) => r.flip.reason).filter((reason) => reason === "timeout")).toHaveLength(5);
    expect(shown(recording)).toEqual(sent);
    expect(recording.fake.notifications()).toEqual(recording.fake.notifications());
  });

  test("the exit status of a ping reaches $EXITSTATUS and is kept on the ping", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/7`);
    await s.fake.settled();
    expect(s.caught[0]!.body).toBe("down at 2020-01-01T00:00:00+00:00 exit 7");
    expect(s.fake.exportState().checks[0]!.pings[0]!.exitStatus).toBe(7);
  });

  test("an email to the account's user carries the projects overview; another address does not", async () => {
    const s = setupCatching();
    const project = s.fake.createProject({ name: "Mine", account: "acct", ownerEmail: "me@example.org" });
    s.fake.createProject({ name: "Also mine", account: "acct" });
    s.fake.addChannel(project.id, { kind: "email", value: "me@example.org" });
    s.fake.addChannel(project.id, { kind: "email", value: "other@example.org" });
    const check = s.fake.createCheck(project.id, { channels: "*" });
    const uuid = check.ping_url!.split("/").pop()!;
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    const [mine, other] = s.fake.notifications();
    expect(mine!.email!.text).toContain("Projects Overview:");
    expect(mine!.email!.text).toContain("* Also mine: OK, all checks up");
    expect(other!.email!.text).not.toContain("Projects Overview");
  });
});

describe("the outbox", () => {
  test("keeps at most outboxLimit records, dropping the oldest, and reset() empties it", async () => {
    const s = setupCatching(undefined, { notifications: { delivery: "record", outboxLimit: 3 } });
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ channels: "*" });
    for (let i = 0; i < 5; i++) await ping(s, `${uuid}/${i % 2 === 0 ? "fail" : "0"}`);
    await s.fake.settled();
    expect(s.fake.notifications().map((r) => r.flip.status)).toEqual(["down", "up", "down"]);
    s.fake.reset();
    expect(s.fake.notifications()).toEqual([]);
  });

  test("keeps its bytes under outboxByteLimit", async () => {
    const s = setupCatching(undefined, { notifications: { delivery: "record", outboxByteLimit: 2000 } });
    s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: `${HOOK}/d`, body: "x".repeat(500) }) });
    const uuid = await s.create({ channels: "*" });
    for (let i = 0; i < 10; i++) await ping(s, `${uuid}/${i % 2 === 0 ? "fail" : "0"}`);
    await s.fake.settled();
    expect(s.fake.notifications().length).toBeGreaterThan(0);
    expect(s.fake.notifications().length).toBeLessThan(5);
  });
});

describe("the virtual clock", () => {
  test("moving past the down moment delivers the timeout flip with $NOW at that moment", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ timeout: 60, grace: 60, channels: "*" });
    await ping(s, uuid);
    s.fake.clock.advance(3_600_000);
    await s.fake.settled();
    expect(s.caught.map((c) => c.body)).toEqual(["down at 2020-01-01T00:02:00+00:00 exit -1"]);
    expect(s.fake.notifications()[0]!.flip).toEqual({ status: "down", reason: "timeout", time: "2020-01-01T00:02:00.000Z" });
  });

  test("advanceToNextChange steps a check to grace, then down, then says nothing is left", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ timeout: 60, grace: 90, channels: "*" });
    await ping(s, uuid);
    expect(s.fake.advanceToNextChange({ check: uuid })).toEqual({ check: uuid, from: "up", to: "grace", at: START + 60_000 });
    expect(s.fake.advanceToNextChange({ check: uuid })).toEqual({ check: uuid, from: "grace", to: "down", at: START + 150_000 });
    expect(s.fake.clock.now().getTime()).toBe(START + 150_000);
    await s.fake.settled();
    expect(s.caught.map((c) => c.body)).toEqual(["down at 2020-01-01T00:02:30+00:00 exit -1"]);
    expect(s.fake.advanceToNextChange({ check: uuid })).toBeNull();
    expect(s.fake.clock.now().getTime()).toBe(START + 150_000);
  });

  test("advanceToNextChange of a project takes the earliest change among its checks", async () => {
    const s = setupCatching();
    const slow = await s.create({ timeout: 3600 });
    const fast = await s.create({ timeout: 120 });
    await ping(s, slow);
    await ping(s, fast);
    expect(s.fake.advanceToNextChange({ project: s.project.id })).toMatchObject({ check: fast, to: "grace" });
    expect(() => s.fake.advanceToNextChange({ check: "nope" })).toThrow(RangeError);
  });
});

describe("state and control", () => {
  test("settings, disabled flags, last errors, owners, exit statuses and waiting flips survive export and import", async () => {
    const s = setupCatching(({ url }) => new Response("", { status: url.endsWith("/bad") ? 500 : 200 }));
    const owner = s.fake.createProject({ name: "Owned", ownerEmail: "me@example.org" });
    const value = webhook({ url: `${HOOK}/bad` });
    s.fake.addChannel(owner.id, { kind: "webhook", name: "w", value });
    s.fake.addChannel(owner.id, { kind: "webhook", name: "off", value, disabled: true });
    const uuid = s.fake.createCheck(owner.id, { timeout: 60, grace: 60, channels: "*" }).ping_url!.split("/").pop()!;
    await ping(s, `${uuid}/3`);
    await ping(s, uuid);
    await s.fake.settled();
    // Moving the clock records the timeout flip and renders its delivery at once; the flip is processed once its delivery has been sent.
    s.fake.clock.advance(3_600_000);
    expect(s.fake.exportState().checks[0]!.flips.map((f) => f.processed)).toEqual([true, true, false]);
    await s.fake.settled();
    expect(s.fake.exportState().checks[0]!.flips.map((f) => f.processed)).toEqual([true, true, true]);
    const doc = JSON.parse(JSON.stringify(s.fake.exportState()));
    doc.checks[0].flips[2].processed = false;
    const copy = setupCatching();
    copy.fake.importState(doc);
    expect(copy.fake.channels(owner.id)).toEqual([
      expect.objectContaining({ name: "w", value, disabled: false, lastError: "Received status code 500" }),
      expect.objectContaining({ name: "off", value, disabled: true, lastError: "" }),
    ]);
    // The import took the waiting flip at once; it is processed once delivered.
    expect(copy.fake.exportState()).toEqual(doc);
    expect(doc.accounts.find((a: { ownerEmail: string | null }) => a.ownerEmail !== null).ownerEmail).toBe("me@example.org");
    expect(doc.checks[0].pings.map((p: { exitStatus: number | null }) => p.exitStatus)).toEqual([3, null]);
    expect(doc.checks[0].flips.map((f: { processed: boolean }) => f.processed)).toEqual([true, true, false]);
    await copy.fake.settled();
    expect(copy.fake.notifications().map((r) => [r.flip.status, r.flip.reason])).toEqual([["down", "timeout"]]);
    expect(copy.fake.exportState().checks[0]!.flips).toEqual(doc.checks[0].flips.map((f: object) => ({ ...f, processed: true })));
  });

  test("a state document from before notifications still loads", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "email", value: "a@example.org" });
    const uuid = await s.create({ channels: "*" });
    await ping(s, uuid);
    const doc = JSON.parse(JSON.stringify(s.fake.exportState()));
    for (const account of doc.accounts) delete account.ownerEmail;
    for (const project of doc.projects) for (const channel of project.channels) (delete channel.value, delete channel.disabled, delete channel.lastError);
    for (const check of doc.checks) {
      for (const p of check.pings) delete p.exitStatus;
      for (const f of check.flips) delete f.processed;
    }
    const copy = new FakeServer();
    copy.importState(doc);
    expect(copy.channels(s.project.id)[0]).toMatchObject({ value: "", disabled: false, lastError: "" });
    await copy.settled();
    expect(copy.notifications()).toEqual([]);
  });

  test("refused settings are a RangeError in-process and a 400 over the control API", async () => {
    const s = setupCatching();
    expect(() => s.fake.addChannel(s.project.id, { kind: "webhook", value: "{}" })).toThrow(RangeError);
    const answer = await call(s.fake, "POST", `/__fake/projects/${s.project.id}/channels`, { body: { kind: "webhook", value: "{}" }, headers: JSON_TYPE });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/webhook/);
    const wrongType = await call(s.fake, "POST", `/__fake/projects/${s.project.id}/channels`, { body: { kind: "email", disabled: "yes" }, headers: JSON_TYPE });
    expect(wrongType.json).toEqual({ error: "disabled must be a boolean" });
  });

  test("the control API and its client: channels, the outbox, settling and the next status change", async () => {
    const s = setupCatching();
    const client = new FakeServerClient({ url: "http://localhost:8000", fetch: (input, init) => s.fake.handle(new Request(input as string, init)) });
    const channel = await client.addChannel(s.project.id, { kind: "webhook", name: "w", value: both });
    expect(channel).toEqual({ id: channel.id, name: "w", kind: "webhook", value: both, disabled: false, lastError: "" });
    // The management API lists integrations as before: no settings, flags or errors.
    expect((await s.rwCall("GET", "/api/v3/channels/")).json).toEqual({ channels: [{ id: channel.id, name: "w", kind: "webhook" }] });
    const uuid = await s.create({ timeout: 60, grace: 60, channels: "*" });
    await ping(s, uuid);
    expect(await client.advanceToNextChange({ check: uuid })).toEqual({ check: uuid, from: "up", to: "grace", at: START + 60_000 });
    expect(await client.advanceToNextChange({ project: s.project.id })).toEqual({ check: uuid, from: "grace", to: "down", at: START + 120_000 });
    expect(await client.advanceToNextChange({ project: s.project.id })).toBeNull();
    await client.settled();
    const records = await client.notifications();
    expect(records.map((r) => [r.channel.id, r.flip.reason, r.error])).toEqual([[channel.id, "timeout", ""]]);
    expect((await client.channels(s.project.id))[0]!.lastError).toBe("");
    await client.clearNotifications();
    expect(await client.notifications()).toEqual([]);
    const bad = await call(s.fake, "POST", "/__fake/clock/next-change", { body: { check: uuid, project: s.project.id }, headers: JSON_TYPE });
    expect(bad.status).toBe(400);
  });
});

describe("a test's fake timers", () => {
  test("hold back neither the deliveries nor the time limit of a receiver that never answers", async () => {
    const s = setupCatching(() => new Promise<Response>(() => undefined), { notifications: { attemptTimeoutMs: 20 } });
    s.fake.addChannel(s.project.id, { kind: "webhook", value: both });
    const uuid = await s.create({ channels: "*" });
    vi.useFakeTimers();
    try {
      await ping(s, `${uuid}/fail`);
      await s.fake.settled();
    } finally {
      vi.useRealTimers();
    }
    expect(s.caught).toHaveLength(3);
    expect(s.fake.notifications()[0]!.error).toBe("Connection timed out");
  });
});

describe("secrets", () => {
  test("the journal records neither control calls carrying settings nor deliveries, and still masks the ping URL", async () => {
    const s = setupCatching();
    const value = webhook({ url: `${HOOK}/down`, headers: { "X-Api-Key": s.rw } });
    const answer = await call(s.fake, "POST", `/__fake/projects/${s.project.id}/channels`, { body: { kind: "webhook", value }, headers: JSON_TYPE });
    expect(answer.status).toBe(201);
    const uuid = await s.create({ channels: "*" });
    s.fake.clearJournal();
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    expect(s.caught).toHaveLength(1);
    const journal = JSON.stringify(s.fake.journal());
    expect(s.fake.journal()).toHaveLength(1);
    expect(journal).not.toContain(uuid);
    expect(journal).not.toContain(s.rw);
  });
});

describe("a hanging receiver", () => {
  test("never holds the answer, and close() aborts its delivery at once", async () => {
    const receiver = await startReceiver({ "/hang": "hang" });
    try {
      const fake = new FakeServer({ clock: { start: START } });
      const project = fake.createProject();
      fake.addChannel(project.id, { kind: "webhook", value: webhook({ url: `${receiver.url}/hang`, body: "x" }) });
      const uuid = fake.createCheck(project.id, { channels: "*" }).ping_url!.split("/").pop()!;
      const answer = await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`));
      expect(answer.status).toBe(200);
      while (receiver.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(fake.notifications()[0]!.error).toBe("Sending");
      const started = performance.now();
      await fake.close();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(fake.notifications()[0]!.error).toBe("Delivery aborted: the fake server was closed");
    } finally {
      await receiver.close();
    }
  });
});
