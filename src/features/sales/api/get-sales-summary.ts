import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { SalesFilters, SalesSummary } from '../lib/summary-types';
import { salesKeys } from './keys';

/** The signed-in reseller's own figures for these filters (the function reads auth.uid(), never a user id we send). */
export async function getSalesSummary(filters: SalesFilters): Promise<SalesSummary> {
  const { data, error } = await (
    await loadSupabase()
  ).rpc('seller_sales_summary', {
    p_from: filters.from,
    p_to: filters.to,
    p_marketplace: filters.marketplace,
  });
  if (error) throw error;
  return data as SalesSummary;
}

export const salesSummaryQueryOptions = (userId: string, filters: SalesFilters) =>
  queryOptions({
    queryKey: salesKeys.summary(userId, filters),
    queryFn: () => getSalesSummary(filters),
  });

/** Keeps the last figures on screen while new filters load, so changing a filter does not flash the page. */
export function useSalesSummary(userId: string, filters: SalesFilters) {
  return useQuery({
    ...salesSummaryQueryOptions(userId, filters),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}
