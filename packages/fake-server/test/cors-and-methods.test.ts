import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

const UUID = "00000000-0000-4000-8000-000000000000";

describe("routing, CORS gate and methods", () => {
  test("OPTIONS → 204 with CORS headers and no authentication", async () => {
    const { fake } = setup();
    const res = await call(fake, "OPTIONS", "/api/v3/checks/");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toBe("X-Api-Key");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
    expect(res.headers.get("access-control-max-age")).toBe("600");
    expect((await call(fake, "OPTIONS", `/api/v3/checks/${UUID}`)).headers.get("access-control-allow-methods")).toBe(
      "GET, POST, DELETE, OPTIONS",
    );
  });

  test("a method not allowed → 405 before auth (live empty, seed JSON), with CORS", async () => {
    const live = setup({ compat: "live" });
    for (const [method, path] of [
      ["PUT", "/api/v3/checks/"],
      ["HEAD", "/api/v3/checks/"],
      ["DELETE", "/api/v3/channels/"],
      ["POST", `/api/v3/checks/${UUID}/pings/`],
      ["PATCH", `/api/v3/checks/${UUID}`],
    ] as const) {
      const res = await call(live.fake, method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.text).toBe("");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const seed = setup();
    expect((await call(seed.fake, "PUT", "/api/v3/checks/")).json).toEqual({ error: "method not allowed" });
  });

  test("collection paths without slash → 301 keeping the query, any method", async () => {
    const { fake } = setup();
    for (const [method, path] of [
      ["GET", "/api/v3/checks?tag=a"],
      ["POST", "/api/v3/checks"],
      ["GET", "/api/v3/channels"],
      ["GET", "/api/v3/badges"],
      ["GET", `/api/v3/checks/${UUID}/pings`],
      ["GET", "/api/v3/status"],
    ] as const) {
      const res = await call(fake, method, path);
      expect(res.status, path).toBe(301);
      const [pathname, query] = path.split("?");
      expect(res.headers.get("location")).toBe(`${pathname}/${query ? `?${query}` : ""}`);
    }
  });

  test("single-resource paths with an extra slash and unknown paths → 404 page, no CORS", async () => {
    const { fake } = setup();
    for (const path of [
      `/api/v3/checks/${UUID}/`,
      `/api/v3/checks/${UUID}/pause/`,
      "/api/v3/checks/not-a-uuid",
      "/api/v3/checks/ABCDEF00-0000-4000-8000-000000000000",
      "/api/v3/checks/0000000000004000800000000000000000",
      "/nothing",
      "/",
      "/api/v3/metric/",
    ]) {
      const res = await call(fake, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.text).toContain("<title>Not Found</title>");
    }
  });

  test("status/ answers OK to safe methods; unsafe → 403", async () => {
    const { fake } = setup();
    for (const version of [1, 2, 3]) {
      const res = await call(fake, "GET", `/api/v${version}/status/`);
      expect(res.status).toBe(200);
      expect(res.text).toBe("OK");
    }
    expect((await call(fake, "HEAD", "/api/v3/status/")).status).toBe(200);
    expect((await call(fake, "POST", "/api/v3/status/")).status).toBe(403);
  });

  test("percent-encoded paths are decoded once", async () => {
    const s = setup();
    expect((await call(s.fake, "GET", "/api/v3/%63hecks/", { key: s.rw })).status).toBe(200);
    expect((await call(s.fake, "GET", "/api/v3/checks/%ZZ")).status).toBe(404);
    expect((await call(s.fake, "GET", "/api/v3/checks/%ff%fe")).status).toBe(404);
  });
});
