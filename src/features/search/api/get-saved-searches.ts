import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { Condition, DataOrigin } from '../schemas';
import { searchKeys } from './keys';

export type SavedSearch = {
  id: string;
  item_name: string;
  condition: Condition;
  last_available: number | null;
  last_sold: number | null;
  last_rate: number | null;
  /** Null on rows saved before sources were recorded. */
  origin: DataOrigin | null;
  is_demo: boolean | null;
  window_days: number | null;
  created_at: string;
  updated_at: string;
};

export const savedSearchColumns =
  'id, item_name, condition, last_available, last_sold, last_rate, origin, is_demo, window_days, created_at, updated_at';

/** The signed-in user's saved searches, most recently refreshed first (RLS returns only their own rows). */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data, error } = await (
    await loadSupabase()
  )
    .from('saved_searches')
    .select(savedSearchColumns)
    .order('updated_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as SavedSearch[];
}

export const savedSearchesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: searchKeys.savedFor(userId), queryFn: getSavedSearches });

export function useSavedSearches(userId: string | null | undefined) {
  return useQuery({ ...savedSearchesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** The key saved searches are unique on: the user, the item name ignoring case, and the condition. */
export const savedSearchKey = (itemName: string, condition: Condition) =>
  `${condition}:${normaliseItemName(itemName).toLowerCase()}`;

/** Saved names are stored trimmed with single spaces, so 'Levi 501 ' and 'levi  501' are one saved search. */
export const normaliseItemName = (itemName: string) => itemName.trim().replace(/\s+/g, ' ');
