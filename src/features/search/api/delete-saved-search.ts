import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { searchKeys } from './keys';

export async function deleteSavedSearch(id: string): Promise<void> {
  const { error } = await (await loadSupabase()).from('saved_searches').delete().eq('id', id);
  if (error) throw error;
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKeys.saved() }),
  });
}
