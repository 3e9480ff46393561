/**
 * The real clock's alarm: one timer, set for the next moment time alone
 * changes the state, so that a check on a real clock goes down when it is
 * due, whether or not a request comes.
 * @module
 */
import { MAX_TIMER_DELAY_MS, startTimer, stopTimer, unrefTimer, type TimerHandle } from "./real-timers.js";

/**
 * One timer for one moment of wall-clock time. It does not keep the process
 * alive by itself: what serves the fake (a listening server) does, and an
 * in-process fake lives as long as the program using it.
 */
export class Alarm {
  readonly #ring: () => void;
  // The wall-clock time (epoch ms, as `Date.now()` reads it) the alarm is set for.
  #at: number | null = null;
  #timer: TimerHandle | undefined;

  /** @param ring Called once the wall clock reaches the time set. */
  constructor(ring: () => void) {
    this.#ring = ring;
  }

  /** Sets the alarm for wall-clock time `at`, replacing the time set before; `null` only clears it. Costs nothing when `at` is already set. */
  set(at: number | null): void {
    if (at === this.#at) return;
    this.clear();
    this.#at = at;
    if (at !== null) this.#wait(at);
  }

  /** Clears the alarm, leaving no timer behind. */
  clear(): void {
    stopTimer(this.#timer);
    this.#timer = undefined;
    this.#at = null;
  }

  #wait(at: number): void {
    const left = Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_DELAY_MS);
    this.#timer = unrefTimer(startTimer(() => this.#fired(at), left));
  }

  #fired(at: number): void {
    this.#timer = undefined;
    // A wait longer than a timer keeps is made in parts, and a host timer
    // can fire a millisecond before `Date.now()` reaches its time.
    if (at > Date.now()) return this.#wait(at);
    this.#at = null;
    this.#ring();
  }
}
