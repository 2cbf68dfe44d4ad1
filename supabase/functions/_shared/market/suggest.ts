// "Did you mean" for a search that found no listings: names from the index spelled close to the query
// (public.market_suggest, trigram word similarity). Suggestions are a courtesy, so a failure returns none.
import type { SupabaseClient } from '@supabase/supabase-js';

export const MAX_SUGGESTIONS = 3;

export async function suggestSearches(
  service: SupabaseClient,
  itemName: string,
  log: (message: string) => void = console.warn,
): Promise<string[]> {
  const { data, error } = await service.rpc('market_suggest', {
    p_query: itemName,
    p_limit: MAX_SUGGESTIONS,
  });
  if (error) {
    log(`Search suggestions failed: ${error.message}`);
    return [];
  }
  return Array.isArray(data)
    ? data.filter((s): s is string => typeof s === 'string').slice(0, MAX_SUGGESTIONS)
    : [];
}
