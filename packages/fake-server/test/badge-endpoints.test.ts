import { describe, expect, test } from "vitest";
import { badgeSignature } from "../src/model/badges.js";
import { call, DAY, MINUTE, ping, setup } from "./helpers.js";

function urls(s: ReturnType<typeof setup>, tag: string) {
  const sig = badgeSignature(s.project.badgeKey, "fake-badge-secret", tag);
  const base = `/badge/${s.project.badgeKey}/${sig}`;
  return { sig, base };
}

describe("badge endpoints", () => {
  test("JSON badge: 3-state late vs 2-state up while in grace", async () => {
    const s = setup();
    const uuid = await s.create({ tags: "foo", timeout: 86400 });
    await ping(s.fake, uuid);
    s.fake.clock.advance(DAY + 10 * MINUTE);
    const { base } = urls(s, "foo");
    expect((await call(s.fake, "GET", `${base}/foo.json`)).text).toBe('{"status": "late", "total": 1, "grace": 1, "down": 0}');
    expect((await call(s.fake, "GET", `${base}-2/foo.json`)).text).toBe('{"status": "up", "total": 1, "grace": 1, "down": 0}');
  });

  test("headers: CORS and no-cache; SVG content type", async () => {
    const s = setup();
    await s.create({ tags: "foo" });
    const { base } = urls(s, "foo");
    const res = await call(s.fake, "GET", `${base}/foo.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.text).toContain('width="52"');
  });

  test("bad signature or format → 404 empty; extra signature characters are not checked", async () => {
    const s = setup();
    await s.create({ tags: "foo" });
    const { base, sig } = urls(s, "foo");
    expect((await call(s.fake, "GET", `${base}/foo.png`)).status).toBe(404);
    const wrong = await call(s.fake, "GET", `/badge/${s.project.badgeKey}/AAAAAAAA/foo.svg`);
    expect(wrong.status).toBe(404);
    expect(wrong.text).toBe("");
    expect((await call(s.fake, "GET", `/badge/${s.project.badgeKey}/${sig}xyz/foo.json`)).json.status).toBe("up");
  });

  test("methods: OPTIONS 204, HEAD 405, POST 403 (CSRF)", async () => {
    const s = setup();
    await s.create({ tags: "foo" });
    const { base } = urls(s, "foo");
    expect((await call(s.fake, "OPTIONS", `${base}/foo.svg`)).status).toBe(204);
    expect((await call(s.fake, "HEAD", `${base}/foo.svg`)).status).toBe(405);
    expect((await call(s.fake, "POST", `${base}/foo.svg`)).status).toBe(403);
  });

  test("all-checks badge with the site name label; down wins", async () => {
    const s = setup({ siteName: "Acme" });
    const a = await s.create();
    await s.create();
    await ping(s.fake, a, "/fail");
    const { base } = urls(s, "*");
    expect((await call(s.fake, "GET", `${base}.shields`)).json).toEqual({
      schemaVersion: 1, label: "Acme", message: "down", color: "critical",
    });
    expect((await call(s.fake, "GET", `${base}.json`)).json).toEqual({ status: "down", total: 2, grace: 0, down: 1 });
  });

  test("a tag with no checks is up with total 0; singly-encoded tags are not routed", async () => {
    const s = setup();
    const { base } = urls(s, "db@dc1");
    expect((await call(s.fake, "GET", `${base}/db%2540dc1.json`)).json).toEqual({ status: "up", total: 0, grace: 0, down: 0 });
    expect((await call(s.fake, "GET", `${base}/db%40dc1.json`)).text).toContain("Not Found");
  });

  test("single-check badge /b/{states}/{badge_key}.{fmt}", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "", timeout: 86400 });
    const badge = (await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.badge_url as string;
    const path = new URL(badge).pathname;
    await ping(s.fake, uuid);
    s.fake.clock.advance(DAY + MINUTE);
    expect((await call(s.fake, "GET", path.replace(".svg", ".json"))).json).toEqual({ status: "up", total: 1, grace: 1, down: 0 });
    expect((await call(s.fake, "GET", path.replace("/b/2/", "/b/3/").replace(".svg", ".json"))).json.status).toBe("late");
    expect((await call(s.fake, "GET", path.replace(".svg", ".shields"))).json.label).toBe(uuid);
    expect((await call(s.fake, "GET", path.replace(".svg", ".gif"))).status).toBe(404);
    const unknown = await call(s.fake, "GET", "/b/2/00000000-0000-4000-8000-000000000000.svg");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("access-control-allow-origin")).toBeNull();
  });
});
