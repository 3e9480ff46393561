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
  /** `virtual` (default): time stands still until moved. `real`: follows `Date.now()`, and the fake acts on time alone (checks go down when due). */
  mode?: "virtual" | "real";
}

/**
 * The earliest time the clock shows: the first instant of year 1, the
 * smallest date the service's Python `datetime` holds.
 */
export const EARLIEST_TIME_MS = Date.parse("0001-01-01T00:00:00.000Z");
/**
 * The latest time the clock shows: the last millisecond of year 9999, the
 * largest the service's Python `datetime` holds and the last that prints as
 * a four-digit ISO 8601 year.
 */
export const LATEST_TIME_MS = Date.parse("9999-12-31T23:59:59.999Z");

const RANGE = `from ${new Date(EARLIEST_TIME_MS).toISOString()} to ${new Date(LATEST_TIME_MS).toISOString()}`;

/** Whether `ms` is a time the clock can show. */
export function isClockTime(ms: number): boolean {
  return ms >= EARLIEST_TIME_MS && ms <= LATEST_TIME_MS;
}

/** Converts a {@link ClockInput} to epoch milliseconds, rejecting invalid dates and times out of the clock's range. */
function toEpochMs(value: ClockInput): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`invalid time: ${String(value)}`);
  if (!isClockTime(ms)) throw new RangeError(`the clock runs ${RANGE}, not to ${String(value)}`);
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

  /** The current time in epoch milliseconds; a real clock stops at the end of its range rather than leave it. */
  nowMs(): number {
    return this.mode === "virtual" ? this.#virtualMs : Math.min(Date.now() + this.#offsetMs, LATEST_TIME_MS);
  }

  /**
   * When a real clock will show `ms`, in wall-clock time (epoch ms, as
   * `Date.now()` reads it), until it is moved again; `null` for a virtual
   * clock (it shows a time only when moved there) and for a time past the
   * clock's range (it never shows one).
   */
  wallTimeOf(ms: number): number | null {
    return this.mode === "virtual" || ms > LATEST_TIME_MS ? null : ms - this.#offsetMs;
  }

  /** The current time. */
  now(): Date {
    return new Date(this.nowMs());
  }

  /**
   * Moves the clock forward by `ms` milliseconds.
   * @throws RangeError for a negative or non-finite `ms`, or one that would move the clock past year 9999.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    if (!isClockTime(this.nowMs() + ms)) throw new RangeError(`cannot advance the clock by ${ms} ms: it runs ${RANGE}`);
    this.#moveTo(this.nowMs() + ms);
  }

  /**
   * Sets the clock to an absolute time; moving backwards is allowed (flips already recorded stay).
   * @throws RangeError for an invalid date or one outside years 1 to 9999.
   */
  set(date: ClockInput): void {
    this.#moveTo(toEpochMs(date));
  }

  #moveTo(ms: number): void {
    if (this.mode === "virtual") this.#virtualMs = ms;
    else this.#offsetMs = ms - Date.now();
    this.#listener?.(ms);
  }
}
