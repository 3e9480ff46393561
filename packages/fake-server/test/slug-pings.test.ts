import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

describe("ping by slug", () => {
  test("success, suffixes and exit statuses by slug", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ slug: "backup" });
    const key = s.project.pingKey;
    expect((await call(s.fake, "GET", `/ping/${key}/backup`)).text).toBe("OK");
    expect((await call(s.fake, "GET", `/ping/${key}/backup/fail`)).status).toBe(200);
    expect((await call(s.fake, "GET", `/ping/${key}/backup/0`)).status).toBe(200);
    expect((await call(s.fake, "GET", `/ping/${key}/backup/256`)).text).toBe("invalid url format");
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.n_pings).toBe(3);
    expect((await call(s.fake, "GET", `/ping/${key}/backup/`)).text).toContain("Not Found");
  });

  test("uppercase slug → 400; unknown → 404; ambiguous → 409 (nothing logged)", async () => {
    const s = setup({ compat: "live" });
    const key = s.project.pingKey;
    expect((await call(s.fake, "GET", `/ping/${key}/Backup`)).text).toBe("invalid url format");
    expect((await call(s.fake, "GET", `/ping/${key}/nothing`)).text).toBe("not found");
    expect((await call(s.fake, "GET", `/ping/wrongkey/nothing`)).status).toBe(404);
    const a = await s.create({ slug: "dup" });
    await s.create({ slug: "dup" });
    const res = await call(s.fake, "GET", `/ping/${key}/dup`);
    expect(res.status).toBe(409);
    expect(res.text).toBe("ambiguous slug");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect((await s.rwCall("GET", `/api/v3/checks/${a}`)).json.n_pings).toBe(0);
  });

  test("?create=1 auto-provisions: 201 Created, name = slug, defaults, all integrations", async () => {
    const s = setup({ compat: "live" });
    const channel = s.fake.addChannel(s.project.id, { kind: "email" });
    const res = await call(s.fake, "GET", `/ping/${s.project.pingKey}/new-job?create=1`);
    expect(res.status).toBe(201);
    expect(res.text).toBe("Created");
    expect(res.headers.get("ping-body-limit")).toBe("10000");
    const [check] = (await s.rwCall("GET", "/api/v3/checks/")).json.checks;
    expect(check).toMatchObject({ name: "new-job", slug: "new-job", timeout: 86400, grace: 3600, status: "up", n_pings: 1, channels: channel.id });
    expect((await call(s.fake, "GET", `/ping/${s.project.pingKey}/new-job?create=1`)).status).toBe(200);
  });

  test("create must be exactly 1; unknown ping key with create → 404", async () => {
    const s = setup();
    expect((await call(s.fake, "GET", `/ping/${s.project.pingKey}/x?create=true`)).status).toBe(404);
    expect((await call(s.fake, "GET", `/ping/unknownkey/x?create=1`)).status).toBe(404);
  });

  test("auto-provisioning allows up to twice the check limit", async () => {
    const s = setup();
    const p = s.fake.createProject({ checkLimit: 1 });
    expect((await call(s.fake, "GET", `/ping/${p.pingKey}/a?create=1`)).status).toBe(201);
    expect((await call(s.fake, "GET", `/ping/${p.pingKey}/b?create=1`)).status).toBe(201);
    expect((await call(s.fake, "GET", `/ping/${p.pingKey}/c?create=1`)).status).toBe(404);
  });

  test("the created check is kept when the ping then fails on a bad rid", async () => {
    const s = setup();
    const res = await call(s.fake, "GET", `/ping/${s.project.pingKey}/kept?create=1&rid=bad`);
    expect(res.status).toBe(400);
    expect(res.text).toBe("invalid uuid format");
    const [check] = (await s.rwCall("GET", "/api/v3/checks/")).json.checks;
    expect(check).toMatchObject({ slug: "kept", n_pings: 0 });
  });

  test("a UUID-looking key with an unknown suffix is a slug URL", async () => {
    const s = setup();
    const uuid = await s.create();
    expect((await call(s.fake, "GET", `/ping/${uuid}/other`)).text).toBe("not found");
  });
});
