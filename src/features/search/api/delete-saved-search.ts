import { loadSupabase } from '@/lib/load-supabase';
import { useSavedSearchMutation } from './saved-search-mutation';

export async function deleteSavedSearch(id: string): Promise<void> {
  const { error } = await (await loadSupabase()).from('saved_searches').delete().eq('id', id);
  if (error) throw error;
}

export function useDeleteSavedSearch() {
  return useSavedSearchMutation(deleteSavedSearch);
}
