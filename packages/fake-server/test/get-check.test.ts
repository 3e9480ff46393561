import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

describe("get a check", () => {
  test("by UUID: 200 flat object; 404 page when unknown (no CORS); 403 other project", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "mine" });
    const res = await s.rwCall("GET", `/api/v3/checks/${uuid}`);
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("mine");
    expect(res.json.uuid).toBe(uuid);
    const missing = await s.rwCall("GET", "/api/v3/checks/11111111-1111-4111-8111-111111111111");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("<h1>Not Found</h1>");
    expect(missing.headers.get("access-control-allow-origin")).toBeNull();
    const other = s.fake.createProject();
    const forbidden = await call(s.fake, "GET", `/api/v3/checks/${uuid}`, { key: other.readOnlyKey as string });
    expect(forbidden.status).toBe(403);
  });

  test("read-only key by UUID still gets the read-only representation", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const res = await call(s.fake, "GET", `/api/v3/checks/${uuid}`, { key: s.ro });
    expect(res.json).not.toHaveProperty("uuid");
    expect(res.json).not.toHaveProperty("ping_url");
    expect(res.json).toHaveProperty("unique_key");
    expect(res.json).toHaveProperty("badge_url");
  });

  test("by unique key: both key kinds; own project only", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "k" });
    const uniqueKey = (await call(s.fake, "GET", `/api/v3/checks/${uuid}`, { key: s.ro })).json.unique_key as string;
    expect((await s.rwCall("GET", `/api/v3/checks/${uniqueKey}`)).json.name).toBe("k");
    expect((await call(s.fake, "GET", `/api/v3/checks/${uniqueKey}`, { key: s.ro })).json.name).toBe("k");
    const other = s.fake.createProject();
    const res = await call(s.fake, "GET", `/api/v3/checks/${uniqueKey}`, { key: other.readWriteKey as string });
    expect(res.status).toBe(404);
    expect(res.text).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const unknown = await s.rwCall("GET", `/api/v3/checks/${"a".repeat(40)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe("");
  });

  test("seed mode: unique key of another project → 403 access denied; unknown → 404 not found JSON", async () => {
    const s = setup();
    const uuid = await s.create();
    const uniqueKey = (await call(s.fake, "GET", `/api/v3/checks/${uuid}`, { key: s.ro })).json.unique_key as string;
    const other = s.fake.createProject();
    const res = await call(s.fake, "GET", `/api/v3/checks/${uniqueKey}`, { key: other.readWriteKey as string });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "access denied" });
    const unknown = await s.rwCall("GET", `/api/v3/checks/${"b".repeat(40)}`);
    expect(unknown.json).toEqual({ error: "not found" });
  });

  test("unique_key is the SHA-1 of the first 16 hex digits of the UUID (the service's vectors)", async () => {
    const s = setup();
    await s.create();
    const state = s.fake.exportState();
    const [check] = state.checks;
    if (!check) throw new Error("no check exported");
    check.uuid = "7918b17b-a745-4db1-8575-9d2e07c97f79";
    s.fake.importState(state);
    const res = await s.rwCall("GET", "/api/v3/checks/7aef250c5c261a8d68a0c18d41137deb22834bee");
    expect(res.status).toBe(200);
    expect(res.json.ping_url).toBe("http://localhost:8000/ping/7918b17b-a745-4db1-8575-9d2e07c97f79");
  });

  test("POST or DELETE on a unique-key path → 405", async () => {
    const s = setup({ compat: "live" });
    expect((await s.rwCall("POST", `/api/v3/checks/${"a".repeat(40)}`, { body: {} })).status).toBe(405);
    expect((await s.rwCall("DELETE", `/api/v3/checks/${"a".repeat(40)}`)).status).toBe(405);
  });
});

describe("routing the same paths again", () => {
  test("answers a path as it did, after hundreds of others and as its check comes and goes", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "again" });
    const path = `/api/v3/checks/${uuid}`;
    expect((await s.rwCall("GET", path)).json.name).toBe("again");
    for (let i = 0; i < 300; i++) {
      const other = `/api/v3/checks/${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`;
      expect((await s.rwCall("GET", other)).status).toBe(404);
    }
    expect((await s.rwCall("GET", path)).json.name).toBe("again");
    expect((await s.rwCall("GET", `${path}/pings/`)).status).toBe(200);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid.toUpperCase()}`)).status).toBe(404);
    expect((await s.rwCall("DELETE", path)).status).toBe(200);
    expect((await s.rwCall("GET", path)).status).toBe(404);
    const journal = s.fake.journal();
    expect(journal.at(-1)).toMatchObject({ path: "/api/v3/checks/***", operation: "getCheck", status: 404 });
    expect(journal.filter((entry) => entry.path.includes(uuid))).toEqual([]);
  });

  test("a ping path keeps its secret masked however often it is routed", async () => {
    const s = setup();
    const uuid = await s.create();
    for (let i = 0; i < 3; i++) expect((await call(s.fake, "GET", `/ping/${uuid}/${i}`)).status).toBe(200);
    expect((await call(s.fake, "GET", "/ping/short-key/job")).status).toBe(404);
    expect((await call(s.fake, "GET", "/ping/short-key/job")).status).toBe(404);
    const paths = s.fake.journal().map((entry) => entry.path).filter((path) => path.startsWith("/ping/"));
    expect(paths).toEqual(["/ping/***/0", "/ping/***/1", "/ping/***/2", "/ping/***/job", "/ping/***/job"]);
  });
});
