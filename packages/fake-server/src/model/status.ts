/**
 * Status over time (`docs/reference.md#status-and-flips-over-time`): the next expected ping, the displayed
 * status, `next_ping`, and the timeout detector that turns overdue checks
 * `down` with flips dated when they went down.
 * @module
 */
import type { CheckStatus, StoredStatus } from "@checks-api/schema/lite";
import { LATEST_TIME_MS } from "./clock.js";
import { nextFireTime } from "./schedule/index.js";
import { type FlipRecord, type Store, type StoredCheck } from "./store.js";

/** API version of a request: changes the displayed status (`started` in v1) and URLs. */
export type ApiVersion = 1 | 2 | 3;

/** The next expected ping `E`: defined only while the stored status is `up`. */
function computeExpected(check: StoredCheck): number | null {
  if (check.status !== "up" || check.lastPing === null) return null;
  if (check.kind === "simple") {
    // Past year 9999 a time can be neither reached nor printed (the service's
    // datetime overflows there): as for a schedule with no fire time left, nothing is expected.
    const due = check.lastPing + check.timeout * 1000;
    return due <= LATEST_TIME_MS ? due : null;
  }
  return nextFireTime(check.schedule, check.tz, check.lastPing) ?? null;
}

/** Grace start `GS`: `E`, or the pending start when earlier (not while `down`). */
function graceStart(check: StoredCheck): number | null {
  const expected = check.expected;
  if (check.lastStart === null || check.status === "down") return expected;
  return expected === null ? check.lastStart : Math.min(expected, check.lastStart);
}

/** "Goes down at" `D` = `GS + grace`; `null` while `down` or when nothing is expected. */
function goesDownAt(check: StoredCheck): number | null {
  if (check.status === "down") return null;
  const start = graceStart(check);
  return start === null ? null : start + check.grace * 1000;
}

/** `next_ping` in epoch ms, or `null`. */
export function nextPingAt(check: StoredCheck): number | null {
  return check.status === "down" ? null : graceStart(check);
}

/** The status the API shows at `now`; v1 reports a pending start as `started`. */
export function displayedStatus(check: StoredCheck, now: number, version: ApiVersion): CheckStatus {
  const graceMs = check.grace * 1000;
  if (check.lastStart !== null && now >= check.lastStart + graceMs) return "down";
  if (version === 1 && check.lastStart !== null) return "started";
  if (check.status !== "up") return check.status;
  const expected = check.expected;
  if (expected === null) return "up";
  if (now >= expected + graceMs) return "down";
  return now >= expected ? "grace" : "up";
}

/**
 * Whether a flip from `from` to `to` notifies the check's integrations: a
 * flip to `down`, or back `up` after `down`. A first success, a success
 * that ends a pause, a pause and a resume notify nobody.
 */
export function flipNotifies(from: StoredStatus, to: StoredStatus): boolean {
  return to === "down" || (to === "up" && from === "down");
}

/**
 * Flips a check keeps at most. The service drops flips by age, which a
 * check flipped over and over under a clock that stands still never
 * reaches; the fake bounds the history by count instead.
 */
export const FLIP_HISTORY_LIMIT = 10_000;
/** Oldest flips dropped at once when the history is over {@link FLIP_HISTORY_LIMIT}: in batches, so that a flip costs O(1) on average. */
export const FLIP_HISTORY_DROP = 100;

/**
 * Records a change of the stored status; a flip that notifies joins the
 * store's queue for the notification processor, the others are stored
 * processed.
 */
export function recordFlip(store: Store, check: StoredCheck, at: number, to: StoredStatus, reason: FlipRecord["reason"]): void {
  const notifies = flipNotifies(check.status, to);
  const flip = newFlip(store, at, check.status, to, reason, !notifies);
  const { flips } = check;
  flips.push(flip);
  if (flips.length > FLIP_HISTORY_LIMIT) dropOldestFlips(store, flips);
  check.status = to;
  if (notifies) store.pendingFlips.push(check, flip);
}

// A flip record that lives as long as the history keeps it (the next 10000
// flips) costs the collector far more than making it: it is moved out of
// the young generation and kept track of there. Writing into records the
// history dropped makes a long run of flips allocate none.
function newFlip(store: Store, at: number, from: StoredStatus, to: StoredStatus, reason: FlipRecord["reason"], processed: boolean): FlipRecord {
  const flip = store.spareFlips.pop();
  if (flip === undefined) return { at, from, to, reason, processed };
  flip.at = at;
  flip.from = from;
  flip.to = to;
  flip.reason = reason;
  flip.processed = processed;
  return flip;
}

function dropOldestFlips(store: Store, flips: FlipRecord[]): void {
  // One shift at a time: V8 trims a long array's front in place, where a splice moves every flip kept.
  for (let i = 0; i < FLIP_HISTORY_DROP; i++) {
    const dropped = flips.shift() as FlipRecord;
    // One the processor has not taken is still in its queue; the processor keeps the values of those it took.
    if (dropped.processed && store.spareFlips.length < FLIP_HISTORY_DROP) store.spareFlips.push(dropped);
  }
}

/** Recomputes `E` and `D` after the check's data changed, and requeues it for the detector. */
export function rearm(store: Store, check: StoredCheck): void {
  check.expected = computeExpected(check);
  check.alertAfter = goesDownAt(check);
  store.due.update(check);
}

/**
 * The timeout detector (`docs/reference.md#going-down-by-time`), run for every check whose `D` is at
 * or before `now`, soonest first: a check that shows `down` is stored as
 * `down` with a `timeout` flip dated `D`. Says whether it changed a check.
 */
export function runDetector(store: Store, now: number): boolean {
  let changed = false;
  for (let check = store.due.peek(); check; check = store.due.peek()) {
    const downAt = check.alertAfter;
    if (downAt === null || downAt > now) break;
    changed = true;
    if (displayedStatus(check, now, 3) === "down") {
      // A success whose run id leaves a stale start pending can re-arm the
      // check with a D already past; dating that flip before the flip it
      // follows would make the history run backwards, so it is dated no
      // earlier than the previous flip.
      const previous = check.flips.at(-1);
      recordFlip(store, check, previous !== undefined && previous.at > downAt ? previous.at : downAt, "down", "timeout");
      check.expected = null;
      check.alertAfter = null;
      store.due.remove(check);
    } else {
      rearm(store, check);
      if (check.alertAfter !== null && check.alertAfter <= now) store.due.remove(check);
    }
  }
  return changed;
}

/** The next moment the timeout detector has work (epoch ms), or `null` while no check is due to go down. */
export function nextDetection(store: Store): number | null {
  return store.due.peek()?.alertAfter ?? null;
}

/** A change of a check's displayed status that time alone brings. */
export interface StatusChange {
  /** Check UUID. */
  check: string;
  /** Displayed status before. */
  from: CheckStatus;
  /** Displayed status from `at` on. */
  to: CheckStatus;
  /** When it happens, epoch ms. */
  at: number;
}

/**
 * The next moment after `now` when the check's displayed status changes
 * without any ping (to `grace` when the period runs out, to `down` when the
 * grace time does), or `null` when time alone changes nothing.
 */
export function nextStatusChange(check: StoredCheck, now: number): StatusChange | null {
  const from = displayedStatus(check, now, 3);
  const graceMs = check.grace * 1000;
  const moments: number[] = [];
  if (check.lastStart !== null) moments.push(check.lastStart + graceMs);
  if (check.status === "up" && check.expected !== null) moments.push(check.expected, check.expected + graceMs);
  let best: StatusChange | null = null;
  for (const at of moments) {
    if (at <= now || at > LATEST_TIME_MS || (best !== null && at >= best.at)) continue;
    const to = displayedStatus(check, at, 3);
    if (to !== from) best = { check: check.uuid, from, to, at };
  }
  return best;
}
