import { describe, expect, expectTypeOf, it } from "vitest";
import { ENTRIES, setupEntry } from "./entries.js";

describe.each(ENTRIES)("ping bodies as bytes through $name", (entry) => {
  it("reads back a binary body exactly, where the text form replaces invalid UTF-8", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "binary" })).uuid;
    const bytes = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0xc3]);
    await client.ping(uuid).log({ body: bytes });
    const read = await client.pings.bodyBytes(uuid, 1);
    expectTypeOf(read).toEqualTypeOf<Uint8Array>();
    expect(read).toEqual(bytes);
    expect(read.constructor).toBe(Uint8Array);
    expect(await client.pings.body(uuid, 1)).toContain("\uFFFD");
    const { data, response } = await client.pings.bodyBytes(uuid, 1).withResponse();
    expect([data.length, response.status]).toEqual([8, 200]);
  });

  it("rejects a missing body as the text form does", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({})).uuid;
    await client.ping(uuid).success();
    await expect(client.pings.bodyBytes(uuid, 1)).rejects.toBeInstanceOf(entry.sdk.NotFoundError);
    await expect(client.pings.bodyBytes(uuid, 0)).rejects.toBeInstanceOf(entry.sdk.BadRequestError);
  });
});
