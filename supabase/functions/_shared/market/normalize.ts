// The query as the cache sees it: "Levi's  JEANS" and "levis jeans" are one entry. Mirrors public.market_normalize in
// SQL (accents, apostrophes, dotted initials, initials joined by &, punctuation); stemming stays in SQL, so the key keeps whole words.
export function normalizeQuery(input: string): string {
  return foldLetters(input)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Accents off, lower case, apostrophes dropped, dotted initials and initials joined by & joined ("J.Crew" -> "jcrew",
 * "A&F" -> "af"): both keys start so. */
function foldLetters(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/([a-z])\.(?=[a-z])/g, '$1')
    .replace(/(^|[^a-z0-9])([a-z]) ?& ?([a-z])(?=$|[^a-z0-9])/g, '$1$2$3');
}

/** Words of the normalised query, for sources (eBay) that take keywords: a space means AND there too. */
export function queryKeywords(input: string): string {
  return normalizeQuery(input);
}

/**
 * The query as the cache keys it: normalised words plus the query language's marks (a leading "-" excludes,
 * quotes make a phrase, a comma separates alternatives), so "jeans -kids" and "jeans kids" are never one entry.
 */
export function cacheQueryKey(input: string): string {
  return foldLetters(input)
    .replace(/§/g, ' ')
    .replace(/(^|\s)-(?=\S)/g, '$1§')
    .replace(/[^a-z0-9",§]+/g, ' ')
    .replace(/§/g, '-')
    .replace(/\s*,\s*/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
}
