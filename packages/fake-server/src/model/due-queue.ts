/**
 * An indexed min-heap of checks ordered by their "goes down at" time, so the
 * timeout detector touches only the checks that are due.
 * @module
 */

/** What the queue needs from an entry: its due time and a slot for its heap position. */
export interface DueEntry {
  /** When the entry becomes due (epoch ms), or `null` when it is not queued. */
  alertAfter: number | null;
  /** Position in the heap, `-1` when absent. Owned by the queue. */
  heapIndex: number;
}

/** A min-heap keyed by `alertAfter`; ties keep no particular order. */
export class DueQueue<T extends DueEntry> {
  #heap: T[] = [];

  /** Number of queued entries. */
  get size(): number {
    return this.#heap.length;
  }

  /** The entry due first, without removing it. */
  peek(): T | undefined {
    return this.#heap[0];
  }

  /** Places, moves or removes `entry` after its `alertAfter` changed (`null` removes it). */
  update(entry: T): void {
    if (entry.alertAfter === null) {
      this.remove(entry);
      return;
    }
    if (entry.heapIndex < 0) {
      entry.heapIndex = this.#heap.length;
      this.#heap.push(entry);
    }
    this.#down(this.#up(entry.heapIndex));
  }

  /** Takes `entry` out of the queue (no-op when absent). */
  remove(entry: T): void {
    const i = entry.heapIndex;
    if (i < 0) return;
    const last = this.#heap.pop() as T;
    entry.heapIndex = -1;
    if (last !== entry) {
      this.#heap[i] = last;
      last.heapIndex = i;
      this.#down(this.#up(i));
    }
  }

  /** Empties the queue. */
  clear(): void {
    for (const entry of this.#heap) entry.heapIndex = -1;
    this.#heap = [];
  }

  #key(i: number): number {
    return (this.#heap[i] as T).alertAfter as number;
  }

  #swap(i: number, j: number): void {
    const a = this.#heap[i] as T;
    const b = this.#heap[j] as T;
    this.#heap[i] = b;
    this.#heap[j] = a;
    a.heapIndex = j;
    b.heapIndex = i;
  }

  #up(i: number): number {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.#key(parent) <= this.#key(i)) break;
      this.#swap(i, parent);
      i = parent;
    }
    return i;
  }

  #down(i: number): void {
    const n = this.#heap.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.#key(left) < this.#key(smallest)) smallest = left;
      if (right < n && this.#key(right) < this.#key(smallest)) smallest = right;
      if (smallest === i) return;
      this.#swap(i, smallest);
      i = smallest;
    }
  }
}
