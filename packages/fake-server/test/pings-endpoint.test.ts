import { describe, expect, test } from "vitest";
import { call, ping, setup } from "./helpers.js";

async function log(s: ReturnType<typeof setup>, uuid: string) {
  return (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings;
}

describe("ping endpoints by UUID", () => {
  test("200 OK with CORS, Ping-Body-Limit and no-cache headers", async () => {
    const s = setup();
    const uuid = await s.create();
    const res = await ping(s.fake, uuid);
    expect(res.status).toBe(200);
    expect(res.text).toBe("OK");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("ping-body-limit")).toBe("10000");
    expect(res.headers.get("cache-control")).toBe("max-age=0, no-cache, no-store, must-revalidate, private");
    expect(res.headers.get("expires")).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  test("Expires moves with the clock's second, and Ping-Body-Limit with the limit within one", async () => {
    const s = setup();
    const uuid = await s.create();
    const expires = async (): Promise<string | null> => (await ping(s.fake, uuid)).headers.get("expires");
    s.fake.clock.advance(999);
    expect(await expires()).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
    s.fake.clock.advance(1);
    expect(await expires()).toBe("Wed, 01 Jan 2020 00:00:01 GMT");
    s.fake.setLimits({ pingBodyLimit: 20_000 });
    expect((await ping(s.fake, uuid)).headers.get("ping-body-limit")).toBe("20000");
    s.fake.clock.advance(60_000);
    expect(await expires()).toBe("Wed, 01 Jan 2020 00:01:01 GMT");
  });

  test("no Ping-Body-Limit header when unlimited", async () => {
    const s = setup({ pingBodyLimit: null });
    const uuid = await s.create();
    expect((await ping(s.fake, uuid)).headers.get("ping-body-limit")).toBeNull();
  });

  test("suffixes: /, /start, /fail, /log, exit statuses", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    for (const suffix of ["/", "/start", "/fail", "/log", "/0", "/1", "/255", "/000"]) {
      expect((await ping(s.fake, uuid, suffix)).status, suffix).toBe(200);
    }
    const types = (await log(s, uuid)).map((p: { type: string }) => p.type).reverse();
    expect(types).toEqual(["success", "start", "fail", "log", "success", "fail", "fail", "success"]);
    const bad = await ping(s.fake, uuid, "/256");
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("invalid url format");
    expect(bad.headers.get("access-control-allow-origin")).toBeNull();
    expect((await ping(s.fake, uuid, "/99999999999999999999999")).status).toBe(400);
  });

  test("unknown UUID → 404 not found; malformed UUIDs → 404 page", async () => {
    const s = setup();
    const res = await ping(s.fake, "00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(res.text).toBe("not found");
    const upper = await ping(s.fake, "AAAAAAAA-0000-4000-8000-000000000000".slice(0, 36));
    expect(upper.status).toBe(404);
    expect(upper.text).toContain("Not Found");
    const uuid = await s.create();
    expect((await ping(s.fake, uuid, "/start/")).text).toContain("Not Found");
    expect((await ping(s.fake, uuid, "/other")).text).toBe("not found");
  });

  test("exit status above 255 on an unknown check is still 404", async () => {
    const s = setup();
    expect((await ping(s.fake, "00000000-0000-4000-8000-000000000000", "/300")).status).toBe(404);
  });

  test("every method is a ping, logged under its name (OPTIONS too)", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    for (const method of ["POST", "HEAD", "PUT", "OPTIONS", "DELETE", "PATCH"]) {
      expect((await ping(s.fake, uuid, "", { method })).status, method).toBe(200);
    }
    expect((await log(s, uuid)).map((p: { method: string }) => p.method).reverse()).toEqual([
      "POST", "HEAD", "PUT", "OPTIONS", "DELETE", "PATCH",
    ]);
  });

  test("methods POST: other methods are logged as ign and change nothing", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ methods: "POST" });
    await ping(s.fake, uuid);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json).toMatchObject({ status: "new", n_pings: 1 });
    await ping(s.fake, uuid, "", { method: "POST" });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("up");
    expect((await log(s, uuid)).map((p: { type: string }) => p.type)).toEqual(["success", "ign"]);
  });

  test("rid: canonical UUID (any case, stored lowercase); invalid → 400 invalid uuid format", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "?rid=AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA");
    expect((await log(s, uuid))[0].rid).toBe("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
    for (const rid of ["", "nope", "aaaaaaaaaaaa4aaa8aaaaaaaaaaaaaaa"]) {
      const res = await ping(s.fake, uuid, `/start?rid=${rid}`);
      expect(res.status, rid).toBe(400);
      expect(res.text).toBe("invalid uuid format");
    }
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.n_pings).toBe(1);
  });

  test("log entry fields: scheme, remote_addr, ua, method", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "", {
      headers: { "X-Forwarded-For": "1.1.1.1:1234, 2.2.2.2", "X-Forwarded-Proto": "https", "User-Agent": "u".repeat(300) },
    });
    const [entry] = await log(s, uuid);
    expect(entry).toMatchObject({ scheme: "https", remote_addr: "1.1.1.1", method: "GET", ua: "u".repeat(200) });
  });

  test("caller addresses: IPv6 compressed, mapped kept, garbage as given, peer header fallback", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const send = (headers: Record<string, string>) => ping(s.fake, uuid, "", { headers });
    await send({ "X-Forwarded-For": "2001:0db8:0000:0000:0000:0000:0000:0001" });
    await send({ "X-Forwarded-For": "::ffff:1.1.1.1" });
    await send({ "X-Forwarded-For": "not an ip" });
    await send({ "X-Forwarded-For": "" });
    await send({ "x-checks-fake-peer": "10.0.0.7" });
    await send({});
    expect((await log(s, uuid)).map((p: { remote_addr: string | null }) => p.remote_addr).reverse()).toEqual([
      "2001:db8::1", "::ffff:1.1.1.1", "not an ip", null, "10.0.0.7", null,
    ]);
  });

  test("body limit: only the first bytes are kept", async () => {
    const s = setup({ pingBodyLimit: 5, compat: "live" });
    const uuid = await s.create();
    await ping(s.fake, uuid, "", { method: "POST", body: "0123456789" });
    const res = await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`);
    expect(res.text).toBe("01234");
  });

  test("HTTP body filtering overrides the URL action", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ filter_http_body: true, success_kw: "OK", failure_kw: "ERROR", start_kw: "BEGIN" });
    await ping(s.fake, uuid, "/fail", { method: "POST", body: "all OK" });
    await ping(s.fake, uuid, "", { method: "POST", body: "an ERROR and OK" });
    await ping(s.fake, uuid, "/log", { method: "POST", body: "BEGIN now" });
    await ping(s.fake, uuid);
    const types = (await log(s, uuid)).map((p: { type: string }) => p.type).reverse();
    expect(types).toEqual(["success", "fail", "start", "ign"]);
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { filter_default_fail: true } });
    await ping(s.fake, uuid, "", { method: "POST", body: new Uint8Array([0xff, 0xfe, 0x4f]) });
    expect((await log(s, uuid))[0].type).toBe("fail");
  });

  test("a ping to a deleted check's project by another key path is isolated per check", async () => {
    const s = setup();
    const a = await s.create();
    const b = await s.create();
    await ping(s.fake, a);
    expect((await s.rwCall("GET", `/api/v3/checks/${b}`)).json.n_pings).toBe(0);
  });

  test("the ping log is pruned to the account limit; list shows at most the limit", async () => {
    const s = setup({ compat: "live" });
    const p = s.fake.createProject({ pingLogLimit: 10 });
    const check = s.fake.createCheck(p.id, {});
    for (let i = 0; i < 250; i++) await call(s.fake, "GET", `/ping/${check.uuid}`);
    const state = s.fake.exportState().checks.find((c) => c.uuid === check.uuid);
    expect(state?.pings.length).toBeLessThanOrEqual(10 + 99);
    const list = await call(s.fake, "GET", `/api/v3/checks/${check.uuid}/pings/`, { key: p.readWriteKey as string });
    expect(list.json.pings).toHaveLength(10);
    expect(list.json.pings[0].n).toBe(250);
    expect(list.json.pings[9].n).toBe(241);
  });
});
