import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { normaliseFunctionError } from '../lib/search-errors';
import { availableResponseSchema, type AvailableResult, type SearchInput } from '../schemas';

/** SPEC §7 available search: the trimmed item name, the condition, when, and which client asked. */
export async function searchAvailable(input: SearchInput): Promise<AvailableResult> {
  const { data, error } = await getSupabase().functions.invoke('search-available', {
    body: {
      itemName: input.itemName.trim(),
      condition: input.condition,
      timestamp: new Date().toISOString(),
      clientInfo: { userAgent: navigator.userAgent, platform: navigator.platform },
    },
  });
  if (error) throw await normaliseFunctionError(error);
  return parseAvailable(data);
}

export function parseAvailable(data: unknown): AvailableResult {
  const parsed = availableResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : availableResponseSchema.parse({});
}

export function useSearchAvailable() {
  return useMutation({ mutationFn: searchAvailable });
}
