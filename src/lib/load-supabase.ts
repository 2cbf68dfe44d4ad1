import type { SupabaseClient } from '@supabase/supabase-js';
import { loadOnce } from './load-once';

const loadModule = loadOnce(() => import('./supabase'));

/**
 * The app's Supabase client (src/lib/supabase.ts), with supabase-js loaded on the first call rather than with the
 * page: the public pages render and start without it, and a visitor's first tap never waits for it
 * (docs/decisions/036, 062). Every feature's network layer reads the client through this; only the auth api, a chunk
 * that is itself loaded on demand, imports it directly.
 */
export async function loadSupabase(): Promise<SupabaseClient> {
  return (await loadModule()).getSupabase();
}
