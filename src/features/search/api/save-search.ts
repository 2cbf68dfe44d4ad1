import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { Condition, DataOrigin } from '../schemas';
import { normaliseItemName, savedSearchColumns, type SavedSearch } from './get-saved-searches';
import { searchKeys } from './keys';
import { useSavedSearchMutation } from './saved-search-mutation';

export type SavedSearchFigures = {
  available: number | null;
  sold: number | null;
  rate: number | null;
  /** Where the figures came from and the sold window they cover: the account page shows them beside the figures. */
  origin: DataOrigin;
  isDemo: boolean;
  windowDays: number;
};
export type SaveSearchInput = { itemName: string; condition: Condition; figures: SavedSearchFigures };

const figureColumns = (f: SavedSearchFigures) => ({
  last_available: f.available,
  last_sold: f.sold,
  last_rate: f.rate,
  origin: f.origin,
  is_demo: f.isDemo,
  window_days: f.windowDays,
});

/** Saves a search with its latest figures; saving one that exists (same name ignoring case, same condition) refreshes it. */
export async function saveSearch({ itemName, condition, figures }: SaveSearchInput): Promise<SavedSearch> {
  const supabase = await loadSupabase();
  const item_name = normaliseItemName(itemName);
  const { data, error } = await supabase
    .from('saved_searches')
    .insert({ item_name, condition, ...figureColumns(figures) })
    .select(savedSearchColumns)
    .single();
  if (!error) return data as SavedSearch;
  // 23505: already saved. Refresh its figures instead of failing.
  if (error.code !== '23505') throw error;
  const updated = await updateSavedSearchFigures({ itemName, condition, figures });
  if (!updated) throw error;
  return updated;
}

/**
 * Stores the latest figures on the user's saved search for this name and condition, if there is one.
 * Returns the refreshed row, or null when the search is not saved.
 */
export async function updateSavedSearchFigures({
  itemName,
  condition,
  figures,
}: SaveSearchInput): Promise<SavedSearch | null> {
  const { data, error } = await (
    await loadSupabase()
  )
    .from('saved_searches')
    .update(figureColumns(figures))
    .eq('item_key', normaliseItemName(itemName).toLowerCase())
    .eq('condition', condition)
    .select(savedSearchColumns);
  if (error) throw error;
  return ((data ?? [])[0] as SavedSearch | undefined) ?? null;
}

export function useSaveSearch() {
  return useSavedSearchMutation(saveSearch);
}

export function useUpdateSavedSearchFigures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearchFigures,
    onSuccess: (row) => {
      if (row) return queryClient.invalidateQueries({ queryKey: searchKeys.saved() });
    },
  });
}
