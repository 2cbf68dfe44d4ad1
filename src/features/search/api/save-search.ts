import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { canonicalSearch, windowOf } from '../lib/narrowing';
import type { DataOrigin, SearchInput } from '../schemas';
import {
  normaliseItemName,
  savedSearchColumns,
  savedSearchFrom,
  type SavedSearch,
} from './get-saved-searches';
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
/** A search (its item, condition, window and narrowing) and the figures it answered. */
export type SaveSearchInput = SearchInput & { figures: SavedSearchFigures };

const figureColumns = (f: SavedSearchFigures) => ({
  last_available: f.available,
  last_sold: f.sold,
  last_rate: f.rate,
  origin: f.origin,
  is_demo: f.isDemo,
});

/** The columns that say which search a row is (issue 54): the window and each narrowing, null when not asked for. */
function searchColumns(query: SearchInput) {
  const q = canonicalSearch(query);
  return {
    item_name: normaliseItemName(q.itemName),
    condition: q.condition,
    window_days: windowOf(q),
    size: q.size ?? null,
    marketplace: q.marketplace ?? null,
    price_min: q.priceMin ?? null,
    price_max: q.priceMax ?? null,
  };
}

/** Saves a search with its latest figures; saving one that exists (the same search, name ignoring case) refreshes it. */
export async function saveSearch(input: SaveSearchInput): Promise<SavedSearch> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('saved_searches')
    .insert({ ...searchColumns(input), ...figureColumns(input.figures) })
    .select(savedSearchColumns)
    .single();
  if (!error) return savedSearchFrom(data as Record<string, unknown>);
  // 23505: already saved. Refresh its figures instead of failing.
  if (error.code !== '23505') throw error;
  const updated = await updateSavedSearchFigures(input);
  if (!updated) throw error;
  return updated;
}

/**
 * Stores the latest figures on the user's saved search for this search (the name ignoring case, the condition, the
 * window and the narrowing), if there is one. Returns the refreshed row, or null when the search is not saved.
 */
export async function updateSavedSearchFigures(input: SaveSearchInput): Promise<SavedSearch | null> {
  const columns = searchColumns(input);
  let update = (await loadSupabase())
    .from('saved_searches')
    .update(figureColumns(input.figures))
    .eq('item_key', columns.item_name.toLowerCase())
    .eq('condition', columns.condition)
    .eq('window_days', columns.window_days);
  // A narrowing not asked for is null on the row: matched as null, never as any value.
  const narrowing: [string, string | number | null][] = [
    ['size_key', columns.size?.toLowerCase() ?? null],
    ['marketplace', columns.marketplace],
    ['price_min', columns.price_min],
    ['price_max', columns.price_max],
  ];
  for (const [column, value] of narrowing)
    update = value === null ? update.is(column, null) : update.eq(column, value);
  const { data, error } = await update.select(savedSearchColumns);
  if (error) throw error;
  const row = (data ?? [])[0] as Record<string, unknown> | undefined;
  return row ? savedSearchFrom(row) : null;
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
