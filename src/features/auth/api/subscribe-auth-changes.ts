import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';

export type AuthChangeListener = (event: AuthChangeEvent, session: Session | null) => void;

/** Follows supabase-js's auth state (sign-in, sign-out, token refresh, user updates, other tabs). */
export function subscribeToAuthChanges(listener: AuthChangeListener): () => void {
  const { data } = getSupabase().auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}
