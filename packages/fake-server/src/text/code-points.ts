/**
 * Cutting text by code points, as Python slicing counts them (a UTF-16
 * surrogate pair is one character there).
 * @module
 */

/** Cuts a text to `max` code points, as Python slicing does. */
export function cutCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}
