/**
 * Figures measured in rounds, reported with their spread, so that one noisy
 * round (on a shared machine, other work comes and goes) neither passes nor
 * fails a target: a target is judged on the median of the rounds.
 */

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `median [min–max]` of `values`, each written by `format`. */
export function spread(values: readonly number[], format: (value: number) => string): string {
  return `${format(median(values))} [${format(Math.min(...values))}–${format(Math.max(...values))}]`;
}

/**
 * The verdict on a target from the median of the rounds (`met`/`MISSED`),
 * noting when rounds fell on both sides of it.
 */
export function verdict(values: readonly number[], meets: (value: number) => boolean): string {
  const outcome = meets(median(values)) ? "met" : "MISSED";
  const split = values.some(meets) && !values.every(meets);
  return split ? `${outcome} (rounds on both sides)` : outcome;
}
