import { loadSupabase } from '@/lib/load-supabase';
import type { SavedSearch } from './get-saved-searches';
import { useSavedSearchMutation } from './saved-search-mutation';

/**
 * Puts a deleted saved search back as it was: same id, figures and dates, so it returns to its place in the list.
 * RLS stamps it as the signed-in user's (user_id defaults to auth.uid() and the insert policy checks it).
 */
export async function restoreSavedSearch(row: SavedSearch): Promise<void> {
  const { error } = await (await loadSupabase()).from('saved_searches').insert({
    id: row.id,
    item_name: row.item_name,
    condition: row.condition,
    last_available: row.last_available,
    last_sold: row.last_sold,
    last_rate: row.last_rate,
    origin: row.origin,
    is_demo: row.is_demo,
    // Every row has its window since issue 54; one read before then was a 90-day search.
    window_days: row.window_days ?? 90,
    size: row.size,
    marketplace: row.marketplace,
    price_min: row.price_min,
    price_max: row.price_max,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });
  if (error) throw error;
}

export function useRestoreSavedSearch() {
  return useSavedSearchMutation(restoreSavedSearch);
}
