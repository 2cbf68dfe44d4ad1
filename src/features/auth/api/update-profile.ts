import type { User } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { getSupabase } from '@/lib/supabase';
import { authMessages } from '../messages';
import { profileSchema, type ProfileInput } from '../schemas';
import { toastFailure } from '../lib/toast-failure';
import { parseInput } from './errors';

/** Saves name and ZIP in the user's metadata; supabase-js then emits USER_UPDATED, which refreshes useAuth(). */
export async function updateProfile(input: ProfileInput): Promise<User> {
  const v = parseInput(profileSchema, input);
  const { data, error } = await getSupabase().auth.updateUser({
    data: { first_name: v.firstName, last_name: v.lastName, zip_code: v.zip },
  });
  if (error) throw error;
  return data.user;
}

export function useUpdateProfile() {
  const m = authMessages.account;
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => toast(m.profileSaved),
    onError: (error) => toastFailure(m.profileFailed, error),
  });
}
