import { describe, expect, test } from "vitest";
import { call, ping, setup } from "./helpers.js";

describe("delete", () => {
  test("answers the representation; live empties channels; the check is gone", async () => {
    const s = setup({ compat: "live" });
    s.fake.addChannel(s.project.id, { kind: "email", name: "ops" });
    const uuid = await s.create({ name: "gone", channels: "*" });
    const res = await s.rwCall("DELETE", `/api/v3/checks/${uuid}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "gone", channels: "" });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).status).toBe(404);
    const pinged = await ping(s.fake, uuid);
    expect(pinged.status).toBe(404);
    expect(pinged.text).toBe("not found");
  });

  test("seed mode keeps the channels in the answer", async () => {
    const s = setup();
    const channel = s.fake.addChannel(s.project.id, { kind: "email", name: "ops" });
    const uuid = await s.create({ channels: "*" });
    expect((await s.rwCall("DELETE", `/api/v3/checks/${uuid}`)).json.channels).toBe(channel.id);
  });

  test("key only from the header; other project → 403; unknown → 404", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const other = s.fake.createProject();
    expect((await call(s.fake, "DELETE", `/api/v3/checks/${uuid}`, { key: other.readWriteKey as string })).status).toBe(403);
    expect((await call(s.fake, "DELETE", `/api/v3/checks/${uuid}`, { key: s.ro })).status).toBe(401);
    expect((await s.rwCall("DELETE", "/api/v3/checks/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  test("deleting frees a slot of the check limit and the slug", async () => {
    const s = setup({ compat: "live" });
    const p = s.fake.createProject({ checkLimit: 1 });
    const key = p.readWriteKey as string;
    const created = await call(s.fake, "POST", "/api/v3/checks/", { key, body: { slug: "job" } });
    await call(s.fake, "DELETE", `/api/v3/checks/${created.json.uuid}`, { key });
    expect((await call(s.fake, "GET", `/ping/${p.pingKey}/job`)).status).toBe(404);
    expect((await call(s.fake, "POST", "/api/v3/checks/", { key, body: {} })).status).toBe(201);
  });
});
