import { describe, expect, test } from "vitest";
import { serviceJson } from "../src/text/json.js";
import { call, HOUR, MINUTE, ping, setup, START, type Setup } from "./helpers.js";

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
    // A clock set back shows the check as it was then.
    s.fake.clock.set(START + HOUR - MINUTE);
    expect((await read()).status).toBe("up");
    s.fake.clock.set(START + HOUR + MINUTE / 2);
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

  test("a list shows every check as a get does, byte for byte, after any sequence of changes and clock moves", async () => {
    for (const compat of ["seed", "live"] as const) {
      const s = setup({ compat });
      let seed = compat === "seed" ? 7 : 11;
      const random = (n: number): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return Math.floor((seed / 2147483648) * n);
      };
      const uuids: string[] = [];
      const pick = (): string | undefined => uuids[random(uuids.length)];
      const steps: (() => Promise<unknown>)[] = [
        async () => uuids.length < 12 && uuids.push(await s.create({ name: `job ${uuids.length}`, tags: random(2) ? "db" : "web", timeout: 60 * (1 + random(90)), grace: 60 * (1 + random(30)) })),
        async () => uuids.length < 8 && uuids.push(await s.create({ name: "cron job", schedule: "*/15 * * * *", tz: "Europe/Riga", grace: 300 })),
        async () => {
          const answer = await call(s.fake, "GET", `/ping/${s.project.pingKey}/made-${random(3)}?create=1`);
          if (answer.status === 201) uuids.push(await newestUuid(s));
        },
        async () => pick() && s.rwCall("POST", `/api/v3/checks/${pick()}`, { body: { name: `renamed ${random(9)}`, tags: random(2) ? "db" : "", grace: 60 * (1 + random(5)) } }),
        async () => pick() && ping(s.fake, pick()!, ["", "/fail", "/start", "/log", "/0", "/3"][random(6)]),
        async () => pick() && ping(s.fake, pick()!, "/start").then(() => ping(s.fake, pick()!)),
        async () => pick() && s.rwCall("POST", `/api/v3/checks/${pick()}/pause`),
        async () => pick() && s.rwCall("POST", `/api/v3/checks/${pick()}/resume`),
        async () => {
          const uuid = pick();
          if (uuid && uuids.length > 3) {
            await s.rwCall("DELETE", `/api/v3/checks/${uuid}`);
            uuids.splice(uuids.indexOf(uuid), 1);
          }
        },
        async () => s.fake.clock.advance(1_000 * random(2 * 3600)),
        async () => s.fake.clock.set(Math.max(START, s.fake.clock.now().getTime() - 1_000 * random(2 * 3600))),
      ];
      // One way of listing is kept for a while, and another follows it: the same list asked again after a change,
      // and a different list asked right after it.
      type Listing = { version: number; query: string; key: string; shows: (check: { tags: string; slug: string }) => boolean };
      const lists: Listing[] = [
        { version: 3, query: "", key: s.rw, shows: () => true },
        { version: 3, query: "?tag=db", key: s.rw, shows: (check) => check.tags.split(" ").includes("db") },
        { version: 3, query: "", key: s.ro, shows: () => true },
        { version: 3, query: "?slug=made-1", key: s.rw, shows: (check) => check.slug === "made-1" },
        { version: 1, query: "", key: s.rw, shows: () => true },
      ];
      for (let i = 0; i < 300; i++) {
        await steps[random(steps.length)]!();
        for (const { version, query, key, shows } of [lists[Math.floor(i / 20) % lists.length]!, lists[random(lists.length)]!]) {
          const list = await call(s.fake, "GET", `/api/v${version}/checks/${query}`, { key });
          const gets = await Promise.all(uuids.map((uuid) => call(s.fake, "GET", `/api/v${version}/checks/${uuid}`, { key })));
          const shown = gets.filter((get) => shows(get.json));
          expect(list.text, `step ${i}, list v${version} ${query} with the ${key === s.rw ? "read-write" : "read-only"} key`).toBe(
            `{"checks": [${shown.map((get) => get.text).join(", ")}]}`,
          );
        }
      }
    }
  }, 180_000);
});

// The UUID of the project's newest check (one a slug ping just created).
async function newestUuid(s: Setup): Promise<string> {
  const list = await s.rwCall("GET", "/api/v3/checks/");
  return (list.json.checks as { ping_url: string }[]).at(-1)!.ping_url.split("/").pop()!;
}
