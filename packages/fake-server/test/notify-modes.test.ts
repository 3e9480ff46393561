import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DeliveryRecord, FakeServerOptions } from "../src/index.js";
import { START } from "./helpers.js";
import { ping, setupCatching, webhook } from "./notify-helpers.js";

const HOOK = "http://hooks.example";
const RICH = webhook(
  { url: `${HOOK}/down?n=$NAME&j=$JSON`, body: "$CODE $NAME $TAGS $NOW $EXITSTATUS $BODY $JSON", headers: { "X-N": "$NAME $JSON" } },
  { url: `${HOOK}/up?n=$NAME`, body: "$STATUS $NAME $JSON" },
);

type Step =
  | { ping: number; signal: "" | "/fail" | "/start" | "/0" | "/3"; body: string }
  | { rename: number; name: string; desc: number }
  | { advance: number }
  | { back: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ ping: fc.nat(1), signal: fc.constantFrom("" as const, "/fail" as const, "/start" as const, "/0" as const, "/3" as const), body: fc.string({ maxLength: 12 }) }),
  fc.record({ rename: fc.nat(1), name: fc.string({ maxLength: 12 }), desc: fc.nat(300) }),
  fc.record({ advance: fc.integer({ min: 1, max: 7_200_000 }) }),
  fc.record({ back: fc.integer({ min: 1, max: 600_000 }) }),
);

/** A fake with three integrations on two checks, and a runner of steps on it. */
async function side(options: FakeServerOptions) {
  const s = setupCatching(undefined, options);
  s.fake.addChannel(s.project.id, { kind: "webhook", name: "a", value: RICH });
  s.fake.addChannel(s.project.id, { kind: "slack", name: "b", value: `${HOOK}/slack` });
  s.fake.addChannel(s.project.id, { kind: "email", name: "c", value: "ops@example.net" });
  const uuids = [await s.create({ name: "one", timeout: 3600, grace: 60, channels: "*" }), await s.create({ name: "two", tags: "x y", channels: "*" })];
  return async (next: Step): Promise<DeliveryRecord[]> => {
    if ("ping" in next) await ping(s, `${uuids[next.ping]}${next.signal}`, next.body);
    else if ("rename" in next) await s.rwCall("POST", `/api/v3/checks/${uuids[next.rename]}`, { body: { name: next.name, desc: "d".repeat(next.desc) } });
    else if ("advance" in next) s.fake.clock.advance(next.advance);
    else s.fake.clock.set(Math.max(START, s.fake.clock.now().getTime() - next.back));
    await s.fake.settled();
    return s.fake.notifications();
  };
}

// What the send mode's records show but the record mode's cannot: that something was sent, and the receiver's status.
const unsent = (records: DeliveryRecord[]) =>
  records.map((record) => ({ ...record, sent: false, requests: record.requests.map((request) => ({ ...request, status: null })) }));

describe("every delivery mode records the same deliveries", () => {
  it("record mode, test fetch and small outboxes, read after every step, show the same records", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 20_000 }), async (steps, limit, bytes) => {
        const sent = await side({});
        const recorded = await side({ notifications: { delivery: "record" } });
        const few = await side({ notifications: { delivery: "record", outboxLimit: limit } });
        const small = await side({ notifications: { delivery: "record", outboxByteLimit: bytes } });
        for (const next of steps) {
          const all = await recorded(next);
          expect(all).toEqual(unsent(await sent(next)));
          expect(await few(next)).toEqual(all.slice(-limit));
          const kept = await small(next);
          expect(kept.length).toBe(all.length === 0 ? 0 : Math.max(1, kept.length));
          expect(kept).toEqual(all.slice(all.length - kept.length));
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe("a record says whether its delivery was sent or only recorded", () => {
  it("a webhook sent is sent; in record mode it is not, nor is an email without a relay in either mode", async () => {
    for (const delivery of ["send", "record"] as const) {
      const s = setupCatching(undefined, delivery === "record" ? { notifications: { delivery } } : {});
      s.fake.addChannel(s.project.id, { kind: "webhook", name: "hook", value: webhook({ url: `${HOOK}/down` }) });
      s.fake.addChannel(s.project.id, { kind: "email", name: "mail", value: "ops@example.net" });
      const uuid = await s.create({ name: "job", channels: "*" });
      await ping(s, `${uuid}/fail`);
      await s.fake.settled();
      const sent = Object.fromEntries(s.fake.notifications().map((record) => [record.channel.name, [record.sent, record.error]]));
      expect(sent).toEqual({ hook: [delivery === "send", ""], mail: [false, ""] });
    }
  });
});

describe("an alert shows the check as it was at its flip", () => {
  it("a rename and a clock move before settled() change neither what is sent nor when it is dated", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "webhook", value: webhook({ url: `${HOOK}/$NAME`, body: "$JSON" }) });
    const uuid = await s.create({ name: "before", channels: "*" });
    await ping(s, `${uuid}/fail`);
    const flippedAt = s.fake.clock.now().toISOString();
    await s.rwCall("POST", `/api/v3/checks/${uuid}`, { body: { name: "after" } });
    await ping(s, uuid);
    s.fake.clock.advance(3_600_000);
    await s.fake.settled();
    const [down] = s.fake.notifications();
    expect(down).toMatchObject({ time: flippedAt, flip: { status: "down", time: flippedAt }, error: "" });
    expect(s.caught[0]!.url).toBe(`${HOOK}/before`);
    expect(JSON.parse(s.caught[0]!.body)).toMatchObject({ name: "before", status: "down" });
  });
});
