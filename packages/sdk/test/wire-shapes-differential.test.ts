import { FakeServer } from "@checks-api/fake-server";
import { checkUuid, checkWireShape, WIRE_SCHEMAS, type WireShapeName } from "@checks-api/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { FAKE_BASE, MODES } from "./fake-helpers.js";

// The fetch entry validates with the zod-free shapes, the Node entry with zod:
// both must accept the same values and report the same first issues.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

async function samples(compat: (typeof MODES)[number]): Promise<Array<[WireShapeName, Json]>> {
  const fake = new FakeServer({ baseUrl: FAKE_BASE, compat });
  const project = fake.createProject();
  fake.addChannel(project.id, { kind: "email", name: "ops" });
  const simple = checkUuid(fake.createCheck(project.id, { name: "backup", tags: "prod db", timeout: 3600 }));
  fake.createCheck(project.id, { name: "cron", schedule: "*/5 * * * *", tz: "Europe/Riga" });
  await fake.handle(new Request(`${FAKE_BASE}/ping/${simple}`, { method: "POST", body: "done" }));
  await fake.handle(new Request(`${FAKE_BASE}/ping/${simple}/start`));
  await fake.handle(new Request(`${FAKE_BASE}/ping/${simple}/fail`));
  const get = async (path: string, key: string) =>
    (await (await fake.handle(new Request(`${FAKE_BASE}/api/v3/${path}`, { headers: { "x-api-key": key } }))).json()) as Json;
  const rw = project.readWriteKey as string;
  const ro = project.readOnlyKey as string;
  const list = (await get("checks/", rw)) as { checks: Json[] };
  const readOnlyList = (await get("checks/", ro)) as { checks: Json[] };
  return [
    ["CheckList", list],
    ...list.checks.map((check): [WireShapeName, Json] => ["Check", check]),
    ["ReadOnlyCheckList", readOnlyList],
    ...readOnlyList.checks.map((check): [WireShapeName, Json] => ["ReadOnlyCheck", check]),
    ["PingList", await get(`checks/${simple}/pings/`, rw)],
    ["FlipList", await get(`checks/${simple}/flips/`, rw)],
    ["ChannelList", await get("channels/", rw)],
    ["BadgeList", await get("badges/", rw)],
    ["FlipsQuery", { seconds: 60, start: 1_700_000_000, end: 1_800_000_000 }],
  ];
}

/** `value` with the member at a path (picked by `pick`) replaced or removed. */
function mutate(value: Json, pick: number[], replacement: Json | undefined): Json {
  if (pick.length === 0 || value === null || typeof value !== "object") return replacement === undefined ? null : replacement;
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (keys.length === 0) return replacement ?? value;
  const key = keys[(pick[0] as number) % keys.length] as string & number;
  const copy: Json = Array.isArray(value) ? [...value] : { ...value };
  const inner = mutate((value as Record<string, Json>)[key] as Json, pick.slice(1), replacement);
  if (pick.length === 1 && replacement === undefined && !Array.isArray(copy)) delete (copy as Record<string, Json>)[key];
  else (copy as Record<string, Json>)[key] = pick.length === 1 ? (replacement ?? null) : inner;
  return copy;
}

type AnyIssue = { code: string; path: PropertyKey[]; message: string; errors?: AnyIssue[][] } & Record<string, unknown>;

/** The members of an issue that the SDK reads, recursively. */
function comparable(issue: AnyIssue): unknown {
  return {
    code: issue.code,
    path: issue.path,
    message: issue.message,
    expected: issue.expected,
    values: issue.values,
    minimum: issue.minimum,
    maximum: issue.maximum,
    inclusive: issue.inclusive,
    errors: issue.errors?.map((branch) => branch.map(comparable)),
  };
}

function expectSameResult(name: WireShapeName, value: unknown) {
  const zod = (WIRE_SCHEMAS[name] as z.ZodMiniType).safeParse(value);
  const plain = checkWireShape(name, value);
  expect(plain.success).toBe(zod.success);
  if (zod.success && plain.success) {
    expect(JSON.stringify(plain.data)).toBe(JSON.stringify(zod.data));
  } else if (!zod.success && !plain.success) {
    expect(plain.error.issues.map((i) => comparable(i as AnyIssue))).toEqual(zod.error.issues.map((i) => comparable(i as unknown as AnyIssue)));
  }
}

describe.each(MODES)("the zod-free shapes beside zod (%s answers)", (compat) => {
  it("accept every answer of the fake", async () => {
    const all = await samples(compat);
    expect(new Set(all.map(([name]) => name))).toEqual(new Set(Object.keys(WIRE_SCHEMAS)));
    for (const [name, value] of all) {
      expect(checkWireShape(name, value).success).toBe(true);
      expectSameResult(name, value);
    }
  });

  it("accept and reject mutated answers alike, with the same issues", async () => {
    const all = await samples(compat);
    const edge = fc.constantFrom<Json>(null, "", "x", 0, -1, 1, 1.5, -0.5, 2 ** 60, -(2 ** 60), true, [], {}, "up", "2020-03-24T14:02:03+00:00", "e4b1c1b6-7f5a-4d0b-9a52-1d0a3c5b6e7f");
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.array(fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.option(fc.oneof(edge, fc.jsonValue() as fc.Arbitrary<Json>), { nil: undefined }), { minLength: 3, maxLength: 3 }),
        ([name, value], picks, replacements) => {
          let mutated = value;
          picks.forEach((pick, i) => {
            mutated = mutate(mutated, pick, replacements[i]);
          });
          expectSameResult(name, mutated);
        },
      ),
      { numRuns: 600 },
    );
  });
});
