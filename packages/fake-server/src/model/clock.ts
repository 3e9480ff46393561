/**
 * The fake server's clock: virtual (moved only by the test) or real
 * (following `Date.now()`, still shiftable).
 * @module
 */

/** Something a clock can be set to: a `Date`, epoch milliseconds, or an ISO 8601 text. */
export type ClockInput = Date | number | string;

/** The fake's clock as tests see it. */
export interface FakeServerClock {
  /** The current fake time. */
  now(): Date;
  /** Moves the clock forward; the timeout detector runs as if time had passed. */
  advance(ms: number): void;
  /** Sets the clock. */
  set(date: ClockInput): void;
}

/** Clock options of {@link FakeClock}. */
export interface ClockOptions {
  /** Start time of a virtual clock (default: the real time at construction). */
  start?: ClockInput;
  /** `virtual` (default): time stands still until moved. `real`: follows `Date.now()`. */
  mode?: "virtual" | "real";
}

// The range of a JavaScript Date; beyond it no timestamp can be printed.
const MAX_TIME_MS = 8.64e15;

/** Converts a {@link ClockInput} to epoch milliseconds, rejecting invalid dates. */
function toEpochMs(value: ClockInput): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS) throw new RangeError(`invalid time: ${String(value)}`);
  return ms;
}

/**
 * The clock every status computation reads. Moving it calls the listener,
 * which the server uses to run the timeout detector so that flips are dated
 * when they would have happened.
 */
export class FakeClock implements FakeServerClock {
  /** `virtual` or `real`. */
  readonly mode: "virtual" | "real";
  #virtualMs: number;
  #offsetMs = 0;
  #listener: ((nowMs: number) => void) | undefined;

  /** Creates a clock; see {@link ClockOptions}. */
  constructor(options: ClockOptions = {}) {
    this.mode = options.mode ?? "virtual";
    this.#virtualMs = options.start === undefined ? Date.now() : toEpochMs(options.start);
    if (this.mode === "real" && options.start !== undefined) this.#offsetMs = this.#virtualMs - Date.now();
  }

  /** Registers the function called after every move (one listener; the server's detector). */
  onMove(listener: (nowMs: number) => void): void {
    this.#listener = listener;
  }

  /** The current time in epoch milliseconds. */
  nowMs(): number {
    return this.mode === "virtual" ? this.#virtualMs : Date.now() + this.#offsetMs;
  }

  /** The current time. */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** Moves the clock forward by `ms` milliseconds (negative values are refused). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0 || this.nowMs() + ms > MAX_TIME_MS) {
      throw new RangeError(`cannot advance the clock by ${ms} ms`);
    }
    this.#moveTo(this.nowMs() + ms);
  }

  /** Sets the clock to an absolute time; moving backwards is allowed (flips already recorded stay). */
  set(date: ClockInput): void {
    this.#moveTo(toEpochMs(date));
  }

  #moveTo(ms: number): void {
    if (this.mode === "virtual") this.#virtualMs = ms;
    else this.#offsetMs = ms - Date.now();
    this.#listener?.(ms);
  }
}
