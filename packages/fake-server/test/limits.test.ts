import { describe, expect, it } from "vitest";
import { FakeServer, type ServiceLimits } from "../src/index.js";
import { call } from "./helpers.js";

const JSON_TYPE = { "Content-Type": "application/json" };

describe("the service's limits, set in-process and over the control API", () => {
  it("starts with the options' limits and gives new accounts the check and ping log limits", () => {
    const fake = new FakeServer({ pingBodyLimit: 100_000, apiBodyLimit: 5_000_000, checkLimit: 3, pingLogLimit: 1000 });
    expect(fake.limits()).toEqual({ pingBodyLimit: 100_000, apiBodyLimit: 5_000_000, checkLimit: 3, pingLogLimit: 1000 });
    const first = fake.createProject({ account: "team" });
    expect(first).toMatchObject({ checkLimit: 3, pingLogLimit: 1000 });
    expect(fake.createProject({ checkLimit: 50, pingLogLimit: 10 })).toMatchObject({ checkLimit: 50, pingLogLimit: 10 });
    // Joining an account keeps its limits.
    fake.setLimits({ checkLimit: 7 });
    expect(fake.createProject({ account: "team" })).toMatchObject({ checkLimit: 3, pingLogLimit: 1000 });
    expect(fake.createProject()).toMatchObject({ checkLimit: 7, pingLogLimit: 1000 });
  });

  it("applies changed limits from the next request on: Ping-Body-Limit, the upload limit, the check limit", async () => {
    const fake = new FakeServer({ compat: "live" });
    const project = fake.createProject();
    const uuid = fake.createCheck(project.id, { name: "a" }).ping_url.split("/").at(-1)!;
    expect((await call(fake, "POST", `/ping/${uuid}`, { body: "x" })).headers.get("ping-body-limit")).toBe("10000");
    expect(fake.setLimits({ pingBodyLimit: 50_000, apiBodyLimit: 60_000 })).toMatchObject({ pingBodyLimit: 50_000, apiBodyLimit: 60_000 });
    const kept = await call(fake, "POST", `/ping/${uuid}`, { body: "y".repeat(55_000) });
    expect(kept.headers.get("ping-body-limit")).toBe("50000");
    expect((await call(fake, "GET", `/api/v3/checks/${uuid}/pings/2/body`, { key: project.readWriteKey! })).text).toHaveLength(50_000);
    expect((await call(fake, "POST", `/ping/${uuid}`, { body: "z".repeat(60_001) })).status).toBe(400);
    fake.setLimits({ pingBodyLimit: null });
    expect((await call(fake, "POST", `/ping/${uuid}`, { body: "x" })).headers.has("ping-body-limit")).toBe(false);
    fake.setProjectLimits(project.id, { checkLimit: 1 });
    expect((await call(fake, "POST", "/api/v3/checks/", { key: project.readWriteKey!, body: { name: "b" } })).status).toBe(403);
  });

  it.each<[string, Partial<ServiceLimits>, string]>([
    ["a negative ping body limit", { pingBodyLimit: -1 }, "pingBodyLimit must be a non-negative integer or null, not -1"],
    ["a fractional upload limit", { apiBodyLimit: 0.5 }, "apiBodyLimit must be a non-negative integer, not 0.5"],
    ["a negative check limit", { checkLimit: -2 }, "checkLimit must be a non-negative integer, not -2"],
    ["a ping log limit of 0", { pingLogLimit: 0 }, "pingLogLimit must be a positive integer, not 0"],
  ])("refuses %s as the options do, everywhere, changing nothing", async (_, limits, message) => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const before = fake.limits();
    expect(() => new FakeServer(limits)).toThrow(new RangeError(message));
    expect(() => fake.setLimits({ apiBodyLimit: 1, ...limits })).toThrow(new RangeError(message));
    expect(fake.limits()).toEqual(before);
    const patched = await call(fake, "PATCH", "/__fake/limits", { body: limits, headers: JSON_TYPE });
    expect([patched.status, patched.json]).toEqual([400, { error: message }]);
    if ("checkLimit" in limits || "pingLogLimit" in limits) {
      const account = limits as { checkLimit?: number; pingLogLimit?: number };
      expect(() => fake.createProject(account)).toThrow(new RangeError(message));
      expect(() => fake.setProjectLimits(project.id, account)).toThrow(new RangeError(message));
      for (const [method, path] of [["POST", "/__fake/projects"], ["PATCH", `/__fake/projects/${project.id}`]] as const) {
        const answer = await call(fake, method, path, { body: account, headers: JSON_TYPE });
        expect([answer.status, answer.json]).toEqual([400, { error: message }]);
      }
    }
    expect(fake.limits()).toEqual(before);
  });

  it("reads and changes them over the control API, per project where they are per project", async () => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const limits = await call(fake, "GET", "/__fake/limits");
    expect(limits.json).toEqual({ pingBodyLimit: 10_000, apiBodyLimit: 2_621_440, checkLimit: 20, pingLogLimit: 100 });
    const patched = await call(fake, "PATCH", "/__fake/limits", { body: { pingBodyLimit: null, checkLimit: 5 }, headers: JSON_TYPE });
    expect(patched.json).toEqual({ pingBodyLimit: null, apiBodyLimit: 2_621_440, checkLimit: 5, pingLogLimit: 100 });
    const changed = await call(fake, "PATCH", `/__fake/projects/${project.id}`, { body: { pingLogLimit: 1000 }, headers: JSON_TYPE });
    expect(changed.json).toMatchObject({ id: project.id, checkLimit: 20, pingLogLimit: 1000 });
    for (const [method, path, body, message] of [
      ["PATCH", "/__fake/limits", { pingBodyLimit: "10000" }, 'pingBodyLimit must be a non-negative integer or null, not "10000"'],
      ["PATCH", "/__fake/limits", { journalLimit: 5 }, "unknown member: journalLimit"],
      ["PATCH", `/__fake/projects/${project.id}`, { name: "x" }, "unknown member: name"],
      ["PATCH", "/__fake/projects/nope", { checkLimit: 1 }, "unknown project: nope"],
    ] as const) {
      const answer = await call(fake, method, path, { body, headers: JSON_TYPE });
      expect([answer.status, answer.json]).toEqual([400, { error: message }]);
    }
  });
});
