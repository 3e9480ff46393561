/**
 * The service's per-destination rate limits on deliveries, as token
 * buckets (a kind's module says which destination shares one: ntfy's
 * takes at most 6 messages per server URL and topic per minute). A bucket holds one token, each delivery takes `1 / capacity` of
 * it, and it refills in `refillSeconds`; a delivery that finds too little
 * takes nothing and fails with `Rate limit exceeded`.
 * @module
 */

/** The error text of a delivery refused by its rate limit. */
export const RATE_LIMIT_EXCEEDED = "Rate limit exceeded";

/** One destination's limit. */
export interface RateLimit {
  /** What the bucket is kept for (kind and destination). */
  readonly key: string;
  /** Deliveries a full bucket allows at once. */
  readonly capacity: number;
  /** Seconds in which an empty bucket fills. */
  readonly refillSeconds: number;
}

/** Buckets kept before the full ones are forgotten. */
const KEPT_BUCKETS = 1000;

/** The buckets of one fake. */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; updated: number }>();

  /** Takes a token's share for `limit` at `now` (epoch ms); `false` when the bucket has too little. */
  take(limit: RateLimit, now: number): boolean {
    const bucket = this.#buckets.get(limit.key);
    // Computed in the service's order, so that the sixth delivery of a minute still finds its share.
    let tokens = bucket === undefined ? 1 : Math.min(1, bucket.tokens + (now - bucket.updated) / 1000 / limit.refillSeconds);
    tokens -= 1 / limit.capacity;
    if (tokens < 0) return false;
    if (bucket === undefined && this.#buckets.size >= KEPT_BUCKETS) this.#forgetFull(now, limit.refillSeconds);
    this.#buckets.set(limit.key, { tokens, updated: now });
    return true;
  }

  // A bucket untouched for a whole refill time is full again: forgetting it changes nothing.
  #forgetFull(now: number, refillSeconds: number): void {
    for (const [key, bucket] of this.#buckets) if (now - bucket.updated >= refillSeconds * 1000) this.#buckets.delete(key);
  }
}
