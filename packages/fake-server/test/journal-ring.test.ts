import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Journal, toEntry, type JournalRecord } from "../src/http/journal.js";

// The journal keeps its entries in columns used as a ring. Whatever it
// holds must be what a plain list would: the newest entries that fit both
// limits, in order, each as it was recorded, and an entry whose answer
// was still open as it is now.

const ENTRY_OVERHEAD = 256;

function record(i: number, pathLength: number, unsettled: boolean): JournalRecord {
  const entry: JournalRecord = {
    at: Date.UTC(2026, 0, 1) + i * 1000,
    method: i % 2 === 0 ? "GET" : "POST",
    pathname: `/p${i}`.padEnd(pathLength, "x"),
    search: i % 3 === 0 ? `?n=${i}` : "",
    secretSegment: null,
    operation: i % 2 === 0 ? "getCheck" : null,
    keyKind: i % 2 === 0 ? "read-write" : null,
    body: i % 2 === 0 ? null : `body ${i}`,
    bodyLength: i % 2 === 0 ? 0 : 6 + String(i).length,
    status: 200 + (i % 5),
  };
  if (unsettled) {
    entry.fault = "latency 10ms";
    entry.answer = "waiting";
  }
  return entry;
}

// What a record is estimated to hold, as the journal counts it.
function sizeOf(entry: JournalRecord): number {
  const body = typeof entry.body === "string" ? 2 * entry.body.length : 0;
  return ENTRY_OVERHEAD + body + 2 * (entry.pathname.length + entry.search.length);
}

describe("journal ring", () => {
  it("holds what a plain list bounded by count and bytes would, through growth, wrap-around and clears", () => {
    const step = fc.oneof(
      { weight: 12, arbitrary: fc.record({ kind: fc.constant("record" as const), pathLength: fc.nat(300), unsettled: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("clear" as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("settle" as const), pick: fc.nat() }) },
    );
    fc.assert(
      fc.property(fc.nat(150), fc.integer({ min: 0, max: 40_000 }), fc.array(step, { maxLength: 400 }), (entries, bytes, steps) => {
        const journal = new Journal({ entries, bytes, excerpt: 4096 }, () => false);
        let model: JournalRecord[] = [];
        let held = 0;
        let i = 0;
        for (const action of steps) {
          if (action.kind === "clear") {
            journal.clear();
            model = [];
            held = 0;
          } else if (action.kind === "settle") {
            const open = model.filter((entry) => entry.answer === "waiting");
            const chosen = open[action.pick % Math.max(1, open.length)];
            if (chosen) chosen.answer = "sent";
          } else {
            const entry = record(i++, action.pathLength, action.unsettled);
            const size = sizeOf(entry);
            journal.record(entry);
            if (entries === 0 || size > bytes) continue;
            model.push(entry);
            held += size;
            while (model.length > entries || held > bytes) held -= sizeOf(model.shift() as JournalRecord);
          }
          expect(journal.entries()).toEqual(model.map((record) => toEntry(record)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
