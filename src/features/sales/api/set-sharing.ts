import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { toPanelSharing, type PanelSharing } from './get-sharing';
import { salesKeys } from './keys';

/** Joins or leaves the seller panel (public.panel_set_sharing); leaving removes every comp of the user at once. */
export async function setPanelSharing(share: boolean): Promise<PanelSharing> {
  const { data, error } = await getSupabase().rpc('panel_set_sharing', { p_share: share });
  if (error) throw error;
  return toPanelSharing(data);
}

export function useSetPanelSharing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPanelSharing,
    // A status read still under way would land after the answer below and show the old setting.
    onMutate: () => queryClient.cancelQueries({ queryKey: salesKeys.sharing(userId) }),
    onSuccess: (status) => queryClient.setQueryData(salesKeys.sharing(userId), status),
    // A request that failed on the way back may still have changed the setting: show what the database holds.
    onError: () => queryClient.invalidateQueries({ queryKey: salesKeys.sharing(userId) }),
  });
}
