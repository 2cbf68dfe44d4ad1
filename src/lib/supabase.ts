import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from '@/config/env';

let client: SupabaseClient | undefined;

/** The one Supabase client of the SPA, created on first use so that modules stay safe to import without a browser. */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const env = getEnv();
    client = createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
  }
  return client;
}
