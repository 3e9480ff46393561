import { describe, expect, test } from "vitest";
import { BASE, call, ping, setup } from "./helpers.js";

describe("request journal", () => {
  test("records method, masked path, operation, key kind, masked body, status", async () => {
    const s = setup();
    s.fake.clearJournal();
    const uuid = await s.create({ name: "j" });
    await call(s.fake, "POST", "/api/v3/checks/", { body: { api_key: s.rw, name: "k" } });
    await call(s.fake, "GET", "/api/v3/checks/", { key: s.ro });
    await ping(s.fake, uuid, "/fail?rid=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", { method: "POST", body: "log text" });
    await call(s.fake, "GET", `/ping/${s.project.pingKey}/slug`);
    await call(s.fake, "GET", "/nowhere");
    const entries = s.fake.journal();
    expect(entries).toHaveLength(6);
    expect(entries[0]).toMatchObject({
      method: "POST", path: "/api/v3/checks/", operation: "createCheck", keyKind: "read-write", body: { name: "j" }, status: 201,
      time: "2020-01-01T00:00:00.000Z",
    });
    expect(entries[1]?.body).toEqual({ api_key: "***", name: "k" });
    expect(entries[2]).toMatchObject({ operation: "listChecks", keyKind: "read-only", body: null, status: 200 });
    expect(entries[3]).toMatchObject({
      path: "/ping/***/fail?rid=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", operation: "ping", body: "log text", status: 200,
    });
    expect(entries[4]?.path).toBe("/ping/***/slug");
    expect(entries[5]).toMatchObject({ operation: null, status: 404 });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(uuid);
    expect(text).not.toContain(s.rw);
    expect(text).not.toContain(s.ro);
    expect(text).not.toContain(s.project.pingKey);
  });

  test("failed auth records no key kind; clearJournal empties it; the journal is bounded", async () => {
    const s = setup({ journalLimit: 3 });
    await call(s.fake, "GET", "/api/v3/checks/", { key: "x".repeat(32) });
    expect(s.fake.journal()[0]).toMatchObject({ keyKind: null, status: 401 });
    for (let i = 0; i < 5; i++) await call(s.fake, "GET", "/api/v3/status/");
    expect(s.fake.journal()).toHaveLength(3);
    s.fake.clearJournal();
    expect(s.fake.journal()).toEqual([]);
  });

  test("control requests are not journaled", async () => {
    const s = setup();
    await call(s.fake, "GET", "/__fake/clock");
    expect(s.fake.journal()).toEqual([]);
  });

  test("keeps an excerpt of each body with its full length", async () => {
    const s = setup({ journalExcerpt: 100 });
    const uuid = await s.create({ name: "small" });
    const desc = "d".repeat(5000);
    await call(s.fake, "POST", `/api/v3/checks/${uuid}`, { body: { api_key: s.rw, desc } });
    await ping(s.fake, uuid, "", { method: "POST", body: "p".repeat(3000) });
    const [created, updated, pinged] = s.fake.journal();
    expect(created).toMatchObject({ body: { name: "small" }, bodyLength: 16 });
    expect(updated?.body).toBe(JSON.stringify({ api_key: "***", desc }).slice(0, 100));
    expect(updated?.bodyLength).toBe(JSON.stringify({ api_key: s.rw, desc }).length);
    expect(pinged).toMatchObject({ body: "p".repeat(100), bodyLength: 3000 });
  });

  test("is bounded in bytes: the oldest entries go first", async () => {
    const s = setup({ journalByteLimit: 64 * 1024, journalExcerpt: 4096 });
    const uuid = await s.create({ name: "bytes" });
    for (let i = 0; i < 40; i++) await ping(s.fake, uuid, "", { method: "POST", body: `${i} `.padEnd(4000, "x") });
    const entries = s.fake.journal();
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.length).toBeLessThan(40);
    expect(entries.at(-1)?.body).toMatch(/^39 /);
  });

  test("answers GET /__fake/journal after 2.5 MB updates", async () => {
    const s = setup();
    const uuid = await s.create({ name: "big" });
    const desc = "z".repeat(2_500_000);
    for (let i = 0; i < 5; i++) {
      expect((await call(s.fake, "POST", `/api/v3/checks/${uuid}`, { key: s.rw, body: { desc } })).status).toBe(200);
    }
    const answer = await call(s.fake, "GET", "/__fake/journal");
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBeLessThan(100_000);
    expect((answer.json as { bodyLength: number }[]).at(-1)?.bodyLength).toBe(2_500_011);
  });

  test("keeps deeply nested bodies without overflowing the stack, as text past 1000 levels", async () => {
    const s = setup({ journalExcerpt: 200_000 });
    const uuid = await s.create({ name: "deep" });
    const deep = (depth: number, gap = " ") => `{"tags":${gap}${"[".repeat(depth)}${"]".repeat(depth)},${gap}"name":${gap}"n"}`;
    for (const depth of [100_000, 50_000, 1_000, 998]) {
      const answer = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: deep(depth) });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: "json validation error: tags is not a string" });
    }
    const bodies = s.fake.journal().slice(1).map((entry) => entry.body);
    expect(bodies.slice(0, 3)).toEqual([deep(100_000, "").slice(0, 200_000), deep(50_000, ""), deep(1_000, "")]);
    expect(JSON.stringify(bodies[3])).toBe(deep(998, ""));
    expect((await call(s.fake, "GET", "/__fake/journal")).status).toBe(200);
    const cut = setup({ journalExcerpt: 10 });
    await call(cut.fake, "POST", "/api/v3/checks/", { key: cut.rw, body: deep(100_000) });
    expect(cut.fake.journal()[0]?.body).toBe('{"tags":[[');
  });

  test("masks every secret of the fake in paths and queries, encoded or not, routed or not", async () => {
    const s = setup();
    const uuid = await s.create({ name: "secret", slug: "secret" });
    const other = "0b2c1c9e-5d2f-4c1e-9a8b-7f6e5d4c3b2a";
    const { pingKey } = s.project;
    const rid = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    s.fake.clearJournal();
    const paths = [
      [`/%70ing/${uuid}`, "/%70ing/***"],
      [`/%70ing/${pingKey}/secret`, "/%70ing/***/secret"],
      [`/ping%2F${uuid}`, "/***"],
      [`/%70ing/${other}`, "/%70ing/***"],
      [`/ping/%${uuid.charCodeAt(0).toString(16)}${uuid.slice(1)}/fail?rid=${rid}`, `/ping/***/fail?rid=${rid}`],
      [`/ping//${uuid}`, "/ping//***"],
      [`/ping/${uuid.toUpperCase()}`, "/ping/***"],
      [`/api/v3/checks/${uuid}`, "/api/v3/checks/***"],
      [`/api/v3/checks/${uuid}/pings/`, "/api/v3/checks/***/pings/"],
      [`/api/v3/checks/?api_key=${s.rw}&tag=${encodeURIComponent(s.ro)}`, "/api/v3/checks/?api_key=***&tag=***"],
      [`/nowhere/${pingKey}?${uuid}`, "/nowhere/***?***"],
      [`/nowhere/%2F${uuid}.json?tag=a,${s.rw}+b`, "/nowhere/***?tag=***"],
    ];
    for (const [path] of paths) await call(s.fake, "GET", path!, { key: s.rw });
    expect(s.fake.journal().map((entry) => entry.path)).toEqual(paths.map(([, masked]) => masked));
    const text = JSON.stringify(s.fake.journal());
    for (const secret of [uuid, uuid.toUpperCase(), other, s.rw, s.ro, pingKey]) expect(text).not.toContain(secret);
  });

  test("masks the fake's secrets in bodies too: parsed or not, nested, in ping bodies, across the excerpt's end", async () => {
    const s = setup({ journalExcerpt: 200 });
    const uuid = await s.create({ name: "secret" });
    const short = s.fake.createProject({ pingKey: "pk" });
    s.fake.clearJournal();
    const update = (body: string) => call(s.fake, "POST", `/api/v3/checks/${uuid}`, { body });
    await update(`{"api_key": "${s.rw}", "name": "x",}`);
    await update(`\ufeff{"api_key": "${s.rw}"}`);
    await update(`{"api_key": "${"z".repeat(32)}", "name": "x",}`);
    await update(`{"api_key": "${s.rw}", "desc": "ro ${s.ro}, ${uuid.toUpperCase()}", "tags": ["${s.project.pingKey}"]}`);
    await call(s.fake, "POST", `/ping/${uuid}`, { body: `curl ${BASE}/ping/${uuid} -H 'X-Api-Key: ${s.rw}' pk` });
    await call(s.fake, "POST", `/ping/${uuid}`, { body: `${"-".repeat(180)} ${s.rw}` });
    const bodies = s.fake.journal().map((entry) => entry.body);
    expect(bodies).toEqual([
      '{"api_key": "***", "name": "x",}',
      '{"api_key": "***"}',
      '{"api_key": "***", "name": "x",}',
      { api_key: "***", desc: "ro ***, ***", tags: ["***"] },
      `curl ${BASE}/ping/*** -H 'X-Api-Key: ***' pk`,
      `${"-".repeat(180)} ***`,
    ]);
    const text = JSON.stringify(s.fake.journal());
    for (const secret of [uuid, s.rw, s.ro, s.project.pingKey, s.rw.slice(0, 12)]) expect(text).not.toContain(secret);
    expect(short.pingKey).toBe("pk");
    await call(s.fake, "GET", "/api/v3/checks/?tag=pk", { key: s.rw });
    expect(s.fake.journal().at(-1)?.path).toBe("/api/v3/checks/?tag=pk");
  });

  test("lists one check's requests, found by UUID, unique key or slug, or one operation's", async () => {
    const s = setup();
    const uuid = await s.create({ name: "mine", slug: "mine" });
    const other = await s.create({ name: "other" });
    const [readOnly] = ((await call(s.fake, "GET", "/api/v3/checks/", { key: s.ro })).json as { checks: { unique_key: string }[] }).checks;
    await call(s.fake, "POST", "/api/v3/checks/", { key: s.rw, body: { name: "mine", unique: ["name"] } });
    await call(s.fake, "GET", `/api/v3/checks/${readOnly!.unique_key}`, { key: s.ro });
    await call(s.fake, "POST", `/api/v3/checks/${uuid}/pause`, { key: s.rw });
    await ping(s.fake, uuid);
    await call(s.fake, "GET", `/ping/${s.project.pingKey}/mine`);
    await ping(s.fake, other);
    await call(s.fake, "GET", "/api/v3/checks/00000000-0000-4000-8000-000000000000", { key: s.rw });
    const mine = s.fake.journal({ check: uuid });
    expect(mine.map(({ operation, status }) => [operation, status])).toEqual([
      ["createCheck", 201],
      ["createCheck", 200],
      ["getCheck", 200],
      ["pauseCheck", 200],
      ["ping", 200],
      ["ping", 200],
    ]);
    expect(JSON.stringify(mine)).not.toContain(uuid);
    expect(s.fake.journal({ check: other }).map(({ operation }) => operation)).toEqual(["createCheck", "ping"]);
    expect(s.fake.journal({ operation: "ping" })).toHaveLength(3);
    expect(s.fake.journal({ check: uuid, operation: "ping" })).toHaveLength(2);
    expect(s.fake.journal({ operation: null })).toEqual([]);
    expect(s.fake.journal({ check: "00000000-0000-4000-8000-000000000000" })).toEqual([]);
  });
});
