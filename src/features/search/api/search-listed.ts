import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { normaliseFunctionError } from '../lib/search-errors';
import { listedResponseSchema, type ListedResult, type SearchInput } from '../schemas';
import { searchKeys } from './keys';

/** An answer of search-listed that does not have the documented shape: shown as the box's own error, never a count. */
export class UnreadableListedError extends Error {
  constructor(detail: string) {
    super(`Unreadable listed answer: ${detail}`);
    this.name = 'UnreadableListedError';
  }
}

/**
 * Issue 22: each configured marketplace's own "listed now" count (eBay, Etsy), fetched beside the headline search and
 * shown apart from it. `{ rows: [] }` when no marketplace is configured.
 */
export async function searchListed(input: SearchInput): Promise<ListedResult> {
  const { data, error } = await (
    await loadSupabase()
  ).functions.invoke('search-listed', {
    body: { itemName: input.itemName.trim(), condition: input.condition },
  });
  if (error) throw await normaliseFunctionError(error);
  return parseListed(data);
}

export function parseListed(data: unknown): ListedResult {
  const parsed = listedResponseSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UnreadableListedError(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid');
}

// The function keeps each count for at most an hour; a minute here spares a repeated search the round trip.
export const listedQueryOptions = (input: SearchInput) =>
  queryOptions({
    queryKey: searchKeys.listed(input.itemName.trim().toLowerCase(), input.condition),
    queryFn: () => searchListed(input),
    staleTime: 60_000,
    retry: false,
  });

export function useListed(input: SearchInput) {
  return useQuery(listedQueryOptions(input));
}
