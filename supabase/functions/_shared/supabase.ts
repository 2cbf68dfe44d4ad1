// supabase-js clients for functions. One per (url, key) per isolate: creating them per request is wasted work.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv, type Env } from './env.ts';

const clients = new Map<string, SupabaseClient>();

/** Functions never open a realtime channel; Node 20 (the local emulator) has no WebSocket for supabase-js to build one. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by edge functions');
  }
}
const realtime =
  typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined'
    ? { transport: NoRealtime as never }
    : undefined;

function client(url: string, key: string): SupabaseClient {
  const id = `${url}|${key}`;
  let existing = clients.get(id);
  if (!existing) {
    existing = createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      ...(realtime ? { realtime } : {}),
    });
    clients.set(id, existing);
  }
  return existing;
}

/** Bypasses RLS: only for tables and functions granted to service_role (cache, rate limit, market counts). */
export function serviceClient(env: Env): SupabaseClient {
  return client(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'));
}

export function anonClient(env: Env): SupabaseClient {
  return client(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'));
}
