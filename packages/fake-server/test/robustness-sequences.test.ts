import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeServer, type FakeState } from "../src/index.js";
import { send } from "./robustness-arbitraries.js";

const CHECK_LIMIT = 3;
const PING_LOG_LIMIT = 4;
// Like the service, the fake prunes the stored log when n_pings reaches a
// multiple of 100, so up to limit + 99 pings may be stored; the API never shows more than the limit.
const STORED_PINGS_MAX = PING_LOG_LIMIT + 99;
const SLUGS = ["alpha", "beta", "gamma"];

const createBody = fc.record(
  {
    name: fc.constantFrom("a", "b", "c"),
    slug: fc.constantFrom(...SLUGS),
    timeout: fc.integer({ min: 60, max: 7_200 }),
    grace: fc.integer({ min: 60, max: 3_600 }),
    schedule: fc.constantFrom("*/5 * * * *", "0 3 * * *", "0 9 * * 1", "*-*-* 04:00", "Mon *-*-* 09:30"),
    tz: fc.constantFrom("UTC", "Europe/Riga", "America/New_York"),
    manual_resume: fc.boolean(),
    methods: fc.constantFrom("", "POST"),
    unique: fc.constantFrom(["slug"], ["name"], []),
  },
  { requiredKeys: [] },
);

const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), project: fc.nat(1), body: createBody }), weight: 2 },
  fc.record({ kind: fc.constant("update" as const), target: fc.nat(), body: createBody }),
  {
    arbitrary: fc.record({
      kind: fc.constant("ping" as const),
      target: fc.nat(),
      suffix: fc.constantFrom("", "/start", "/fail", "/log", "/0", "/1", "/255", "/256"),
      method: fc.constantFrom("GET", "POST", "HEAD", "PUT"),
      bodySize: fc.constantFrom(0, 10, 10_000, 10_001, 30_000),
      rid: fc.option(fc.uuid(), { nil: undefined }),
      // Recorded as sent: a long one must not keep the state from loading back.
      forwardedFor: fc.constantFrom(undefined, "203.0.113.9", "x".repeat(5_000)),
    }),
    weight: 5,
  },
  fc.record({
    kind: fc.constant("slugPing" as const),
    project: fc.nat(1),
    slug: fc.constantFrom(...SLUGS, "fresh-one", "fresh-two"),
    suffix: fc.constantFrom("", "/start", "/fail"),
    create: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom("pause" as const, "resume" as const, "delete" as const), target: fc.nat() }),
  fc.record({ kind: fc.constant("advance" as const), ms: fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 3 * 86_400_000 })) }),
  fc.record({
    kind: fc.constant("email" as const),
    target: fc.nat(),
    subject: fc.constantFrom("OK", "FAILED", "start", "whatever"),
  }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface World {
  fake: FakeServer;
  keys: string[];
  pingKeys: string[];
}

function world(compat: "seed" | "live"): World {
  const fake = new FakeServer({ seed: "sequences", compat, clock: { start: "2024-10-26T22:00:00Z" } });
  const projects = [0, 1].map(() => fake.createProject({ account: "acme", checkLimit: CHECK_LIMIT, pingLogLimit: PING_LOG_LIMIT }));
  return { fake, keys: projects.map((p) => p.readWriteKey ?? ""), pingKeys: projects.map((p) => p.pingKey) };
}

/** Applies one operation; returns the status of the answer (if the operation was a request). */
async function apply({ fake, keys, pingKeys }: World, op: Operation, uuids: string[]): Promise<number | undefined> {
  const pick = (n: number): string => uuids[n % Math.max(uuids.length, 1)] ?? "00000000-0000-4000-8000-000000000000";
  const keyOf = (uuid: string): string | undefined => {
    const project = fake.exportState().checks.find((check) => check.uuid === uuid)?.project;
    const index = fake.exportState().projects.findIndex((p) => p.id === project);
    return keys[Math.max(index, 0)];
  };
  switch (op.kind) {
    case "create":
      return (await send(fake, "POST", "/api/v3/checks/", { key: keys[op.project], body: JSON.stringify(op.body) })).status;
    case "update": {
      const uuid = pick(op.target);
      const { unique: _ignored, ...body } = op.body;
      return (await send(fake, "POST", `/api/v3/checks/${uuid}`, { key: keyOf(uuid), body: JSON.stringify(body) })).status;
    }
    case "ping": {
      const headers: Record<string, string> = op.forwardedFor === undefined ? {} : { "X-Forwarded-For": op.forwardedFor };
      const query = op.rid ? `?rid=${op.rid}` : "";
      const body = op.bodySize > 0 ? new Uint8Array(op.bodySize).fill(65) : undefined;
      return (await send(fake, op.method, `/ping/${pick(op.target)}${op.suffix}${query}`, { body, headers })).status;
    }
    case "slugPing":
      return (await send(fake, "POST", `/ping/${pingKeys[op.project]}/${op.slug}${op.suffix}${op.create ? "?create=1" : ""}`)).status;
    case "pause":
    case "resume": {
      const uuid = pick(op.target);
      return (await send(fake, "POST", `/api/v3/checks/${uuid}/${op.kind}`, { key: keyOf(uuid) })).status;
    }
    case "delete": {
      const uuid = pick(op.target);
      return (await send(fake, "DELETE", `/api/v3/checks/${uuid}`, { key: keyOf(uuid) })).status;
    }
    case "advance":
      fake.clock.advance(op.ms);
      return undefined;
    case "email": {
      const outcome = fake.deliverEmail({ to: `${pick(op.target)}@${fake.options.pingEmailDomain}`, subject: op.subject });
      expect(["recorded", "not-found", "ambiguous", "rejected"]).toContain(outcome.outcome);
      return undefined;
    }
  }
}

/** Checks every invariant of `state`, given the state before the last operation. */
function checkInvariants(state: FakeState, before: FakeState, op: Operation, status: number | undefined): void {
  const checkCount = state.checks.length;
  expect(checkCount).toBeLessThanOrEqual(2 * CHECK_LIMIT);
  if (op.kind === "create" && status === 201) expect(checkCount).toBeLessThanOrEqual(CHECK_LIMIT);
  if (op.kind === "create" && status === 403) expect(before.checks.length).toBeGreaterThanOrEqual(CHECK_LIMIT);

  const previous = new Map(before.checks.map((check) => [check.uuid, check]));
  for (const check of state.checks) {
    expect(check.pings.length).toBeLessThanOrEqual(STORED_PINGS_MAX);
    const numbers = check.pings.map((ping) => ping.n);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1]!);
    if (numbers.length > 0) expect(numbers.at(-1)).toBeLessThanOrEqual(check.nPings);
    expect(check.nPings).toBeGreaterThanOrEqual(previous.get(check.uuid)?.nPings ?? 0);

    let status = "new";
    let at = -Infinity;
    for (const flip of check.flips) {
      expect(flip.from).toBe(status);
      expect(flip.to).not.toBe(flip.from);
      expect(flip.at).toBeGreaterThanOrEqual(at);
      expect(flip.at).toBeLessThanOrEqual(state.clock);
      status = flip.to;
      at = flip.at;
    }
    expect(check.status).toBe(status);
  }
}

describe("random request sequences", () => {
  it.each(["seed", "live"] as const)("keep the limits and the history consistent (%s mode)", async (compat) => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 40, size: "medium" }), async (ops) => {
        const w = world(compat);
        let before = w.fake.exportState();
        for (const op of ops) {
          const status = await apply(w, op, before.checks.map((check) => check.uuid));
          if (status !== undefined) expect(status).toBeLessThan(500);
          const state = w.fake.exportState();
          checkInvariants(state, before, op, status);
          before = state;
        }
        for (const check of before.checks) {
          const key = w.keys[before.projects.findIndex((project) => project.id === check.project)];
          const answer = await send(w.fake, "GET", `/api/v3/checks/${check.uuid}/pings/`, { key });
          const { pings } = (await answer.json()) as { pings: { n: number }[] };
          expect(pings.length).toBeLessThanOrEqual(PING_LOG_LIMIT);
          for (const ping of pings) expect(ping.n).toBeGreaterThan(check.nPings - PING_LOG_LIMIT);
        }
        // Every state the fake reaches loads back (a --state file is this document). An import
        // runs the timeout detector, which an update making a check overdue leaves to the next request.
        w.fake.clock.advance(0);
        const saved = w.fake.exportState();
        const copy = new FakeServer({ compat });
        copy.importState(JSON.parse(JSON.stringify(saved)) as FakeState);
        expect(copy.exportState()).toEqual(saved);
      }),
      { numRuns: 100 },
    );
  });
});
