/**
 * Keyword lists of the email and HTTP body filters (`docs/reference.md#keywords`).
 * @module
 */
import { pyStrip } from "../text/py-whitespace.js";

/** The three keyword lists of a check, as stored (comma-separated). */
export interface KeywordLists {
  /** Keywords that make a ping a success. */
  success_kw: string;
  /** Keywords that make a ping a failure. */
  failure_kw: string;
  /** Keywords that make a ping a start. */
  start_kw: string;
}

/**
 * True when any keyword of the list occurs in `text`. The list is split on
 * `,`, each piece trimmed (Python's notion of whitespace), empty pieces skipped; matching is a plain
 * case-sensitive substring test, so inner spaces are part of a keyword and an
 * empty list never matches. `contains` answers whether `text` holds a
 * keyword; a caller testing one text against many lists passes a cached one.
 */
export function matchesKeywords(keywords: string, text: string, contains: (keyword: string) => boolean = (keyword) => text.includes(keyword)): boolean {
  return keywordsOf(keywords).some(contains);
}

/** The keywords of a list: split on `,`, each piece trimmed (Python's notion of whitespace), empty pieces skipped. */
export function keywordsOf(keywords: string): string[] {
  return keywords
    .split(",")
    .map(pyStrip)
    .filter((keyword) => keyword !== "");
}

/**
 * Classifies `text` with a check's keyword lists: failure keywords first, then
 * success, then start. `null` when nothing matches; the caller then applies
 * `filter_default_fail`, `ign` or the seed-mode rule, which depend on the check
 * and the compatibility mode rather than on the text. `contains` as in
 * {@link matchesKeywords}.
 */
export function classifyByKeywords(
  text: string,
  kw: KeywordLists,
  contains?: (keyword: string) => boolean,
): "fail" | "success" | "start" | null {
  if (matchesKeywords(kw.failure_kw, text, contains)) return "fail";
  if (matchesKeywords(kw.success_kw, text, contains)) return "success";
  if (matchesKeywords(kw.start_kw, text, contains)) return "start";
  return null;
}
