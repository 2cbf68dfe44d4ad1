// Per-user fixed-window rate limit and cache look-up in one database round trip (public.market_search_gate).
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

export type GateInput = {
  userId: string;
  /** Separate counters per function, e.g. 'search-available'. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** null skips the cache look-up. */
  cacheKey: string | null;
};

export type GateResult = { allowed: true; remaining: number; cached: Record<string, unknown> | null };

export function tooManyRequests(retryAfter: number): HttpError {
  return new HttpError(
    429,
    `Too many searches. Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} and try again.`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Counts this call; throws 429 when over the limit, 503 when the database cannot answer. */
export async function passGate(service: SupabaseClient, input: GateInput): Promise<GateResult> {
  const { data, error } = await service.rpc('market_search_gate', {
    p_user: input.userId,
    p_bucket: input.bucket,
    p_limit: input.limit,
    p_window_seconds: input.windowSeconds,
    p_cache_key: input.cacheKey,
  });
  if (error || !data) {
    throw new HttpError(503, 'Search service temporarily unavailable. Please try again in a moment.');
  }
  const gate = data as {
    allowed: boolean;
    retryAfter: number | null;
    remaining: number;
    cached: Record<string, unknown> | null;
  };
  if (!gate.allowed) throw tooManyRequests(Math.max(1, gate.retryAfter ?? input.windowSeconds));
  return { allowed: true, remaining: gate.remaining, cached: gate.cached ?? null };
}
