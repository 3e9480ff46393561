/**
 * Python floats as the service prints them: `round(x, n)` and `repr`,
 * which JSON output uses (a whole float prints as `12.0`, not `12`).
 * @module
 */

/**
 * Python's `round(x, digits)` for a finite `x` below 1e21: the decimal
 * nearest to the exact binary value of `x`, ties (possible only when that
 * value is exactly halfway) to the even last digit. `toFixed` rounds the
 * exact value too, but takes ties away from zero.
 */
export function pyRound(x: number, digits: number): number {
  const exact = Math.abs(x).toFixed(100);
  const cut = exact.indexOf(".") + 1 + digits;
  const tie = /^50*$/.test(exact.slice(cut));
  const kept = exact.slice(0, cut).replace(/\.$/, "");
  if (tie && Number(kept.at(-1)) % 2 === 0) return Math.sign(x) * Number(kept);
  return Number(x.toFixed(digits));
}

/** A number the service holds as a float: JSON output prints it the way Python does. */
export class PyFloat {
  /** @param value The float's value. */
  constructor(readonly value: number) {}

  /** The value, for `JSON.stringify` (which cannot print `12.0`). */
  toJSON(): number {
    return this.value;
  }

  /**
   * Python's `repr`: a whole value keeps `.0`. Exact for magnitudes from
   * 1e-4 to 1e16, where Python and JavaScript choose the same shortest
   * digits and neither uses an exponent.
   */
  toString(): string {
    const text = String(this.value);
    return Number.isInteger(this.value) ? `${text}.0` : text;
  }
}
