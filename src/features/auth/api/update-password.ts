import type { User } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { newPasswordSchema } from '../schemas';
import { parseInput } from './errors';

/** Sets a new password for the signed-in user (also the recovery session); the service signs out other sessions. */
export async function updatePassword(password: string): Promise<User> {
  const valid = parseInput(newPasswordSchema, password);
  const { data, error } = await getSupabase().auth.updateUser({ password: valid });
  if (error) throw error;
  return data.user;
}

/** Toasts are left to the caller: the account page and the reset page say different things. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
