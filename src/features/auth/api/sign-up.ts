import type { Session, User } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { signUpInputSchema, type SignUpInput } from '../schemas';
import { parseInput } from './errors';

export type SignUpResult = { user: User | null; session: Session | null };

/**
 * Creates the account; the confirmation email links back to the site root of the current origin (SPEC §2).
 * With email confirmations on, the answer has a user and no session, also for an address that is already
 * registered (the service then answers with a stand-in user), so the result never tells whether the email exists.
 */
export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  const v = parseInput(signUpInputSchema, input);
  const { data, error } = await getSupabase().auth.signUp({
    email: v.email,
    password: v.password,
    options: {
      data: { first_name: v.firstName, last_name: v.lastName, zip_code: v.zip },
      emailRedirectTo: `${window.location.origin}/`,
    },
  });
  if (error) throw error;
  return { user: data.user, session: data.session };
}
