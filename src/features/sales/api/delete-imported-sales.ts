import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { salesKeys } from './keys';

/** "Delete all my imported data": every row the user imported, gone (RLS lets them delete only their own). */
export async function deleteImportedSales(userId: string): Promise<number> {
  const { count, error } = await (
    await loadSupabase()
  )
    .from('seller_items')
    .delete({ count: 'exact' })
    .eq('user_id', userId);
  if (error) throw error;
  return count ?? 0;
}

export function useDeleteImportedSales(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteImportedSales(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}
