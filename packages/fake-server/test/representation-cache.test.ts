import { describe, expect, test } from "vitest";
import { serviceJson } from "../src/text/json.js";
import { HOUR, MINUTE, ping, setup } from "./helpers.js";

// Check answers are built from JSON cached per check; every read must still
// show the check as it is now, in the service's formatting.
describe("cached check representations", () => {
  test("get and list follow updates, pings and the clock, in the service's formatting", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create({ name: "backup", timeout: HOUR / 1000, grace: MINUTE / 1000 });
    const read = async () => {
      const one = await s.rwCall("GET", `/api/v3/checks/${uuid}`);
      const list = await s.rwCall("GET", "/api/v3/checks/");
      expect(one.text).toBe(serviceJson(one.json));
      expect(list.text).toBe(serviceJson(list.json));
      expect(list.json.checks).toEqual([one.json]);
      return one.json as { name: string; tags: string; status: string; n_pings: number; last_ping: string | null };
    };
    expect(await read()).toMatchObject({ name: "backup", status: "new", n_pings: 0, last_ping: null });

    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "nightly", tags: "db" } });
    expect(await read()).toMatchObject({ name: "nightly", tags: "db", status: "new" });

    await ping(s.fake, uuid);
    expect(await read()).toMatchObject({ status: "up", n_pings: 1, last_ping: "2020-01-01T00:00:00+00:00" });

    s.fake.clock.advance(HOUR + MINUTE / 2);
    expect((await read()).status).toBe("grace");
    s.fake.clock.advance(MINUTE);
    expect((await read()).status).toBe("down");
  });

  test("each API version, key kind and compat mode gets its own representation", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      const uuid = await s.create({ name: "job" });
      await s.fake.handle(new Request(`http://localhost:8000/ping/${uuid}/start`));
      for (const version of [1, 2, 3]) {
        for (const key of [s.rw, s.ro]) {
          const answer = await s.rwCall("GET", `/api/v${version}/checks/`, { key });
          expect(answer.text).toBe(serviceJson(answer.json));
          const [check] = answer.json.checks;
          // v1 shows a pending start as `started`; read-write URLs name the version; read-only keys see no URLs.
          expect(check.status).toBe(version === 1 ? "started" : "new");
          if (key === s.rw) expect(check.update_url).toBe(`http://localhost:8000/api/v${version}/checks/${uuid}`);
          else expect(check).not.toHaveProperty("update_url");
        }
      }
    }
  });

  test("a check created by a ping shows its slug, and later settings", async () => {
    const s = setup({ compat: "live" });
    const slugUrl = `/ping/${s.project.pingKey}/fresh-job?create=1`;
    expect((await s.fake.handle(new Request(`http://localhost:8000${slugUrl}`))).status).toBe(201);
    const listed = await s.rwCall("GET", "/api/v3/checks/");
    expect(listed.json.checks).toMatchObject([{ name: "fresh-job", slug: "fresh-job", n_pings: 1 }]);
    const uuid = listed.json.checks[0].uuid as string;
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { desc: "made by a ping" } });
    expect((await s.rwCall("GET", "/api/v3/checks/")).json.checks).toMatchObject([{ desc: "made by a ping" }]);
  });

  test("a check's answer bytes cannot be changed through a Response", async () => {
    const s = setup();
    const uuid = await s.create({ name: "stable" });
    const first = await s.rwCall("GET", `/api/v3/checks/${uuid}`);
    new Uint8Array(await first.response.arrayBuffer()).fill(0x20);
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).text).toBe(first.text);
  });
});
