import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileBody, send, smallFake } from "./robustness-arbitraries.js";

const UUID_A = "00000000-0000-4000-8000-000000000000";

/** Paths of every kind of endpoint; `{0}`, `{1}` are the seeded checks, `{pk}` the ping key. */
const PATHS = [
  "/api/v3/checks/",
  "/api/v3/checks",
  "/api/v3/checks/{0}",
  "/api/v3/checks/{1}",
  `/api/v3/checks/${UUID_A}`,
  "/api/v3/checks/{0}/pause",
  "/api/v3/checks/{0}/resume",
  "/api/v3/checks/{1}/pings/",
  "/api/v3/checks/{0}/pings/1/body",
  "/api/v3/checks/{0}/flips/?seconds=60",
  "/api/v1/checks/{1}",
  "/api/v2/checks/",
  "/api/v3/channels/",
  "/api/v3/badges/",
  "/api/v3/status/",
  "/ping/{0}",
  "/ping/{1}/start",
  "/ping/{0}/fail",
  "/ping/{1}/log",
  "/ping/{0}/137",
  "/ping/{pk}/simple",
  "/ping/{pk}/brand-new?create=1",
  "/ping/{pk}/cron/fail",
  "/badge/x/y.svg",
  "/b/2/{0}.json",
  "/nothing/here",
];

const request = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"),
  path: fc.constantFrom(...PATHS),
  key: fc.constantFrom("rw", "ro", "none", "junk", "empty"),
  body: hostileBody,
  forwardedFor: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
  userAgent: fc.option(fc.string({ maxLength: 400 }), { nil: undefined }),
});

describe("handle() under hostile request bodies", () => {
  it.each(["seed", "live"] as const)("never throws and never answers 500 (%s mode)", async (compat) => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (requests) => {
        const { fake, project, uuids } = smallFake(compat);
        const keys = { rw: project.readWriteKey ?? "", ro: project.readOnlyKey ?? "", none: undefined, junk: "x".repeat(32), empty: "" };
        for (const r of requests) {
          const path = r.path
            .replace("{0}", uuids[0] ?? "")
            .replace("{1}", uuids[1] ?? "")
            .replace("{pk}", project.pingKey);
          const headers: Record<string, string> = {};
          if (r.forwardedFor !== undefined) headers["X-Forwarded-For"] = r.forwardedFor.replace(/[\r\n\0]/g, "");
          if (r.userAgent !== undefined) headers["User-Agent"] = r.userAgent.replace(/[^\x20-\x7e]/g, "");
          const response = await send(fake, r.method, path, { key: keys[r.key], body: r.body, headers });
          expect(response.type).not.toBe("error");
          expect(response.status).toBeLessThan(500);
          await response.arrayBuffer();
        }
        // The fake still works afterwards.
        const list = await send(fake, "GET", "/api/v3/checks/", { key: keys.rw });
        expect(list.status).toBe(200);
      }),
      { numRuns: 150 },
    );
  });
});

describe("remote control under hostile request bodies", () => {
  const controlRequest = fc.record({
    method: fc.constantFrom("GET", "POST", "PUT", "DELETE"),
    path: fc.constantFrom(
      "/__fake/projects",
      "/__fake/projects/{id}/channels",
      "/__fake/projects/{id}/checks",
      "/__fake/projects/nope/checks",
      "/__fake/clock",
      "/__fake/clock/advance",
      "/__fake/clock/set",
      "/__fake/emails",
      "/__fake/journal",
      "/__fake/faults",
      "/__fake/state",
      "/__fake/unknown",
    ),
    body: fc.oneof(
      hostileBody,
      fc.record({ ms: fc.oneof(fc.double(), fc.integer(), fc.constant(8.64e15)) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
      fc.record({ time: fc.oneof(fc.string(), fc.double(), fc.constant("+275760-09-13T00:00:00Z")) }, { requiredKeys: [] }).map((b) =>
        JSON.stringify(b),
      ),
      fc.record({ to: fc.string(), subject: fc.string(), raw: fc.string({ maxLength: 500 }) }, { requiredKeys: [] }).map((b) =>
        JSON.stringify(b),
      ),
      fc.record(
        { times: fc.oneof(fc.integer(), fc.constant(null)), operation: fc.string(), status: fc.integer(), latencyMs: fc.constant(0) },
        { requiredKeys: [] },
      ).map((b) => JSON.stringify(b)),
    ),
  });

  it("answers 2xx or a JSON 4xx and leaves the fake usable", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(controlRequest, { minLength: 1, maxLength: 4 }), async (requests) => {
        const { fake, project } = smallFake();
        for (const r of requests) {
          const response = await send(fake, r.method, r.path.replace("{id}", project.id), { body: r.body });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
          else await response.arrayBuffer();
        }
        fake.clearFaults();
        expect((await send(fake, "GET", "/__fake/clock")).status).toBe(200);
        expect((await send(fake, "GET", "/api/v3/status/")).status).toBe(200);
        expect(() => fake.exportState()).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });
});
