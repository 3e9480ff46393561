import { describe, expect, it } from "vitest";
import {
  CheckListSchema,
  CheckSchema,
  LIVE_CHECK_MEMBERS,
  LIVE_READ_ONLY_CHECK_MEMBERS,
  ReadOnlyCheckListSchema,
  ReadOnlyCheckSchema,
  ReadOnlyScheduledCheckSchema,
  ReadOnlySimpleCheckSchema,
  ScheduledCheckSchema,
  SEED_CHECK_MEMBERS,
  SEED_READ_ONLY_CHECK_MEMBERS,
  SimpleCheckSchema,
} from "@checks-api/schema";
import {
  liveNewCheck,
  liveReadOnlyScheduled,
  liveReadOnlySimple,
  liveReadWriteScheduled,
  liveReadWriteSimple,
  seedReadOnlyScheduled,
  seedReadOnlySimple,
  seedReadWriteScheduled,
  seedReadWriteSimple,
} from "./fixtures/representations.js";

const without = (check: Record<string, unknown>, ...members: string[]) =>
  Object.fromEntries(Object.entries(check).filter(([key]) => !members.includes(key)));

describe("read-write check representation", () => {
  it.each([
    ["live simple", liveReadWriteSimple(), SimpleCheckSchema],
    ["live new check", liveNewCheck(), SimpleCheckSchema],
    ["live scheduled", liveReadWriteScheduled(), ScheduledCheckSchema],
    ["seed simple", seedReadWriteSimple(), SimpleCheckSchema],
    ["seed scheduled", seedReadWriteScheduled(), ScheduledCheckSchema],
  ])("accepts the %s form, in CheckSchema and in its own branch", (_, check, branch) => {
    expect(CheckSchema.safeParse(check).success).toBe(true);
    expect(branch.safeParse(check).success).toBe(true);
  });

  it("keeps unknown members a newer service may add", () => {
    const parsed = CheckSchema.parse({ ...liveReadWriteSimple(), future_member: [1] });
    expect(parsed).toHaveProperty("future_member", [1]);
  });

  it("accepts v1's `started` status and a status of every kind", () => {
    for (const status of ["new", "up", "grace", "down", "paused", "started"]) {
      expect(CheckSchema.safeParse({ ...liveReadWriteSimple(), status }).success).toBe(true);
    }
  });

  it("accepts timestamps with and without a fraction, and null only for last_ping/next_ping", () => {
    const check = { ...liveReadWriteSimple(), last_ping: "2020-03-24T14:02:03.123456+00:00", next_ping: null };
    expect(CheckSchema.safeParse(check).success).toBe(true);
    for (const member of ["name", "grace", "started", "methods", "channels", "timeout", "badge_url", "uuid"]) {
      expect(CheckSchema.safeParse({ ...liveReadWriteSimple(), [member]: null }).success, member).toBe(false);
    }
  });

  it.each([
    ["a member missing", without(liveReadWriteSimple(), "name")],
    ["the URLs missing (a read-only form)", liveReadOnlySimple()],
    ["neither timeout nor schedule/tz", without(liveReadWriteSimple(), "timeout")],
    ["schedule without tz", without(liveReadWriteScheduled(), "tz")],
    ["grace as a string", { ...liveReadWriteSimple(), grace: "900" }],
    ["a fractional timeout", { ...liveReadWriteSimple(), timeout: 3600.5 }],
    ["an unknown status", { ...liveReadWriteSimple(), status: "late" }],
    ["methods GET", { ...liveReadWriteSimple(), methods: "GET" }],
    ["a timestamp without offset", { ...liveReadWriteSimple(), last_ping: "2020-03-24T14:02:03" }],
    ["a timestamp with seven fraction digits", { ...liveReadWriteSimple(), next_ping: "2020-03-24T14:02:03.1234567+00:00" }],
    ["an uppercase uuid", { ...liveReadWriteSimple(), uuid: "7918B17B-A745-4DB1-8575-9D2E07C97F79" }],
    ["started as 0", { ...liveReadWriteSimple(), started: 0 }],
    ["negative n_pings", { ...liveReadWriteSimple(), n_pings: -1 }],
  ])("rejects %s", (_, check) => {
    expect(CheckSchema.safeParse(check).success).toBe(false);
  });
});

describe("read-only check representation", () => {
  it.each([
    ["live simple", liveReadOnlySimple(), ReadOnlySimpleCheckSchema],
    ["live scheduled", liveReadOnlyScheduled(), ReadOnlyScheduledCheckSchema],
    ["seed simple", seedReadOnlySimple(), ReadOnlySimpleCheckSchema],
    ["seed scheduled", seedReadOnlyScheduled(), ReadOnlyScheduledCheckSchema],
  ])("accepts the %s form", (_, check, branch) => {
    expect(ReadOnlyCheckSchema.safeParse(check).success).toBe(true);
    expect(branch.safeParse(check).success).toBe(true);
  });

  it.each([
    ["a read-write form (no unique_key)", liveReadWriteSimple()],
    ["unique_key as a number", { ...liveReadOnlySimple(), unique_key: 7 }],
    ["neither timeout nor schedule/tz", without(liveReadOnlyScheduled(), "schedule", "tz")],
  ])("rejects %s", (_, check) => {
    expect(ReadOnlyCheckSchema.safeParse(check).success).toBe(false);
  });
});

describe("list-checks answers", () => {
  it("accept the read-write and the read-only list, empty or not", () => {
    expect(CheckListSchema.safeParse({ checks: [] }).success).toBe(true);
    expect(CheckListSchema.safeParse({ checks: [liveReadWriteSimple(), seedReadWriteScheduled()] }).success).toBe(true);
    expect(ReadOnlyCheckListSchema.safeParse({ checks: [liveReadOnlySimple(), seedReadOnlyScheduled()] }).success)
      .toBe(true);
  });

  it("reject a bare array and a list holding the other key kind's form", () => {
    expect(CheckListSchema.safeParse([liveReadWriteSimple()]).success).toBe(false);
    expect(CheckListSchema.safeParse({ checks: [liveReadOnlySimple()] }).success).toBe(false);
    expect(ReadOnlyCheckListSchema.safeParse({ checks: [liveReadWriteSimple()] }).success).toBe(false);
  });
});

describe("member orders", () => {
  const kindMembers = ["timeout", "schedule", "tz"];
  const order = (check: Record<string, unknown>) => Object.keys(check).filter((key) => !kindMembers.includes(key));

  it("match the service's live read-write order; a simple check without last_duration has 29 members", () => {
    expect(order(liveReadWriteScheduled())).toEqual([...LIVE_CHECK_MEMBERS]);
    expect(Object.keys(liveReadWriteSimple())).toHaveLength(29);
  });

  it("match the service's live read-only order", () => {
    expect(order(liveReadOnlyScheduled())).toEqual([...LIVE_READ_ONLY_CHECK_MEMBERS]);
  });

  it("match the seed's orders", () => {
    expect(order(seedReadWriteSimple())).toEqual([...SEED_CHECK_MEMBERS]);
    expect(order(seedReadOnlySimple())).toEqual([...SEED_READ_ONLY_CHECK_MEMBERS]);
  });
});
