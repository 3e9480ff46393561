/**
 * The longest string JavaScript holds, the one limit under every answer or
 * file the fake makes as a single text.
 * @module
 */

/**
 * The longest string JavaScript holds, in UTF-16 code units: 536,870,888
 * (2^29 − 24), what V8 holds on 64-bit Node and the least any 64-bit engine
 * in use holds. A UTF-8 file of at most this many bytes decodes to a string
 * no longer than this.
 */
export const LONGEST_STRING_CHARS = 0x1fff_ffe8;
