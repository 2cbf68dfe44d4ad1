import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { canonicalSearch, windowOf } from '../lib/narrowing';
import {
  isMarketplace,
  isSoldWindow,
  type Condition,
  type DataOrigin,
  type Marketplace,
  type SearchInput,
} from '../schemas';
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
  /** The search's sold window (issue 54); every search saved before it was a 90-day one. */
  window_days: number | null;
  /** The search's narrowing (issue 54), null where it was not asked for. */
  size: string | null;
  marketplace: Marketplace | null;
  price_min: number | null;
  price_max: number | null;
  created_at: string;
  updated_at: string;
};

export const savedSearchColumns =
  'id, item_name, condition, last_available, last_sold, last_rate, origin, is_demo, window_days, size, marketplace, price_min, price_max, created_at, updated_at';

/** A numeric column as a number: PostgREST may send numeric as text. */
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A row as the screen reads it: prices as numbers, a narrowing the row does not have as null. */
export function savedSearchFrom(row: Record<string, unknown>): SavedSearch {
  const r = row as SavedSearch;
  return {
    ...r,
    size: r.size ?? null,
    marketplace: isMarketplace(r.marketplace) ? r.marketplace : null,
    price_min: numberOrNull(row.price_min),
    price_max: numberOrNull(row.price_max),
  };
}

/** The signed-in user's saved searches, most recently refreshed first (RLS returns only their own rows). */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data, error } = await (
    await loadSupabase()
  )
    .from('saved_searches')
    .select(savedSearchColumns)
    .order('updated_at', { ascending: false });
  if (error) throw error;
  return ((data ?? []) as Record<string, unknown>[]).map(savedSearchFrom);
}

export const savedSearchesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: searchKeys.savedFor(userId), queryFn: getSavedSearches });

export function useSavedSearches(userId: string | null | undefined) {
  return useQuery({ ...savedSearchesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** The search a saved row keeps: its item, condition, window and narrowing. */
export function savedSearchQuery(
  s: Pick<SavedSearch, 'item_name' | 'condition'> &
    Partial<Pick<SavedSearch, 'window_days' | 'size' | 'marketplace' | 'price_min' | 'price_max'>>,
): SearchInput {
  return canonicalSearch({
    itemName: s.item_name,
    condition: s.condition,
    ...(isSoldWindow(s.window_days) ? { windowDays: s.window_days } : {}),
    ...(s.size ? { size: s.size } : {}),
    ...(s.marketplace ? { marketplace: s.marketplace } : {}),
    ...(s.price_min !== null && s.price_min !== undefined ? { priceMin: s.price_min } : {}),
    ...(s.price_max !== null && s.price_max !== undefined ? { priceMax: s.price_max } : {}),
  });
}

/**
 * The key saved searches are unique on: the user, the item name and the size ignoring case, the condition, the window
 * and the rest of the narrowing.
 */
export function savedSearchKey(query: SearchInput): string {
  const q = canonicalSearch(query);
  return JSON.stringify([
    q.condition,
    normaliseItemName(q.itemName).toLowerCase(),
    windowOf(q),
    q.size?.toLowerCase() ?? null,
    q.marketplace ?? null,
    q.priceMin ?? null,
    q.priceMax ?? null,
  ]);
}

/** Saved names are stored trimmed with single spaces, so 'Levi 501 ' and 'levi  501' are one saved search. */
export const normaliseItemName = (itemName: string) => itemName.trim().replace(/\s+/g, ' ');
