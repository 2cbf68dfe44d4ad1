import type { Session, User } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { signUpInputSchema, type SignUpInput } from '../schemas';
import { newLinkId, withLinkId } from '../lib/email-links';
import { emailRedirectUrl } from '../lib/return-path';
import { parseInput } from './errors';

export type SignUpResult = { user: User | null; session: Session | null };

/**
 * Creates the account; the confirmation email links back to the current origin (SPEC §2): to `returnPath`, the page
 * the person signed up from with its query, when it is a path on this origin, else to the site root (decision 040),
 * plus the link's own id (lib/email-links.ts), so a second click on it can be told from an expired link.
 * With email confirmations on, the answer has a user and no session, also for an address that is already
 * registered (the service then answers with a stand-in user), so the result never tells whether the email exists.
 */
export async function signUp(input: SignUpInput, returnPath?: string): Promise<SignUpResult> {
  const v = parseInput(signUpInputSchema, input);
  const { data, error } = await getSupabase().auth.signUp({
    email: v.email,
    password: v.password,
    options: {
      data: { first_name: v.firstName, last_name: v.lastName, zip_code: v.zip },
      emailRedirectTo: withLinkId(emailRedirectUrl(returnPath), newLinkId()),
    },
  });
  if (error) throw error;
  return { user: data.user, session: data.session };
}
