import { describe, expect, test } from "vitest";
import { call, setup } from "./helpers.js";

function withChannels(compat: "seed" | "live" = "live") {
  const s = setup({ compat });
  const email = s.fake.addChannel(s.project.id, { kind: "email", name: "ops" });
  const sms = s.fake.addChannel(s.project.id, { kind: "sms", name: "pager" });
  return { ...s, email, sms };
}

describe("list integrations", () => {
  test("creation order, id/name/kind members, project only", async () => {
    const s = withChannels();
    s.fake.addChannel(s.fake.createProject().id, { kind: "slack" });
    const res = await s.rwCall("GET", "/api/v3/channels/");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      channels: [
        { id: s.email.id, name: "ops", kind: "email" },
        { id: s.sms.id, name: "pager", kind: "sms" },
      ],
    });
    expect(Object.keys(res.json.channels[0])).toEqual(["id", "name", "kind"]);
  });

  test("empty project → empty list; name defaults to empty", async () => {
    const s = setup();
    expect((await s.rwCall("GET", "/api/v3/channels/")).json).toEqual({ channels: [] });
    expect(s.fake.addChannel(s.project.id, { kind: "webhook" }).name).toBe("");
  });
});

describe("channels member", () => {
  test("* assigns all, sorted by UUID, joined without spaces", async () => {
    const s = withChannels();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { channels: "*" } });
    expect(res.json.channels).toBe([s.email.id, s.sms.id].sort().join(","));
  });

  test("by name and by UUID; duplicates once; empty removes all", async () => {
    const s = withChannels();
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { channels: `pager,${s.sms.id},pager` } });
    expect(res.json.channels).toBe(s.sms.id);
    const uuid = res.json.uuid as string;
    const cleared = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { channels: "" } });
    expect(cleared.json.channels).toBe("");
  });

  test("absent member leaves assignments unchanged on update", async () => {
    const s = withChannels();
    const uuid = (await s.rwCall("POST", "/api/v3/checks/", { body: { channels: "ops" } })).json.uuid as string;
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "x" } });
    expect(res.json.channels).toBe(s.email.id);
  });

  test("errors: empty, invalid (verbatim), non-unique; nothing saved", async () => {
    const s = withChannels();
    s.fake.addChannel(s.project.id, { kind: "sms", name: "pager" });
    const cases: [string, string][] = [
      ["ops,", "empty channel identifier"],
      ["a,,b", "invalid channel identifier: a"],
      [",ops", "empty channel identifier"],
      ["ops, pager", "invalid channel identifier:  pager"],
      ["OPS", "invalid channel identifier: OPS"],
      [s.email.id.toUpperCase(), `invalid channel identifier: ${s.email.id.toUpperCase()}`],
      ["pager", "non-unique channel identifier: pager"],
    ];
    for (const [channels, error] of cases) {
      const res = await s.rwCall("POST", "/api/v3/checks/", { body: { channels } });
      expect(res.status, channels).toBe(400);
      expect(res.json).toEqual({ error });
    }
    expect((await s.rwCall("GET", "/api/v3/checks/")).json.checks).toHaveLength(0);
  });

  test("a failed update leaves the check untouched", async () => {
    const s = withChannels();
    const uuid = await s.create({ name: "before" });
    const res = await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "after", channels: "nope" } });
    expect(res.status).toBe(400);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.name).toBe("before");
  });

  test("integrations of other projects are invisible", async () => {
    const s = withChannels();
    const other = s.fake.createProject();
    const foreign = s.fake.addChannel(other.id, { kind: "email", name: "theirs" });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { channels: foreign.id } });
    expect(res.json).toEqual({ error: `invalid channel identifier: ${foreign.id}` });
  });

  test("a name equal to another integration's UUID is ambiguous", async () => {
    const s = withChannels();
    s.fake.addChannel(s.project.id, { kind: "email", name: s.email.id });
    const res = await s.rwCall("POST", "/api/v3/checks/", { body: { channels: s.email.id } });
    expect(res.json).toEqual({ error: `non-unique channel identifier: ${s.email.id}` });
  });

  test("channels list needs a read-write key", async () => {
    const s = withChannels();
    expect((await call(s.fake, "GET", "/api/v3/channels/", { key: s.ro })).status).toBe(401);
  });
});
