/**
 * A kind added by the README's "Adding a kind": its module
 * (`fixtures/kinds/pigeon.ts`) and the registry's one line, here the
 * mocked `modules.ts`. The schema does not know the kind, so the API
 * refuses to add it; a state import, which takes any kind, brings it in.
 * Nothing else learns of it, yet the builder, the directions, the
 * rendering, the vendor address, the permanent failure and the rate
 * limit all work.
 */
import { describe, expect, it, vi } from "vitest";
import { channels, FakeServer, VENDOR_KINDS } from "../src/index.js";
import { deliveryRateLimit, isPermanentFailure, notifies } from "../src/model/kinds/registry.js";
import { ping, START } from "./helpers.js";

vi.mock("../src/model/kinds/modules.js", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...(await import("./fixtures/kinds/pigeon.js")),
}));

const pigeonBuilder = (channels as unknown as Record<string, (loft: string) => { kind: string; value: string }>).pigeon;

/** A fake whose one check, pinged and then late, notifies a pigeon loft brought in by a state import. */
async function fakeWithPigeons(loft: string, vendorUrls: Record<string, string> = {}) {
  const source = new FakeServer({ clock: { start: START } });
  const project = source.createProject({ name: "Ops" });
  const channel = source.addChannel(project.id, channels.slack("https://hooks.example/x"));
  const check = source.createCheck(project.id, { name: "backup", timeout: 3600, grace: 60, channels: "*" });
  const state = source.exportState();
  const stored = state.projects[0]!.channels[0]!;
  expect(stored.id).toBe(channel.id);
  Object.assign(stored, pigeonBuilder!(loft));
  const fake = new FakeServer({ clock: { start: START }, notifications: { delivery: "record", vendorUrls } });
  fake.importState(state);
  await ping(fake, check.ping_url.split("/").pop()!);
  fake.clock.advance(3 * 3600_000);
  await fake.settled();
  return fake;
}

describe("a kind added in two files", () => {
  it("has its builder, its directions, its permanent failure, its rate limit and a vendor address", () => {
    expect(pigeonBuilder?.("loft-7")).toEqual({ kind: "pigeon", value: "loft-7" });
    expect(notifies("pigeon", "loft-7", "up")).toBe(true);
    expect(notifies("pigeon", "loft-7-day", "up")).toBe(false);
    expect(isPermanentFailure("pigeon", 410, "")).toBe(true);
    expect(isPermanentFailure("pigeon", 404, "")).toBe(false);
    expect(deliveryRateLimit("pigeon", "loft-7")).toEqual({ key: "pigeon\nloft-7", capacity: 2, refillSeconds: 60 });
    expect(VENDOR_KINDS).toContain("pigeon");
  });

  it("is delivered by the fake: rendered, recorded at the vendor's address, and routed by vendorUrls", async () => {
    const fake = await fakeWithPigeons("loft-7");
    const [record] = fake.notifications({ kind: "pigeon" });
    expect(record?.error).toBe("");
    expect(record?.requests).toMatchObject([
      { method: "POST", url: "https://api.pigeon.example/v1/flights", body: '{"loft": "loft-7", "message": "backup is DOWN"}', status: null },
    ]);

    const routed = await fakeWithPigeons("loft-8", { pigeon: "http://127.0.0.1:9/loft" });
    expect(routed.notifications({ kind: "pigeon" })[0]?.requests[0]?.url).toBe("http://127.0.0.1:9/loft/v1/flights");
  });
});
