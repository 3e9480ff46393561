/**
 * The host's timers, taken once, when the fake loads. A test's fake timers
 * (`vi.useFakeTimers()` replaces the globals) then neither hold back nor
 * hurry what the fake does on real time: the real clock's alarm, the
 * notification processor's next turn, a delivery's time limit, a relay's
 * retry. Called as plain functions: a browser's timer functions refuse
 * another `this`.
 * @module
 */

const { setTimeout: hostSetTimeout, clearTimeout: hostClearTimeout, setImmediate: hostSetImmediate, clearImmediate: hostClearImmediate } = globalThis;

/** What {@link startTimer} returns: a Node `Timeout`, a browser's number. */
export type TimerHandle = ReturnType<typeof hostSetTimeout>;

/** The longest delay a timer keeps (2^31 − 1 ms, about 24.8 days); the host fires a longer one at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Calls `callback` once, `ms` real milliseconds from now (at most {@link MAX_TIMER_DELAY_MS}). */
export function startTimer(callback: () => void, ms: number): TimerHandle {
  return hostSetTimeout(callback, ms);
}

/** Cancels a timer from {@link startTimer}; a handle that fired or was cancelled is ignored. */
export function stopTimer(handle: TimerHandle | undefined): void {
  hostClearTimeout(handle);
}

/**
 * Lets the process exit while `handle` still waits, where the host has such
 * a thing (Node, Bun); a browser's timers hold nothing open.
 */
export function unrefTimer(handle: TimerHandle): TimerHandle {
  if (typeof handle === "object" && handle !== null && typeof handle.unref === "function") handle.unref();
  return handle;
}

/** A turn of the event loop from {@link nextTurn}. */
export type Turn = unknown;

/** Calls `callback` on a later turn of the event loop, after pending I/O (`setImmediate` where there is one). */
export const nextTurn: (callback: () => void) => Turn =
  hostSetImmediate !== undefined ? (callback) => hostSetImmediate(callback) : (callback) => hostSetTimeout(callback, 0);

/** Cancels a turn from {@link nextTurn}. */
export const cancelTurn: (turn: Turn) => void =
  hostClearImmediate !== undefined ? (turn) => hostClearImmediate(turn as NodeJS.Immediate) : (turn) => hostClearTimeout(turn as TimerHandle);
