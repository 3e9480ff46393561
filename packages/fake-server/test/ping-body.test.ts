import { describe, expect, test } from "vitest";
import { call, ping, setup } from "./helpers.js";

describe("ping body endpoint", () => {
  test("200 text/plain with the exact bytes, CORS", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const bytes = new Uint8Array([0x68, 0x69, 0xff, 0x00, 0x0a]);
    await ping(s.fake, uuid, "", { method: "POST", body: bytes });
    const res = await s.fake.handle(
      new Request(`http://localhost:8000/api/v3/checks/${uuid}/pings/1/body`, { headers: { "X-Api-Key": s.rw } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  test("no body, unknown n, huge n → 404 page", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid);
    for (const n of ["1", "2", "0", "2147483648", "99999999999999999999999"]) {
      const res = await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/${n}/body`);
      expect(res.status, n).toBe(404);
      expect(res.text).toContain("Not Found");
    }
  });

  test("outside the retention window → 404 even if still stored", async () => {
    const s = setup({ compat: "live" });
    const p = s.fake.createProject({ pingLogLimit: 2 });
    const check = s.fake.createCheck(p.id, {});
    for (let i = 0; i < 3; i++) await ping(s.fake, check.uuid as string, "", { method: "POST", body: `b${i + 1}` });
    const key = p.readWriteKey as string;
    expect((await call(s.fake, "GET", `/api/v3/checks/${check.uuid}/pings/1/body`, { key })).status).toBe(404);
    expect((await call(s.fake, "GET", `/api/v3/checks/${check.uuid}/pings/2/body`, { key })).text).toBe("b2");
  });

  test("read-only key → 401; other project → 403; seed 404 is JSON", async () => {
    const s = setup();
    const uuid = await s.create();
    expect((await call(s.fake, "GET", `/api/v3/checks/${uuid}/pings/1/body`, { key: s.ro })).status).toBe(401);
    const other = s.fake.createProject();
    expect((await call(s.fake, "GET", `/api/v3/checks/${uuid}/pings/1/body`, { key: other.readWriteKey as string })).status).toBe(403);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`)).json).toEqual({ error: "not found" });
  });

  test("email pings keep the whole raw message", async () => {
    const s = setup({ compat: "live", pingBodyLimit: 5 });
    const uuid = await s.create();
    s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, raw: "Subject: hi\r\n\r\nhello world" });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`)).text).toBe("Subject: hi\r\n\r\nhello world");
  });
});
