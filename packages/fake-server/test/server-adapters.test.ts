import { request } from "undici";
import { describe, expect, test } from "vitest";
import { setup } from "./helpers.js";

describe("FakeServer adapters", () => {
  test("listen(): a real socket on 127.0.0.1; the peer address is logged for pings", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const server = await s.fake.listen({ port: 0, host: "127.0.0.1" });
    try {
      const res = await fetch(`${server.url}/ping/${uuid}`, { method: "POST", body: "hi" });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("OK");
      const list = await fetch(`${server.url}/api/v3/checks/${uuid}/pings/`, { headers: { "X-Api-Key": s.rw } });
      const { pings } = (await list.json()) as { pings: { remote_addr: string; method: string }[] };
      expect(pings[0]).toMatchObject({ remote_addr: "127.0.0.1", method: "POST" });
    } finally {
      await server.close();
    }
  });

  test("dispatcher(): in-process undici requests", async () => {
    const s = setup();
    const res = await request("http://localhost:8000/api/v3/checks/", {
      dispatcher: s.fake.dispatcher(),
      headers: { "x-api-key": s.rw },
    });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ checks: [] });
  });

  test("handlers(): msw handlers for the base URL", () => {
    const s = setup();
    expect(s.fake.handlers()).toHaveLength(1);
  });
});
