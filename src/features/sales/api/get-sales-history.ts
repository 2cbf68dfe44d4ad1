import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { salesKeys } from './keys';

/** The signed-in user's own items that match a search (public.seller_history): all they imported, one condition. */
export type SalesHistory = {
  listed: number;
  sold: number;
  sellThrough: number;
  medianDaysToSell: number | null;
  currency: string | null;
  medianPrice: number | null;
  p25Price: number | null;
  p75Price: number | null;
  firstSale: string | null;
  lastSale: string | null;
  /** Matching items of theirs in another condition, or with none recorded. */
  otherConditions: number;
  unknownCondition: number;
};

/** Null when the user has imported nothing at all. */
export async function getSalesHistory(query: string, condition: string): Promise<SalesHistory | null> {
  const { data, error } = await (
    await loadSupabase()
  ).rpc('seller_history', {
    p_query: query,
    p_condition: condition,
  });
  if (error) throw error;
  return (data ?? null) as SalesHistory | null;
}

export const salesHistoryQueryOptions = (userId: string, query: string, condition: string) =>
  queryOptions({
    queryKey: salesKeys.history(userId, query, condition),
    queryFn: () => getSalesHistory(query, condition),
  });

export function useSalesHistory(userId: string, query: string, condition: string) {
  return useQuery(salesHistoryQueryOptions(userId, query, condition));
}
