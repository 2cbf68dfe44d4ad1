import { getSupabase } from '@/lib/supabase';
import { newLinkId, withLinkId } from '../lib/email-links';
import { emailRedirectUrl } from '../lib/return-path';

/**
 * Sends a new sign-up confirmation link (the old one expires after an hour). The service answers the same for an
 * address that has no unconfirmed account, so this never tells whether one exists; inside the per-address resend
 * window it quietly sends nothing, which is why the form waits a minute between requests. Each new link has its own id
 * (lib/email-links.ts).
 */
export async function resendVerification(email: string, returnPath?: string): Promise<void> {
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email: email.trim().toLowerCase(),
    options: { emailRedirectTo: withLinkId(emailRedirectUrl(returnPath), newLinkId()) },
  });
  if (error) throw error;
}
