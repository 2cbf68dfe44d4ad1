// "Did you mean" for a search that found no listings (public.market_suggestions): first the same search without the
// words no listing of it uses, keeping its brand and model ("coach tabby 26" -> "Coach tabby"), then broader searches
// and names spelled close to the query; and the words that first suggestion leaves out, so the answer can say which
// words it could not use (issue 54). Suggestions are a courtesy, so a failure returns none.
import type { SupabaseClient } from '@supabase/supabase-js';

export const MAX_SUGGESTIONS = 3;

export type Suggestions = {
  /** Searches that find listings, the closest first. */
  suggestions: string[];
  /** Words of the query no listing of it uses, as the query wrote them ("26", "size S"): the first suggestion is the query without them. */
  unusedWords: string[];
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];

export async function suggestSearches(
  service: Pick<SupabaseClient, 'rpc'>,
  itemName: string,
  log: (message: string) => void = console.warn,
): Promise<Suggestions> {
  const { data, error } = await service.rpc('market_suggestions', {
    p_query: itemName,
    p_limit: MAX_SUGGESTIONS,
  });
  if (error) {
    log(`Search suggestions failed: ${error.message}`);
    return { suggestions: [], unusedWords: [] };
  }
  return readSuggestions(data);
}

/** market_suggestions' answer, as the screen reads it (also when market_search brings it beside a count of none). */
export function readSuggestions(data: unknown): Suggestions {
  const answer = (data ?? {}) as { suggestions?: unknown; unused?: unknown };
  const suggestions = strings(answer.suggestions).slice(0, MAX_SUGGESTIONS);
  // Words left out are said only beside the suggestion that leaves them out.
  return { suggestions, unusedWords: suggestions.length > 0 ? strings(answer.unused) : [] };
}
