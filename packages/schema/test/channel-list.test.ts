import { describe, expect, it } from "vitest";
import { CHANNEL_KINDS, ChannelListSchema, ChannelSchema, RETIRED_CHANNEL_KINDS } from "@checks-api/schema";

const ID = "4ec5a071-2d08-4baa-898a-eb4eb3cd6941";

describe("integrations", () => {
  it("knows the 29 live kinds", () => {
    expect(Object.keys(CHANNEL_KINDS)).toHaveLength(29);
    expect(CHANNEL_KINDS.victorops).toBe("Splunk On-Call");
  });

  it("accepts every known kind, retired kinds and kinds this version does not know", () => {
    for (const kind of [...Object.keys(CHANNEL_KINDS), ...RETIRED_CHANNEL_KINDS, "carrier-pigeon"]) {
      expect(ChannelSchema.safeParse({ id: ID, name: "Ops", kind }).success, kind).toBe(true);
    }
  });

  it("accepts the list answer with an empty name, and an empty list", () => {
    const body = {
      channels: [
        { id: ID, name: "", kind: "email" },
        { id: "746a083e-f542-44d2-a7a5-8ba72c6d2a2a", name: "SMS on call", kind: "sms" },
      ],
    };
    expect(ChannelListSchema.safeParse(body).success).toBe(true);
    expect(ChannelListSchema.safeParse({ channels: [] }).success).toBe(true);
  });

  it.each([
    ["an uppercase id", { id: ID.toUpperCase(), name: "Ops", kind: "email" }],
    ["an id that is no UUID", { id: "ops", name: "Ops", kind: "email" }],
    ["a null name", { id: ID, name: null, kind: "email" }],
    ["a numeric kind", { id: ID, name: "Ops", kind: 3 }],
    ["no kind", { id: ID, name: "Ops" }],
  ])("rejects an integration with %s", (_, channel) => {
    expect(ChannelSchema.safeParse(channel).success).toBe(false);
    expect(ChannelListSchema.safeParse({ channels: [channel] }).success).toBe(false);
  });
});
