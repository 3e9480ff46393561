import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BASE, call, setup } from "./helpers.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "FOO"];

describe("bad input never crashes", () => {
  test("malformed bodies → the service's 400s", async () => {
    const s = setup({ compat: "live" });
    const cases: [string | Uint8Array, string][] = [
      ["{", "could not parse request body"],
      ["   ", "could not parse request body"],
      ["\ufeff{}", "could not parse request body"],
      [new Uint8Array([0x7b, 0xff, 0x7d]), "could not parse request body"],
      ["name=x", "could not parse request body"],
      ["[]", "json validation error: value is not an object"],
      ['"text"', "json validation error: value is not an object"],
      ["null", "json validation error: value is not an object"],
      ["12", "json validation error: value is not an object"],
      ['{"timeout": 1e400}', "json validation error: timeout is not a number"],
      ['{"name": "\\ud800"}', "json validation error: name is not a string"],
    ];
    for (const [body, error] of cases) {
      const res = await s.rwCall("POST", "/api/v3/checks/", { body });
      expect(res.status, String(body)).toBe(400);
      expect(res.json).toEqual({ error });
    }
  });

  test("an integer literal of more than 4300 digits does not parse, as in Python", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const digits = (n: number) => `1${"0".repeat(n - 1)}`;
      const parse = async (extra: string) => (await s.rwCall("POST", "/api/v3/checks/", { body: `{"name": "n", "extra": ${extra}}` })).status;
      for (const extra of [digits(4301), `-${digits(4301)}`, `[1, {"a": ${digits(5000)}}]`]) expect(await parse(extra)).toBe(400);
      for (const extra of [digits(4300), `${digits(5000)}.5`, `${digits(5000)}e1`, `"${digits(5000)}"`, `0.${digits(5000)}`]) {
        expect(await parse(extra)).toBe(201);
      }
      const res = await call(s.fake, "POST", "/api/v3/checks/", { body: `{"timeout": ${digits(4301)}}` });
      expect(res.json).toEqual({ error: "could not parse request body" });
    }
  });

  test("duplicate keys: the last one wins", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: '{"name": "a", "name": "b"}' });
    expect(res.json.name).toBe("b");
  });

  test("bodies above the API limit are refused with 400 before authentication", async () => {
    const live = setup({ compat: "live", apiBodyLimit: 1000 });
    const big = JSON.stringify({ desc: "x".repeat(5000) });
    const res = await call(live.fake, "POST", "/api/v3/checks/", { body: big });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Bad Request (400)");
    const seed = setup({ apiBodyLimit: 1000 });
    expect((await call(seed.fake, "POST", "/api/v3/checks/", { body: big })).json).toEqual({ error: "could not parse request body" });
  });

  test("huge ping bodies are cut, not buffered whole", async () => {
    const s = setup({ compat: "live", pingBodyLimit: 10 });
    const uuid = await s.create();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 30; i++) controller.enqueue(new Uint8Array(65536).fill(65));
        controller.close();
      },
    });
    const res = await s.fake.handle(new Request(`${BASE}/ping/${uuid}`, { method: "POST", body: stream, duplex: "half" } as RequestInit));
    expect(res.status).toBe(200);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`)).text).toBe("A".repeat(10));
  });

  test("random methods, paths, queries, headers and bodies never give a 500 or throw", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ slug: "job", tags: "t" });
    const segment = fc.oneof(
      fc.constantFrom("api", "v1", "v3", "checks", "pings", "flips", "ping", "badge", "b", "start", "fail", "1", "256", "", uuid, s.project.pingKey, "job", "%ZZ", "%2540", "a.svg", "x.json", "*"),
      fc.string({ maxLength: 12 }),
    );
    const path = fc.array(segment, { maxLength: 7 }).map((parts) => `/${parts.map((p) => encodeURIComponent(p).replace(/%25/g, "%")).join("/")}`);
    const body = fc.oneof(fc.constant(undefined), fc.json(), fc.string(), fc.uint8Array({ maxLength: 64 }));
    const key = fc.constantFrom(undefined, s.rw, s.ro, "", "x".repeat(32));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), path, fc.string({ maxLength: 20 }), body, key, async (method, p, query, b, k) => {
        let url: string;
        try {
          url = new URL(`${BASE}${p}?${encodeURIComponent(query)}`).toString();
        } catch {
          return;
        }
        const init: RequestInit = { method, headers: k === undefined ? {} : { "X-Api-Key": k } };
        if (b !== undefined && method !== "GET" && method !== "HEAD") init.body = b as BodyInit;
        const res = await s.fake.handle(new Request(url, init));
        expect(res.status).not.toBe(500);
      }),
      { numRuns: 400 },
    );
  });

  test("random create bodies give 201 or a 400 JSON error", async () => {
    const s = setup({ compat: "live" });
    s.fake.createProject({ checkLimit: 10_000 });
    const member = fc.constantFrom("name", "slug", "tags", "desc", "timeout", "grace", "schedule", "tz", "methods", "channels", "unique", "subject", "manual_resume", "filter_body");
    const value = fc.oneof(fc.jsonValue(), fc.constantFrom("* * * * *", "Europe/Riga", "POST", "", "*", ["name"]));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(member, value), async (body) => {
        const res = await s.rwCall("POST", "/api/v3/checks/", { body });
        expect([200, 201, 400, 403]).toContain(res.status);
        if (res.status === 400) expect(res.json.error).toEqual(expect.any(String));
      }),
      { numRuns: 300 },
    );
  });
});
