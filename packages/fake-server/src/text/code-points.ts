/**
 * Cutting and measuring text by code points, as Python counts them (a UTF-16
 * surrogate pair is one character there).
 * @module
 */

/** Cuts a text to `max` code points, as Python slicing does. */
export function cutCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

/** The length of a text in code points, as Python's `len` counts it. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** The last `max` code points of a text, as Python's `text[-max:]` keeps them. */
export function lastCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(points.length - max).join("");
}
