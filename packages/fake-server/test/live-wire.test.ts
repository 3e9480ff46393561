/**
 * Live mode byte for byte against Healthchecks v4.3 (issue 11): the
 * framework's pages and headers, integer-only durations in requests, float
 * ping durations, v1/v2 slugs on update; and seed mode's own flips rule.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { badgeSignature } from "../src/model/badges.js";
import { call, MINUTE, ping, setup, type Answer } from "./helpers.js";

// The service's pages as taken from a v4.3 server (copied into the fixtures).
const wire = (name: string) => readFileSync(new URL(`./fixtures/wire/${name}`, import.meta.url));
const NOT_FOUND = wire("404-not-found.html");
const CSRF_NO_COOKIE = wire("403-csrf-http.html");
const HTML = "text/html; charset=utf-8";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const FRAMEWORK = {
  "cross-origin-opener-policy": "same-origin",
  "referrer-policy": "same-origin",
  vary: "Cookie",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

async function bytesOf(answer: Answer): Promise<Buffer> {
  return Buffer.from(await answer.response.clone().arrayBuffer());
}

async function expectPage(answer: Answer, status: number, page: Buffer, label: string): Promise<void> {
  expect(answer.status, label).toBe(status);
  expect(answer.headers.get("content-type"), label).toBe(HTML);
  expect((await bytesOf(answer)).equals(page), label).toBe(true);
  expect(answer.headers.get("access-control-allow-origin"), label).toBeNull();
}

describe("the wire fixtures", () => {
  test("are the service's files: 179 and 1367 bytes, the 404 page starting with a newline", () => {
    expect(NOT_FOUND.byteLength).toBe(179);
    expect(NOT_FOUND.toString("latin1").startsWith("\n<!doctype html>\n")).toBe(true);
    expect(CSRF_NO_COOKIE.byteLength).toBe(1367);
  });
});

describe("404 page", () => {
  test("every management endpoint with an unknown check UUID, in both modes' routing and live lookups", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    for (const [method, path] of [
      ["GET", `/api/v3/checks/${UNKNOWN}`],
      ["POST", `/api/v3/checks/${UNKNOWN}`],
      ["DELETE", `/api/v3/checks/${UNKNOWN}`],
      ["POST", `/api/v3/checks/${UNKNOWN}/pause`],
      ["POST", `/api/v1/checks/${UNKNOWN}/resume`],
      ["GET", `/api/v2/checks/${UNKNOWN}/pings/`],
      ["GET", `/api/v3/checks/${UNKNOWN}/pings/1/body`],
      ["GET", `/api/v3/checks/${UNKNOWN}/flips/`],
      ["GET", `/api/v3/checks/${uuid}/pings/1/body`],
    ] as const) {
      await expectPage(await s.rwCall(method, path), 404, NOT_FOUND, `${method} ${path}`);
    }
  });

  test("unrouted paths in both modes: unknown paths, uppercase UUIDs, unroutable ping URLs", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const uuid = await s.create({ slug: "backup" });
      for (const path of [
        "/nothing/here",
        "/api/v4/checks/",
        `/api/v3/checks/${uuid.toUpperCase()}`,
        `/api/v3/checks/${uuid}/`,
        `/ping/${uuid}/start/`,
        `/ping/${s.project.pingKey}/backup/`,
        `/ping/${s.project.pingKey}/back.up`,
      ]) {
        await expectPage(await call(s.fake, "GET", path), 404, NOT_FOUND, `${compat} ${path}`);
      }
    }
  });

  test("a slug URL that routes but finds no check keeps the view's text `not found`", async () => {
    const s = setup({ compat: "live" });
    const res = await call(s.fake, "GET", `/ping/${s.project.pingKey}/missing`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe(HTML);
    expect(res.text).toBe("not found");
  });
});

describe("CSRF refusal", () => {
  async function routes() {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ tags: "foo" });
    const badgeUrl = (await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.badge_url as string;
    const sig = badgeSignature(s.project.badgeKey, "fake-badge-secret", "foo");
    const paths = [
      "/api/v1/status/",
      "/api/v2/status/",
      "/api/v3/status/",
      "/api/v3/metrics/",
      `/badge/${s.project.badgeKey}/${sig}/foo.svg`,
      `/badge/${s.project.badgeKey}/${sig}-2/foo.json`,
      new URL(badgeUrl).pathname,
    ];
    return { s, paths };
  }

  test("unsafe methods (custom ones too) without a cookie: 403 with the exact page", async () => {
    const { s, paths } = await routes();
    for (const path of paths) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "PURGE"]) {
        await expectPage(await call(s.fake, method, path), 403, CSRF_NO_COOKIE, `${method} ${path}`);
      }
      await expectPage(
        await call(s.fake, "POST", path, { headers: { Origin: "http://localhost:8000" } }),
        403,
        CSRF_NO_COOKIE,
        `same-origin POST ${path}`,
      );
    }
  });

  test("with a CSRF cookie or a foreign Origin: the same page without the cookie paragraphs", async () => {
    const { s, paths } = await routes();
    const text = CSRF_NO_COOKIE.toString("utf8");
    const start = text.indexOf("\n  <p>You are seeing");
    const end = text.indexOf("\n\n</div>") + 1;
    const other = Buffer.from(text.slice(0, start) + text.slice(end), "utf8");
    expect(other.toString("utf8")).toContain("<p>CSRF verification failed. Request aborted.</p>\n\n\n</div>\n");
    for (const headers of [{ Cookie: "a=b; csrftoken=x" }, { Origin: "https://evil.example" }]) {
      await expectPage(await call(s.fake, "DELETE", paths[2] as string, { headers }), 403, other, JSON.stringify(headers));
      await expectPage(await call(s.fake, "POST", paths[4] as string, { headers }), 403, other, JSON.stringify(headers));
    }
  });

  test("safe methods pass the guard: status answers OK, metrics (no key) 403 empty, badges keep their gate", async () => {
    const { s, paths } = await routes();
    const ok = await call(s.fake, "GET", "/api/v3/status/");
    expect([ok.status, ok.headers.get("content-type"), ok.text]).toEqual([200, HTML, "OK"]);
    expect((await call(s.fake, "OPTIONS", "/api/v3/status/")).text).toBe("OK");
    const metrics = await call(s.fake, "GET", "/api/v2/metrics/", { headers: { "X-Metrics-Key": "x" } });
    expect([metrics.status, metrics.headers.get("content-type"), metrics.text]).toEqual([403, HTML, ""]);
    expect((await call(s.fake, "GET", "/api/v3/metrics")).headers.get("location")).toBe("/api/v3/metrics/");
    const head = await call(s.fake, "HEAD", paths[4] as string);
    expect([head.status, head.text]).toEqual([405, ""]);
  });

  test("seed mode has the same guard and page", async () => {
    const s = setup();
    await expectPage(await call(s.fake, "POST", "/api/v3/status/"), 403, CSRF_NO_COOKIE, "seed");
  });
});

describe("framework headers", () => {
  test("live: on JSON, HTML, ping, error and preflight answers; the slash redirect lacks X-Frame-Options", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const answers = [
      await s.rwCall("GET", "/api/v3/checks/"),
      await s.rwCall("GET", `/api/v3/checks/${UNKNOWN}`),
      await call(s.fake, "GET", "/api/v3/checks/"),
      await call(s.fake, "OPTIONS", "/api/v3/checks/"),
      await ping(s.fake, uuid),
      await call(s.fake, "POST", "/api/v3/status/"),
      await call(s.fake, "GET", "/nowhere"),
    ];
    for (const answer of answers) {
      for (const [name, value] of Object.entries(FRAMEWORK)) expect(answer.headers.get(name), name).toBe(value);
    }
    const redirect = await s.rwCall("GET", "/api/v3/checks");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("x-frame-options")).toBeNull();
    expect(redirect.headers.get("vary")).toBe("Cookie");
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("seed mode and injected faults do not add them", async () => {
    const seed = setup();
    expect((await seed.rwCall("GET", "/api/v3/checks/")).headers.get("x-frame-options")).toBeNull();
    const live = setup({ compat: "live" });
    live.fake.inject({ operation: "listChecks", status: 503 });
    const faulted = await live.rwCall("GET", "/api/v3/checks/");
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get("x-frame-options")).toBeNull();
  });
});

describe("timeout and grace: integer literals only in live mode", () => {
  const NOT_A_NUMBER = (field: string) => `{"error": "json validation error: ${field} is not a number"}`;

  test("a fraction or an exponent is not a number even when whole; create and update; JSON 400", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    for (const field of ["timeout", "grace"]) {
      for (const token of ["3600.0", "3.6e3", "1e3", "3600E0", "-0.0", "3600.5"]) {
        for (const path of ["/api/v3/checks/", `/api/v3/checks/${uuid}`]) {
          const res = await s.rwCall("POST", path, { body: `{"name": "x", "${field}": ${token}}` });
          expect(res.status, `${field} ${token}`).toBe(400);
          expect(res.headers.get("content-type")).toBe("application/json");
          expect(res.text).toBe(NOT_A_NUMBER(field));
        }
      }
    }
  });

  test("integer literals pass; true is 1 second (too small); the raw token of the top-level member counts", async () => {
    const s = setup({ compat: "live" });
    const created = await s.rwCall("POST", "/api/v3/checks/", { body: '{"timeout": 3600, "grace" : -0}' });
    expect(created.text).toBe('{"error": "json validation error: grace is too small"}');
    const ok = await s.rwCall("POST", "/api/v3/checks/", { body: '{ "timeout":3600 ,"grace":\n120}' });
    expect([ok.status, ok.json.timeout, ok.json.grace]).toEqual([201, 3600, 120]);
    const tooSmall = await s.rwCall("POST", "/api/v3/checks/", { body: '{"timeout": true}' });
    expect(tooSmall.text).toBe('{"error": "json validation error: timeout is too small"}');
    // Nested members and strings do not count; a repeated member's last token does; keys are unescaped.
    const nested = await s.rwCall("POST", "/api/v3/checks/", {
      body: '{"desc": "\\"timeout\\": 1.0", "tags": "a", "x": {"timeout": 1.5, "y": [1e3, {"grace": 2.0}]}, "timeout": 1.0e3, "timeout": 600}',
    });
    expect([nested.status, nested.json.timeout]).toEqual([201, 600]);
    const escaped = await s.rwCall("POST", "/api/v3/checks/", { body: '{"\\u0074imeout": 600.0}' });
    expect(escaped.text).toBe(NOT_A_NUMBER("timeout"));
  });

  test("seed mode accepts any finite number in range", async () => {
    const s = setup();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: '{"timeout": 3600.0, "grace": 1e3}' });
    expect([res.status, res.json.timeout, res.json.grace]).toEqual([201, 3600, 1000]);
  });
});

describe("ping duration is a float", () => {
  test("printed like Python: 0.0, 12.0, round(x, 2) with ties to even; last_duration stays an int", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const run = async (ms: number) => {
      await ping(s.fake, uuid, "/start");
      s.fake.clock.advance(ms);
      await ping(s.fake, uuid);
    };
    await run(0);
    await run(12_000);
    await run(1125); // exactly halfway: Python rounds 1.125 to 1.12
    await run(2_346);
    const res = await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.text.match(/"duration": [^}]*/g)).toEqual(["duration\": 2.35", "duration\": 1.12", "duration\": 12.0", "duration\": 0.0"].map((d) => `"${d}`));
    const check = await s.rwCall("GET", `/api/v3/checks/${uuid}`);
    expect(check.text).toContain('"last_duration": 2,');
  });
});

describe("v1/v2 slug on update", () => {
  test("derived from name only when the name changes", async () => {
    for (const version of [1, 2]) {
      const s = setup({ compat: "live" });
      const uuid = await s.create({ name: "Web 1" });
      const path = `/api/v${version}/checks/${uuid}`;
      expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.slug).toBe("");
      const same = await s.rwCall("POST", path, { body: { name: "Web 1" } });
      expect([same.status, same.headers.get("content-type")]).toEqual([200, "application/json"]);
      expect(same.text.startsWith('{"name": "Web 1", "slug": "", "tags": ""')).toBe(true);
      const renamed = await s.rwCall("POST", path, { body: { name: "Web 2" } });
      expect(renamed.text.startsWith('{"name": "Web 2", "slug": "web-2", "tags": ""')).toBe(true);
      const explicit = await s.rwCall("POST", path, { body: { name: "Web 3", slug: "mine" } });
      expect(explicit.text.startsWith('{"name": "Web 3", "slug": "mine", "tags": ""')).toBe(true);
    }
  });
});

describe("seed mode flips", () => {
  test("a first ping, a pause and a resume list nothing; a timeout and the recovery do", async () => {
    const s = setup();
    const uuid = await s.create({ timeout: 60, grace: 60 });
    await ping(s.fake, uuid);
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    await s.rwCall("POST", `/api/v3/checks/${uuid}/resume`);
    const empty = await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`);
    expect([empty.status, empty.headers.get("content-type"), empty.text]).toEqual([200, "application/json", "[]"]);
    await ping(s.fake, uuid);
    s.fake.clock.advance(3 * MINUTE);
    await ping(s.fake, uuid);
    const listed = await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`);
    expect(listed.text).toBe('[{"timestamp": "2020-01-01T00:03:00+00:00", "up": 1}, {"timestamp": "2020-01-01T00:02:00+00:00", "up": 0}]');
  });
});

describe("ping refusals", () => {
  test("the slug lookup's refusals carry no no-cache headers; the UUID flow's do", async () => {
    const s = setup({ compat: "live" });
    await s.create({ slug: "twin" });
    await s.create({ slug: "twin" });
    const key = s.project.pingKey;
    for (const [path, status, text] of [
      [`/ping/${key}/Upper`, 400, "invalid url format"],
      [`/ping/${key}/twin`, 409, "ambiguous slug"],
      [`/ping/${key}/missing`, 404, "not found"],
      [`/ping/${key}/missing?create=0`, 404, "not found"],
    ] as const) {
      const res = await call(s.fake, "GET", path);
      expect([res.status, res.headers.get("content-type"), res.text], path).toEqual([status, HTML, text]);
      expect(res.headers.get("cache-control"), path).toBeNull();
      expect(res.headers.get("expires"), path).toBeNull();
    }
    const unknown = await ping(s.fake, UNKNOWN);
    expect([unknown.status, unknown.text]).toEqual([404, "not found"]);
    expect(unknown.headers.get("cache-control")).toBe("max-age=0, no-cache, no-store, must-revalidate, private");
    const badRid = await call(s.fake, "GET", `/ping/${key}/missing?create=1&rid=x`);
    expect([badRid.status, badRid.text]).toEqual([400, "invalid uuid format"]);
    expect(badRid.headers.get("expires")).not.toBeNull();
  });
});

describe("400 page", () => {
  test("a management body over the upload limit gets the framework's 400 page, from the 404 page's template", async () => {
    const s = setup({ compat: "live", apiBodyLimit: 1000 });
    const page = Buffer.from(
      "\n<!doctype html>\n<html lang=\"en\">\n<head>\n  <title>Bad Request (400)</title>\n</head>\n<body>\n  <h1>Bad Request (400)</h1><p></p>\n</body>\n</html>\n",
    );
    const answer = await s.rwCall("POST", "/api/v3/checks/", { body: { name: "x".repeat(2000) } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toBe(HTML);
    expect((await bytesOf(answer)).equals(page)).toBe(true);
  });
});
