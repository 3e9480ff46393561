import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

describe("API versions", () => {
  test("v1 and v2 slugify the name; an explicit slug wins; v3 does not", async () => {
    const s = setup();
    for (const version of [1, 2]) {
      const res = await s.rwCall("POST", `/api/v${version}/checks/`, { body: { name: "  Nightly  Bäckup -- DB!_ " } });
      expect(res.json.slug, `v${version}`).toBe("nightly-backup-db");
      const explicit = await s.rwCall("POST", `/api/v${version}/checks/`, { body: { name: "A B", slug: "mine" } });
      expect(explicit.json.slug).toBe("mine");
    }
    expect((await s.rwCall("POST", "/api/v3/checks/", { body: { name: "A B" } })).json.slug).toBe("");
  });

  test("URLs use the version of the request", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const res = await s.rwCall("GET", `/api/v2/checks/${uuid}`);
    expect(res.json.update_url).toBe(`http://localhost:8000/api/v2/checks/${uuid}`);
    expect(res.json.pause_url).toBe(`http://localhost:8000/api/v2/checks/${uuid}/pause`);
    expect(res.json.resume_url).toBe(`http://localhost:8000/api/v2/checks/${uuid}/resume`);
  });

  test("unknown versions are not routed", async () => {
    const s = setup();
    expect((await s.rwCall("GET", "/api/v4/checks/")).status).toBe(404);
    expect((await s.rwCall("GET", "/api/v0/checks/")).status).toBe(404);
  });

  test("baseUrl with a path: served under it, printed in URLs", async () => {
    const s = setup({ baseUrl: "http://example.com/hc/", compat: "live" });
    const res = await s.fake.handle(
      new Request("http://example.com/hc/api/v3/checks/", { method: "POST", headers: { "X-Api-Key": s.rw }, body: "{}" }),
    );
    const check = (await res.json()) as { ping_url: string; update_url: string; uuid: string };
    expect(check.ping_url).toBe(`http://example.com/hc/ping/${check.uuid}`);
    const pinged = await s.fake.handle(new Request(check.ping_url));
    expect(pinged.status).toBe(200);
  });

  test("a separate ping endpoint is printed and routed", async () => {
    const s = setup({ pingEndpoint: "https://ping.example.com" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: {} });
    const url = res.json.ping_url as string;
    expect(url).toMatch(/^https:\/\/ping\.example\.com\/[0-9a-f-]{36}$/);
    expect((await s.fake.handle(new Request(url))).status).toBe(200);
    expect((await call(s.fake, "GET", "/api/v3/checks/", { key: s.rw })).status).toBe(200);
  });
});
