/**
 * Parsed channel settings, kept by their text. A delivery reads its
 * channel's settings on every flip, and parsing and checking them costs far
 * more than the rest of a render; the text is the key, so a changed value is
 * simply a new entry. Only successful reads are kept (a refusal is thrown
 * again by reading anew), and the number of entries is bounded.
 * @module
 */

/** Entries kept per parser: well above the integrations a test sets up, small enough to ignore in memory. */
export const SETTINGS_CACHE_ENTRIES = 256;

/**
 * Wraps `parse` so that each settings text is read once while it stays
 * among the {@link SETTINGS_CACHE_ENTRIES} most recently added. The parsed
 * value is shared between callers, so `parse` must return data nobody
 * changes.
 */
export function cachedByText<T>(parse: (value: string) => T): (value: string) => T {
  const cache = new Map<string, T>();
  return (value) => {
    const known = cache.get(value);
    if (known !== undefined) return known;
    const parsed = parse(value);
    if (cache.size >= SETTINGS_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(value, parsed);
    return parsed;
  };
}
