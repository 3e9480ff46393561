import { FakeServer } from "@checks-api/fake-server";
import { checkUuid, checkWireShape, WIRE_SCHEMAS, WIRE_VALIDATORS, type WireShapeName } from "@checks-api/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { FAKE_BASE, MODES } from "./fake-helpers.js";

// The SDK validates without zod: the generated tests of WIRE_VALIDATORS pass
// valid answers, the interpreter of the shapes explains the others. Both must
// agree with zod: the same values accepted, the same issues reported.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

async function samples(compat: (typeof MODES)[number]): Promise<Array<[WireShapeName, Json]>> {
  const fake = new FakeServer({ baseUrl: FAKE_BASE, compat });
  const project = fake.createProject();
  fake.addChannel(project.id, { kind: "email", name: "ops" });
  const simple = checkUuid(fake.createCheck(project.id, { name: "backup", tags: "prod db", timeout: 3600 }));
  fake.createCheck(project.id, { name: "cron", schedule: "*/5 * * * *", tz: "Europe/Riga" });
  fake.createCheck(project.id, { name: "never pinged" });
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

const EDGE_VALUES: Json[] = [
  null, "", "x", 0, -1, 1, 1.5, -0.5, 2 ** 60, -(2 ** 60), true, [], {}, "up", "POST", "2020-03-24T14:02:03+00:00", "e4b1c1b6-7f5a-4d0b-9a52-1d0a3c5b6e7f",
];

/** The path of every member, at every depth. */
function memberPaths(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== "object") return [];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...memberPaths((value as Record<string | number, Json>)[key] as Json, [...prefix, key])]);
}

/**
 * A copy of `value` with the member at `path` set to `replacement`, or
 * removed when it is undefined (an array keeps a hole, which zod reads as
 * undefined).
 */
function replaceAt(value: Json, path: ReadonlyArray<string | number>, replacement: Json | undefined): Json {
  const [key, ...rest] = path;
  if (key === undefined || value === null || typeof value !== "object") return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, Json>;
  if (rest.length > 0) copy[key] = replaceAt(copy[key] as Json, rest, replacement);
  else if (replacement === undefined) delete copy[key];
  else copy[key] = replacement;
  return copy as Json;
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
  // A test that wrongly said "invalid" would go unnoticed above: the interpreter would still pass the value.
  const test = WIRE_VALIDATORS[name];
  if (test) expect(test(value)).toBe(zod.success);
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
      if (name !== "FlipsQuery") expect(WIRE_VALIDATORS[name]?.(value)).toBe(true);
      expectSameResult(name, value);
    }
  });

  it("accept and reject alike every answer with one member replaced by an edge value or removed", async () => {
    const edges: Array<Json | undefined> = [undefined, ...EDGE_VALUES];
    let compared = 0;
    for (const [name, value] of await samples(compat)) {
      for (const path of memberPaths(value)) {
        for (const edge of edges) {
          expectSameResult(name, replaceAt(value, path, edge));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("accept and reject mutated answers alike, with the same issues", async () => {
    const all = await samples(compat);
    const edge = fc.constantFrom<Json>(...EDGE_VALUES);
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
