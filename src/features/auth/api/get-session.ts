import type { Session } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';

/**
 * The first session lookup. supabase-js finishes its own start-up first: a session in the URL fragment (email
 * links, implicit flow) is taken and the fragment cleared; otherwise the stored session is recovered.
 */
export async function getSession(): Promise<Session | null> {
  const { data, error } = await getSupabase().auth.getSession();
  if (error) throw error;
  return data.session;
}
