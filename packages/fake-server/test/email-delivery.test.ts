import { describe, expect, test } from "vitest";
import { MULTIPART_REPORT, setup } from "./helpers.js";

async function lastPing(s: ReturnType<typeof setup>, uuid: string) {
  return (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings[0];
}

describe("inbound email", () => {
  test("no filters → success, recorded as an email ping", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const outcome = s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "foo@example.org", text: "hello world", remoteAddr: "10.1.2.3" });
    expect(outcome).toEqual({ outcome: "recorded", type: "success" });
    const entry = await lastPing(s, uuid);
    expect(entry).toMatchObject({ type: "success", scheme: "email", method: "", ua: "Email from foo@example.org", remote_addr: "10.1.2.3", rid: null });
    expect(entry.body_url).toMatch(/\/pings\/1\/body$/);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("up");
  });

  test("subject filter vectors", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ filter_subject: true, success_kw: "SUCCESS, OK", failure_kw: "FAIL, WARNING", start_kw: "START" });
    const to = `${uuid}@hc.localhost`;
    expect(s.fake.deliverEmail({ to, subject: "[OK] Backup completed" }).type).toBe("success");
    expect(s.fake.deliverEmail({ to, subject: "[WARNING] Backup did not complete" }).type).toBe("fail");
    expect(s.fake.deliverEmail({ to, subject: "[SUCCESS] 1, [FAIL] 1" }).type).toBe("fail");
    expect(s.fake.deliverEmail({ to, subject: "[START] Starting backup..." }).type).toBe("start");
    expect(s.fake.deliverEmail({ to, subject: "nothing here" }).type).toBe("ign");
    expect(s.fake.deliverEmail({ to, subject: "=?US-ASCII?B?W1NVQ0NFU1NdIEJhY2t1cCBjb21wbGV0ZWQ=?=" }).type).toBe("success");
  });

  test("body filter with raw multipart message", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ filter_body: true, success_kw: "SUCCESS" });
    expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, raw: MULTIPART_REPORT }).type).toBe("success");
  });

  test("filter_default_fail turns no match into a failure", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ filter_subject: true, success_kw: "SUCCESS", filter_default_fail: true });
    expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, subject: "unexpected" }).type).toBe("fail");
  });

  test("deprecated subject '' with subject_fail: seed success, live ign", async () => {
    for (const [compat, expected] of [["seed", "success"], ["live", "ign"]] as const) {
      const s = setup({ compat });
      const uuid = await s.create({ subject: "", subject_fail: "FAIL" });
      expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, subject: "all good" }).type, compat).toBe(expected);
      expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, subject: "FAIL" }).type).toBe("fail");
    }
  });

  test("manual_resume on a paused check: ign even when keywords match", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ manual_resume: true });
    await s.rwCall("POST", `/api/v3/checks/${uuid}/pause`);
    expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost` }).type).toBe("ign");
  });

  test("addresses: slug form, unknown, ambiguous, rejected; UUID in any case", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ slug: "mail" });
    const key = s.project.pingKey;
    expect(s.fake.deliverEmail({ to: `${key}+mail@hc.localhost` }).outcome).toBe("recorded");
    expect(s.fake.deliverEmail({ to: `${uuid.toUpperCase()}@hc.localhost` }).outcome).toBe("recorded");
    expect(s.fake.deliverEmail({ to: `${key}+none@hc.localhost` }).outcome).toBe("not-found");
    expect(s.fake.deliverEmail({ to: "00000000-0000-4000-8000-000000000000@hc.localhost" }).outcome).toBe("not-found");
    expect(s.fake.deliverEmail({ to: `${uuid}@elsewhere.example` }).outcome).toBe("rejected");
    expect(s.fake.deliverEmail({ to: "nobody@hc.localhost" }).outcome).toBe("rejected");
    await s.create({ slug: "mail" });
    expect(s.fake.deliverEmail({ to: `${key}+mail@hc.localhost` }).outcome).toBe("ambiguous");
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.n_pings).toBe(2);
  });

  test("the detector runs before an email is applied", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ timeout: 60, grace: 60 });
    s.fake.deliverEmail({ to: `${uuid}@hc.localhost` });
    s.fake.clock.advance(600_000);
    s.fake.deliverEmail({ to: `${uuid}@hc.localhost` });
    const flips = (await s.rwCall("GET", `/api/v3/checks/${uuid}/flips/`)).json.flips;
    expect(flips.map((f: { up: number }) => f.up)).toEqual([1, 0, 1]);
  });
});
