/**
 * The views the outbox keeps for requests recorded to be rendered when
 * read: one row per flip and moment, shared by the deliveries that saw it,
 * in a ring as large as the outbox's.
 * @module
 */
import type { Core } from "../model/service.js";
import type { StoredCheck } from "../model/store.js";
import type { FlipView } from "./alert-view.js";
import { FlipRows, type TakenFlip } from "./flip-rows.js";

/**
 * Rows of views with a count of the records using each. Rows are taken in
 * the order records are opened and the outbox drops its records oldest
 * first, so the rows in use are the newest ones, never more than the
 * outbox has records: the next row of the ring is free whenever the
 * outbox has room for the record asking for it.
 */
export class KeptViews {
  #rows = new FlipRows(0);
  #uses = new Int32Array(0);
  #next = 0;
  // The take the newest row shows, and that row: the following deliveries of that take share it.
  #lastTake = 0;
  #last = -1;

  /** Rows the ring has: the outbox grows it with its own. */
  get capacity(): number {
    return this.#uses.length;
  }

  /**
   * A row showing the delivery of `flip` of `check` at `now`, used once
   * more: the newest row when it shows the same `take` (a number the caller
   * changes for every flip and moment), otherwise the next row of the ring,
   * taken from the store.
   */
  use(take: number, core: Core, check: StoredCheck, flip: TakenFlip, now: number): number {
    let view = this.#last;
    if (take !== this.#lastTake || view < 0 || this.#uses[view] === 0) {
      view = this.#next;
      this.#next = (view + 1) % this.#uses.length;
      this.#rows.take(view, core, check, flip, now);
      this.#lastTake = take;
      this.#last = view;
    }
    this.#uses[view] = (this.#uses[view] as number) + 1;
    return view;
  }

  /** A record using `view` is dropped; the row lets go of what it holds once no record uses it. */
  drop(view: number): void {
    const uses = (this.#uses[view] as number) - 1;
    this.#uses[view] = uses;
    if (uses === 0) this.#rows.release(view);
  }

  /** The estimated bytes `view` keeps alive. */
  heldBytes(view: number): number {
    return this.#rows.heldBytes(view);
  }

  /** `view` as a {@link FlipView} of its own. */
  view(view: number): FlipView {
    return this.#rows.view(view);
  }

  /**
   * Grows the ring to `capacity` rows, the oldest first; returns where
   * each row in use went.
   */
  grow(capacity: number): (view: number) => number {
    const rows = this.#uses.length;
    const start = this.#next;
    const uses = new Int32Array(capacity);
    for (let i = 0; i < rows; i++) uses[i] = this.#uses[(start + i) % rows] as number;
    this.#rows.grow(capacity, start);
    this.#uses = uses;
    this.#next = rows % capacity;
    const moved = (view: number): number => (view - start + rows) % rows;
    if (this.#last >= 0) this.#last = moved(this.#last);
    return moved;
  }
}
