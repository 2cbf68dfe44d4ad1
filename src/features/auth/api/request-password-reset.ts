import { getSupabase } from '@/lib/supabase';
import { resetRequestSchema, type ResetRequestInput } from '../schemas';
import { isRetryable, parseInput } from './errors';

/**
 * Sends the recovery email; its link opens /reset-password with a recovery session.
 * Only failures that say nothing about the address (network, server down) are reported: the service answers a
 * throttled repeat for a known address with 429, which would reveal that the address is registered.
 */
export async function requestPasswordReset(input: ResetRequestInput): Promise<void> {
  const { email } = parseInput(resetRequestSchema, input);
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error && isRetryable(error)) throw error;
}
