import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { call, START } from "./helpers.js";

type Step =
  | { ping: number; signal: string; rid: boolean }
  | { clock: number }
  | { update: number; timeout: number }
  | { pause: number }
  | { resume: number }
  | { remove: number }
  | { create: true };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ ping: fc.nat(1), signal: fc.constantFrom("", "/start", "/start", "/fail", "/log", "/0", "/4"), rid: fc.boolean() }), weight: 6 },
  { arbitrary: fc.record({ clock: fc.integer({ min: -7_200_000, max: 7_200_000 }) }), weight: 3 },
  fc.record({ update: fc.nat(3), timeout: fc.integer({ min: 60, max: 7200 }) }),
  fc.record({ pause: fc.nat(3) }),
  fc.record({ resume: fc.nat(3) }),
  fc.record({ remove: fc.nat(3) }),
  fc.constant({ create: true as const }),
);

describe("every state the fake writes, it reads", () => {
  it("exportState() loads again after any step, a clock set back between a start and its end included, and shows no negative duration", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30, size: "max" }), async (steps) => {
        const fake = new FakeServer({ seed: 3, clock: { start: START + 86_400_000 } });
        const project = fake.createProject();
        const key = { key: project.readWriteKey! };
        const uuids: string[] = [];
        const create = () => uuids.push(fake.createCheck(project.id, { name: `job ${uuids.length}`, timeout: 600, grace: 60 }).ping_url!.split("/").pop()!);
        create();
        for (const next of steps) {
          const index = Object.values(next)[0] as number;
          const uuid = uuids.length === 0 ? undefined : uuids[index % uuids.length];
          if ("create" in next) create();
          else if ("clock" in next) fake.clock.set(Math.max(START, fake.clock.now().getTime() + next.clock));
          else if (uuid === undefined) continue;
          else if ("ping" in next) await call(fake, "GET", `/ping/${uuid}${next.signal}${next.rid ? "?rid=8c1f0b3e-2b1e-4a5e-9a53-0e5b0e1b2c3d" : ""}`);
          else if ("update" in next) await call(fake, "POST", `/api/v3/checks/${uuid}`, { ...key, body: { timeout: next.timeout } });
          else if ("pause" in next) await call(fake, "POST", `/api/v3/checks/${uuid}/pause`, key);
          else if ("resume" in next) await call(fake, "POST", `/api/v3/checks/${uuid}/resume`, key);
          else {
            await call(fake, "DELETE", `/api/v3/checks/${uuid}`, key);
            uuids.splice(uuids.indexOf(uuid), 1);
          }
          const doc = JSON.parse(JSON.stringify(fake.exportState()));
          const copy = new FakeServer({ seed: 3 });
          copy.importState(doc);
          // The copy looked at the time when it imported; the original does at its next request.
          await call(fake, "GET", "/api/v3/status/");
          expect(copy.exportState()).toEqual(fake.exportState());
          for (const check of doc.checks) expect(check.lastDuration === null || check.lastDuration >= 0).toBe(true);
          const listed = await call(fake, "GET", "/api/v3/checks/", key);
          for (const check of listed.json.checks as Array<{ last_duration?: number }>) expect(check.last_duration ?? 0).toBeGreaterThanOrEqual(0);
          for (const uuid of uuids) {
            const log = await call(fake, "GET", `/api/v3/checks/${uuid}/pings/`, key);
            for (const entry of log.json.pings as Array<{ duration?: number }>) expect(entry.duration ?? 0).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 50 },
    );
  }, 180_000);

  it("a success after a start the clock was set back past shows no duration, and the state loads again", async () => {
    const fake = new FakeServer({ seed: 3, clock: { start: START + 3_600_000 } });
    const project = fake.createProject();
    const uuid = fake.createCheck(project.id, { name: "backup" }).ping_url!.split("/").pop()!;
    await call(fake, "GET", `/ping/${uuid}/start`);
    fake.clock.set(START);
    await call(fake, "GET", `/ping/${uuid}`);
    const doc = fake.exportState();
    expect(doc.checks[0]!.lastDuration).toBeNull();
    expect(() => new FakeServer().importState(JSON.parse(JSON.stringify(doc)))).not.toThrow();
    const shown = await call(fake, "GET", `/api/v3/checks/${uuid}`, { key: project.readWriteKey! });
    expect(shown.json).not.toHaveProperty("last_duration");
    const log = await call(fake, "GET", `/api/v3/checks/${uuid}/pings/`, { key: project.readWriteKey! });
    expect(log.json.pings.map((entry: { type: string; duration?: number }) => [entry.type, entry.duration])).toEqual([
      ["success", undefined],
      ["start", undefined],
    ]);
  });
});
