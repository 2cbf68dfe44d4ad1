import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { normaliseFunctionError } from '../lib/search-errors';
import { soldResponseSchema, type SearchInput, type SoldResult } from '../schemas';

/** SPEC §7 sold search: the trimmed item name and the condition. */
export async function searchSold(input: SearchInput): Promise<SoldResult> {
  const { data, error } = await getSupabase().functions.invoke('search-sold', {
    body: { itemName: input.itemName.trim(), condition: input.condition },
  });
  if (error) throw await normaliseFunctionError(error);
  return parseSold(data);
}

export function parseSold(data: unknown): SoldResult {
  const parsed = soldResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : soldResponseSchema.parse({});
}

export function useSearchSold() {
  return useMutation({ mutationFn: searchSold });
}
