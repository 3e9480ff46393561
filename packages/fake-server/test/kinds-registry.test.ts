/**
 * The registry of integration kinds: exactly one module for every kind the
 * schema lists, under the kind's own name, and the public builders taken
 * from them.
 */
import { CHANNEL_KINDS, RETIRED_CHANNEL_KINDS } from "@checks-api/schema";
import { describe, expect, it } from "vitest";
import { channels, VENDOR_KINDS } from "../src/index.js";
import * as MODULES from "../src/model/kinds/modules.js";
import { KIND_NAMES, kindModule } from "../src/model/kinds/registry.js";

const SCHEMA_KINDS = Object.keys(CHANNEL_KINDS).sort();

describe("the kinds' registry", () => {
  it("has a module for every kind the schema lists, and none for a kind it does not", () => {
    expect([...KIND_NAMES].sort()).toEqual(SCHEMA_KINDS);
    for (const retired of RETIRED_CHANNEL_KINDS) expect(kindModule(retired)).toBeUndefined();
  });

  it("lists each module under its kind's name, once", () => {
    for (const [name, module] of Object.entries(MODULES)) expect(module.kind).toBe(name);
    expect(new Set(KIND_NAMES).size).toBe(KIND_NAMES.length);
  });

  it("gives channels one builder per kind, the module's own", () => {
    expect(Object.keys(channels).sort()).toEqual(SCHEMA_KINDS);
    for (const kind of SCHEMA_KINDS) expect(channels[kind as keyof typeof channels]).toBe((kindModule(kind)?.builder as Record<string, unknown>)[kind]);
  });

  it("counts as vendor kinds exactly the modules that say their address is the vendor's", () => {
    expect(VENDOR_KINDS).toEqual(SCHEMA_KINDS.filter((kind) => kindModule(kind)?.vendor === true));
  });
});
