/**
 * The real clock's alarm over timers the test drives by hand: waits longer
 * than a timer keeps are made in parts, and it rings once, at its time.
 */
import { afterEach, expect, test, vi } from "vitest";
import { Alarm } from "../src/model/alarm.js";
import { MAX_TIMER_DELAY_MS } from "../src/model/real-timers.js";

const timers = vi.hoisted(() => ({ waiting: new Map<number, { callback: () => void; ms: number }>(), next: 1 }));

vi.mock("../src/model/real-timers.js", async (original) => ({
  ...(await original<typeof import("../src/model/real-timers.js")>()),
  startTimer: (callback: () => void, ms: number) => {
    const id = timers.next++;
    timers.waiting.set(id, { callback, ms });
    return id;
  },
  stopTimer: (id: number | undefined) => void timers.waiting.delete(id as number),
  unrefTimer: (id: number) => id,
}));

afterEach(() => {
  vi.useRealTimers();
  timers.waiting.clear();
});

// Moves the (faked) wall clock by `ms` and fires the one timer waiting.
function fire(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
  expect(timers.waiting.size).toBe(1);
  const [id, timer] = [...timers.waiting][0]!;
  timers.waiting.delete(id);
  timer.callback();
}

test("a wait past a timer's longest delay is made in parts, and rings once at its time", () => {
  vi.useFakeTimers({ toFake: ["Date"], now: 0 });
  const ring = vi.fn();
  const alarm = new Alarm(ring);
  alarm.set(2 * MAX_TIMER_DELAY_MS + 5_000);
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([MAX_TIMER_DELAY_MS]);
  fire(MAX_TIMER_DELAY_MS);
  expect(ring).not.toHaveBeenCalled();
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([MAX_TIMER_DELAY_MS]);
  fire(MAX_TIMER_DELAY_MS);
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([5_000]);
  // A host timer firing a millisecond early waits out the rest.
  fire(4_999);
  expect(ring).not.toHaveBeenCalled();
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([1]);
  fire(1);
  expect(ring).toHaveBeenCalledTimes(1);
  expect(timers.waiting.size).toBe(0);
});

test("setting the time it is already set for keeps its timer; another time replaces it; clear() leaves none", () => {
  vi.useFakeTimers({ toFake: ["Date"], now: 0 });
  const alarm = new Alarm(() => undefined);
  alarm.set(1_000);
  const [first] = timers.waiting.keys();
  alarm.set(1_000);
  expect([...timers.waiting.keys()]).toEqual([first]);
  alarm.set(500);
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([500]);
  alarm.set(null);
  expect(timers.waiting.size).toBe(0);
  alarm.set(-5);
  expect([...timers.waiting.values()].map((timer) => timer.ms)).toEqual([0]);
  alarm.clear();
  expect(timers.waiting.size).toBe(0);
});
