// Answers cached per normalised query, condition and source (public.market_search_cache, service role only).
import type { SupabaseClient } from '@supabase/supabase-js';

export function cacheKey(parts: string[]): string {
  return parts
    .map((part) => part.replaceAll('|', ' '))
    .join('|')
    .slice(0, 400);
}

/** Stores an answer. A cache that cannot be written only costs speed, so failures are logged, not thrown. */
export async function cachePut(
  service: SupabaseClient,
  key: string,
  payload: Record<string, unknown>,
  ttlSeconds: number,
  log: (message: string) => void = console.warn,
): Promise<void> {
  const { error } = await service.rpc('market_cache_put', {
    p_cache_key: key,
    p_payload: payload,
    p_ttl_seconds: ttlSeconds,
  });
  if (error) log(`Search cache write failed: ${error.message}`);
}
