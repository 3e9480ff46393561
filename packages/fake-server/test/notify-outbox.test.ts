import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { newRecord, Outbox, textLength, type DeliveryRecord } from "../src/notify/outbox.js";

const CHANNEL = { id: "c", name: "hook", kind: "webhook" };

function record(n: number, size: number): DeliveryRecord {
  const made = newRecord(CHANNEL, `check ${n}`, { at: n, to: "down", reason: "fail" }, n);
  made.error = "x".repeat(size);
  return made;
}

// What each record holds, as the outbox counts it.
const sizeOf = (made: DeliveryRecord): number => 256 + textLength(made);

describe("the outbox", () => {
  test("keeps what a plain list with its rules keeps: the newest records within the count and the bytes, and always the newest", () => {
    const step = fc.oneof(
      fc.record({ add: fc.nat(600) }),
      fc.record({ grow: fc.nat(20), by: fc.nat(600) }),
      fc.constant({ clear: true as const }),
    );
    fc.assert(
      fc.property(fc.nat(12), fc.integer({ min: 0, max: 6_000 }), fc.array(step, { maxLength: 80 }), (limit, byteLimit, steps) => {
        const outbox = new Outbox({ records: limit, bytes: byteLimit });
        let model: DeliveryRecord[] = [];
        const made: DeliveryRecord[] = [];
        for (const action of steps) {
          if ("clear" in action) {
            outbox.clear();
            model = [];
          } else if ("add" in action) {
            const next = record(made.length, action.add);
            made.push(next);
            outbox.add(next);
            if (limit > 0) model.push(next);
            if (model.length > limit) model.shift();
          } else {
            // A delivery under way grows its record (a request made), which may push older ones out; a dropped one stays dropped.
            const grown = made[action.grow % Math.max(1, made.length)];
            if (grown === undefined) continue;
            grown.error += "y".repeat(action.by);
            outbox.resized(grown);
          }
          while (model.length > 1 && model.reduce((sum, one) => sum + sizeOf(one), 0) > byteLimit) model.shift();
          expect(outbox.list()).toEqual(model);
          expect(outbox.size).toBe(model.length);
        }
      }),
    );
  });

  test("lists copies: changing what was listed changes no record", () => {
    const outbox = new Outbox({ records: 5, bytes: 1_000_000 });
    outbox.add(record(1, 3));
    const [listed] = outbox.list();
    listed!.error = "changed";
    listed!.requests.push({ method: "GET", url: "http://a.example/", headers: [], body: null, bodyBase64: null, status: 200 });
    expect(outbox.list()[0]).toMatchObject({ error: "xxx", requests: [] });
  });
});
