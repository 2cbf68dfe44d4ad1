import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketSourcesSchema, type MarketSources } from '../schemas';
import { marketSourcesKeys } from './keys';

/**
 * GET /functions/v1/market-sources. A plain fetch rather than supabase-js: the home page and the FAQ never download
 * supabase-js for a visitor (decision 010), and the function needs no key. Nor is the URL read through config/env, whose
 * full zod would come with it (the schemas above are zod/mini for the same reason); without it the fetch fails and the
 * note says the sources could not be checked.
 */
export async function getMarketSources(fetcher: typeof fetch = fetch): Promise<MarketSources> {
  const base = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  if (!base) throw new Error('VITE_SUPABASE_URL is not set');
  const response = await fetcher(`${base.replace(/\/+$/, '')}/functions/v1/market-sources`);
  if (!response.ok) throw new Error(`market-sources answered ${response.status}`);
  return marketSourcesSchema.parse(await response.json());
}

// The function's answer is kept five minutes by caches; the same here, so moving between the three pages asks once.
export const marketSourcesQueryOptions = () =>
  queryOptions({
    queryKey: marketSourcesKeys.all,
    queryFn: () => getMarketSources(),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useMarketSources() {
  return useQuery(marketSourcesQueryOptions());
}
