/** SPEC §3 search results: the two counts and the whole-percent rate. */
export type SearchResults = { availableCount: number; soldCount: number; sellThroughRate: number };

// SPEC §4: each search merges its count into the results, keeping the other count (default 0) and the previous rate.
export function mergeAvailable(previous: SearchResults | null, availableCount: number): SearchResults {
  return {
    availableCount,
    soldCount: previous?.soldCount ?? 0,
    sellThroughRate: previous?.sellThroughRate ?? 0,
  };
}

export function mergeSold(previous: SearchResults | null, soldCount: number): SearchResults {
  return {
    availableCount: previous?.availableCount ?? 0,
    soldCount,
    sellThroughRate: previous?.sellThroughRate ?? 0,
  };
}

export function withRate(previous: SearchResults | null, sellThroughRate: number): SearchResults {
  return {
    availableCount: previous?.availableCount ?? 0,
    soldCount: previous?.soldCount ?? 0,
    sellThroughRate,
  };
}
