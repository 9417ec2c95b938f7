import type { MatchPlan } from './repository.ts';

export type SortKey = 'recommended' | 'price_asc' | 'price_desc' | 'newest';

// Scripts written without spaces between words (kana, CJK ideographs, hangul): matched as substrings.
const UNSEGMENTED = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Hangul}]/u;
const MAX_WORDS = 8;

/**
 * How a query is matched. Words (letters and digits only, so they are safe inside `to_tsquery`) are
 * searched as prefixes — the last one is still being typed, and a stemmer would cut the others the same
 * way in the document. Runs of Japanese, Korean or Chinese are searched as substrings through their
 * character grams (one character: itself; longer: its pairs).
 */
export function planQuery(raw: string): MatchPlan {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  const substrings = [...new Set(words.filter((w) => UNSEGMENTED.test(w)))];
  const grams = new Set<string>();
  for (const s of substrings) {
    const chars = [...s];
    if (chars.length === 1) grams.add(s);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  }
  return {
    text,
    prefixQuery: words.map((w) => `${w}:*`).join(' & '),
    substrings,
    grams: [...grams],
    onlyUnsegmented: words.length > 0 && words.every((w) => UNSEGMENTED.test(w)),
  };
}

/** The query's words, for spelling suggestions. */
export function queryWords(plan: MatchPlan): string[] {
  return plan.prefixQuery ? plan.prefixQuery.split(' & ').map((w) => w.slice(0, -2)) : [];
}

/**
 * Spec §7: the search index of a market is `products_` + country + index region (+ optional suffix)
 * + sort, lower-cased; the default order has no sort part.
 */
export function indexName(country: string, region: string, sort: SortKey, suffix?: string): string {
  const parts = ['products', country, region];
  if (suffix) parts.push(suffix);
  if (sort !== 'recommended') parts.push(sort);
  return parts.filter(Boolean).join('_').toLowerCase();
}
