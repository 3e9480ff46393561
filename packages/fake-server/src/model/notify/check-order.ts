/**
 * The order in which the service lists checks by name: case-insensitive,
 * surrounding whitespace ignored, runs of digits compared as numbers
 * (`job 2` before `job 10`), unnamed checks first.
 * @module
 */
import { pyStrip } from "../../text/py-whitespace.js";

function naturalKey(name: string): string {
  return pyStrip(name.toLowerCase()).replace(/\d+/g, (digits) => String(BigInt(digits)).padStart(8, "0"));
}

/**
 * Compares strings as Python does, by code point: `<` on JavaScript strings
 * compares UTF-16 units, which orders characters beyond U+FFFF differently.
 */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (char) => char.codePointAt(0) as number);
  const right = Array.from(b, (char) => char.codePointAt(0) as number);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = (left[i] as number) - (right[i] as number);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** The checks sorted by their names as the service sorts them (a stable sort). */
export function byNaturalName<T extends { name: string }>(checks: readonly T[]): T[] {
  const keyed = checks.map((check) => ({ check, key: naturalKey(check.name) }));
  keyed.sort((a, b) => compareCodePoints(a.key, b.key));
  return keyed.map(({ check }) => check);
}
