import * as schema from "@checks-api/schema";
import * as fetchByName from "@checks-api/sdk/fetch";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as fetchEntry from "../src/fetch.js";
import * as nodeEntry from "../src/index.js";

const HELPERS = [
  "checkUuid",
  "flipsOf",
  "isScheduled",
  "CHECK_STATUSES",
  "CHECK_DEFAULTS",
  "PING_TYPES",
  "UNIQUE_FIELDS",
  "METHODS_VALUES",
  "CHANNEL_KINDS",
  "BADGE_KEYS",
  "DURATION_MIN",
  "DURATION_MAX",
  "NAME_MAX_LENGTH",
  "SLUG_MAX_LENGTH",
  "SLUG_PATTERN",
  "SCHEDULE_MAX_LENGTH",
  "KEYWORD_MAX_LENGTH",
  "TAGS_MAX_LENGTH",
  "EXIT_STATUS_MAX",
  "DEFAULT_PING_BODY_LIMIT",
  "FLIPS_SECONDS_MAX",
] as const;

describe("what the SDK re-exports from the schema", () => {
  it.each([
    ["@checks-api/sdk", nodeEntry],
    ["@checks-api/sdk/fetch", fetchEntry],
  ] as const)("%s exports the schema's helpers, enums and limits themselves", (_name, entry) => {
    for (const name of HELPERS) expect(entry[name], name).toBe(schema[name]);
  });

  it("exports the wire types; Check is the schema's with uuid required", () => {
    expectTypeOf<nodeEntry.Ping>().toEqualTypeOf<schema.Ping>();
    expectTypeOf<nodeEntry.Flip>().toEqualTypeOf<schema.Flip>();
    expectTypeOf<nodeEntry.Channel>().toEqualTypeOf<schema.Channel>();
    expectTypeOf<nodeEntry.BadgeUrls>().toEqualTypeOf<schema.BadgeUrls>();
    expectTypeOf<nodeEntry.ReadOnlyCheck>().toEqualTypeOf<schema.ReadOnlyCheck>();
    expectTypeOf<nodeEntry.CreateCheckInput>().toEqualTypeOf<schema.CreateCheckInput>();
    expectTypeOf<nodeEntry.UpdateCheckInput>().toEqualTypeOf<schema.UpdateCheckInput>();
    expectTypeOf<nodeEntry.Check>().toExtend<schema.Check>();
    expectTypeOf<fetchEntry.Check>().toEqualTypeOf<nodeEntry.Check>();
    expectTypeOf<nodeEntry.Check["uuid"]>().toEqualTypeOf<string>();
  });

  it("is importable as @checks-api/sdk/fetch in this repository (tsconfig paths, vitest alias)", () => {
    expect(fetchByName.ChecksClient).toBe(fetchEntry.ChecksClient);
    expect(fetchByName.createClient).toBe(fetchEntry.createClient);
  });
});
