import type { Session } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { signInInputSchema, type SignInInput } from '../schemas';
import { parseInput } from './errors';

/** Email and password sign-in (grant type password). Rejects with the service's error, e.g. 'Email not confirmed'. */
export async function signIn(input: SignInInput): Promise<Session> {
  const { email, password } = parseInput(signInInputSchema, input);
  const { data, error } = await getSupabase().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session;
}
