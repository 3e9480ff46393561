import { describe, expect, test } from "vitest";
import { Outbox, type ChannelSnapshot, type OutboxEntry } from "../src/notify/outbox.js";

const CHANNEL: ChannelSnapshot = { id: "c", name: "hook", kind: "webhook", value: "" };

/** A record's error as the model and the outbox both know it: its number, padded to give it a size. */
function label(n: number, size: number): string {
  return `${n}:`.padEnd(size, "x");
}

// The outbox's rules written the plain way: a list, the oldest dropped first by count on open and by bytes on settle.
class ModelOutbox {
  records: Array<{ n: number; size: number; sending: boolean }> = [];
  constructor(
    readonly limit: number,
    readonly byteLimit: number,
  ) {}
  open(n: number): void {
    if (this.limit === 0) return;
    if (this.records.length === this.limit) this.records.shift();
    this.records.push({ n, size: 0, sending: true });
  }
  settle(n: number, size: number): void {
    const record = this.records.find((r) => r.n === n);
    if (!record) return;
    record.size = size;
    record.sending = false;
    while (this.records.reduce((sum, r) => sum + r.size, 0) > this.byteLimit && this.records.length > 0) this.records.shift();
  }
}

describe("the outbox ring", () => {
  test("keeps the same records, in the same order, as a plain list with the same rules, through growth, wrapping, drops and clears", () => {
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (const [limit, byteLimit] of [
      [0, 10_000],
      [1, 10_000],
      [3, 10_000],
      [40, 10_000],
      [40, 3_000],
      [100, 8_000],
    ] as const) {
      const outbox = new Outbox({ records: limit, bytes: byteLimit }, () => []);
      const model = new ModelOutbox(limit, byteLimit);
      const open: Array<{ entry: OutboxEntry; n: number }> = [];
      for (let n = 0; n < 2_000; n++) {
        const action = random(20);
        if (action === 0) {
          outbox.clear();
          model.records = [];
          continue;
        }
        const flip = { at: n, to: "down", reason: "fail" } as const;
        model.open(n);
        if (action < 5) {
          // A delivery decided at once is recorded whole.
          const size = 256 + 4 + random(400);
          outbox.record(CHANNEL, `check ${n}`, flip, n, label(n, size - 256 - CHANNEL.name.length));
          model.settle(n, size);
        } else open.push({ entry: outbox.open(CHANNEL, `check ${n}`, flip, n), n });
        // Most deliveries settle at once; some stay under way for a while, as a send waiting for its receiver does.
        const settleNow = open.filter(() => random(4) !== 0);
        for (const done of settleNow) {
          const size = 256 + 4 + random(400);
          done.entry.error = label(done.n, size - 256 - CHANNEL.name.length);
          outbox.settle(done.entry);
          model.settle(done.n, size);
          open.splice(open.indexOf(done), 1);
        }
        const listed = outbox.list();
        expect(listed.map((record) => record.check)).toEqual(model.records.map((r) => `check ${r.n}`));
        for (const record of listed) {
          const n = Number(record.check.slice(6));
          const known = model.records.find((r) => r.n === n)!;
          expect(record.error.startsWith(known.sending ? "Sending" : `${n}:`)).toBe(true);
          expect(record.time).toBe(new Date(n).toISOString());
        }
      }
    }
  });

  test("an entry dropped while its delivery is under way is never reused: completing it changes no newer record", () => {
    const outbox = new Outbox({ records: 2, bytes: 1_000_000 }, () => []);
    const sending = outbox.open(CHANNEL, "first", { at: 1, to: "down", reason: "fail" }, 1);
    outbox.clear();
    const later = outbox.open(CHANNEL, "second", { at: 2, to: "up", reason: "" }, 2);
    later.error = "";
    outbox.settle(later);
    expect(later).not.toBe(sending);
    sending.error = "Received status code 500";
    sending.requests = [{ method: "POST", url: "http://hooks.example/", headers: [], body: null, status: 500 }];
    outbox.settle(sending);
    expect(outbox.list().map((record) => [record.check, record.error, record.requests.length])).toEqual([["second", "", 0]]);
  });
});
