import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

describe("API keys", () => {
  test("no key → 401 missing api key, JSON, with CORS", async () => {
    const { fake } = setup();
    const res = await call(fake, "GET", "/api/v3/checks/");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.text).toBe('{"error": "missing api key"}');
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("key of wrong length → missing api key; unknown 32-char key → wrong api key", async () => {
    const { fake } = setup();
    expect((await call(fake, "GET", "/api/v3/checks/", { key: "short" })).json).toEqual({ error: "missing api key" });
    expect((await call(fake, "GET", "/api/v3/checks/", { key: "" })).json).toEqual({ error: "missing api key" });
    const wrong = await call(fake, "GET", "/api/v3/checks/", { key: "x".repeat(32) });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: "wrong api key" });
  });

  test("read-only key works on list/get/flips/badges only", async () => {
    const s = setup();
    const uuid = await s.create();
    for (const path of ["/api/v3/checks/", `/api/v3/checks/${uuid}`, `/api/v3/checks/${uuid}/flips/`, "/api/v3/badges/"]) {
      expect((await call(s.fake, "GET", path, { key: s.ro })).status, path).toBe(200);
    }
    const refused: [string, string][] = [
      ["POST", "/api/v3/checks/"],
      ["POST", `/api/v3/checks/${uuid}`],
      ["DELETE", `/api/v3/checks/${uuid}`],
      ["POST", `/api/v3/checks/${uuid}/pause`],
      ["POST", `/api/v3/checks/${uuid}/resume`],
      ["GET", `/api/v3/checks/${uuid}/pings/`],
      ["GET", `/api/v3/checks/${uuid}/pings/1/body`],
      ["GET", "/api/v3/channels/"],
    ];
    for (const [method, path] of refused) {
      const res = await call(s.fake, method, path, { key: s.ro });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ error: "wrong api key" });
    }
  });

  test("POST takes api_key from the body when no header is sent", async () => {
    const s = setup();
    const res = await call(s.fake, "POST", "/api/v3/checks/", { body: { api_key: s.rw, name: "x" } });
    expect(res.status).toBe(201);
  });

  test("the header wins over the body, even when empty", async () => {
    const s = setup();
    const res = await call(s.fake, "POST", "/api/v3/checks/", { body: { api_key: s.rw }, headers: { "X-Api-Key": "" } });
    expect(res.json).toEqual({ error: "missing api key" });
  });

  test("body api_key values that are not strings fail the length test", async () => {
    const s = setup();
    for (const value of [true, null, 123, ["a"], { a: 1 }]) {
      const res = await call(s.fake, "POST", "/api/v3/checks/", { body: { api_key: value } });
      expect(res.json).toEqual({ error: "missing api key" });
    }
  });

  test("GET and DELETE never read the key from a body", async () => {
    const s = setup();
    const uuid = await s.create();
    const res = await s.fake.handle(
      new Request(`http://localhost:8000/api/v3/checks/${uuid}`, { method: "DELETE", body: JSON.stringify({ api_key: s.rw }) }),
    );
    expect(res.status).toBe(401);
  });

  test("body parsing happens before the key check", async () => {
    const { fake } = setup();
    const res = await call(fake, "POST", "/api/v3/checks/", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "could not parse request body" });
  });

  test("a key of another project is 403 on that project's check (empty in live)", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const other = s.fake.createProject();
    const res = await call(s.fake, "GET", `/api/v3/checks/${uuid}`, { key: other.readWriteKey as string });
    expect(res.status).toBe(403);
    expect(res.text).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("a project without a read-only key refuses read-only access", async () => {
    const s = setup();
    const project = s.fake.createProject({ readOnlyKey: null });
    expect(project.readOnlyKey).toBeNull();
    expect(project.readWriteKey).toMatch(/^hcw_[A-Za-z0-9]{28}$/);
  });

  test("legacy plain 32-character keys work with their configured kind", async () => {
    const s = setup();
    const project = s.fake.createProject({ readWriteKey: "a".repeat(32), readOnlyKey: "b".repeat(32) });
    expect((await call(s.fake, "GET", "/api/v3/channels/", { key: "a".repeat(32) })).status).toBe(200);
    expect((await call(s.fake, "GET", "/api/v3/channels/", { key: "b".repeat(32) })).status).toBe(401);
    expect((await call(s.fake, "GET", "/api/v3/checks/", { key: "b".repeat(32) })).status).toBe(200);
    expect(project.readOnlyKey).toBe("b".repeat(32));
  });

  test("createProject refuses keys of the wrong length and duplicates, naming the member, never the key", async () => {
    const s = setup();
    const secret = "hcw_not-quite-32-characters";
    expect(() => s.fake.createProject({ readWriteKey: secret })).toThrow(
      new RangeError("readWriteKey must be 32 characters long, not 27"),
    );
    expect(() => s.fake.createProject({ readOnlyKey: s.rw })).toThrow(new RangeError("readOnlyKey is already the API key of another project"));
    expect(() => s.fake.createProject({ pingKey: s.project.pingKey })).toThrow(
      new RangeError("pingKey is already the ping key of another project"),
    );
    for (const body of [{ readWriteKey: secret }, { readWriteKey: s.rw }, { pingKey: s.project.pingKey }]) {
      const answer = await call(s.fake, "POST", "/__fake/projects", { body, headers: { "Content-Type": "application/json" } });
      expect(answer.status).toBe(400);
      for (const key of [secret, s.rw, s.project.pingKey]) expect(answer.text).not.toContain(key);
    }
  });
});
