import { queryOptions, useQuery } from '@tanstack/react-query';
import { listedResponseSchema, type ListedResult, type SearchInput } from '../schemas';
import { searchKeys } from './keys';
import { invokeSearchFunction, parseAnswer } from './search-function';

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
  const data = await invokeSearchFunction('search-listed', {
    itemName: input.itemName.trim(),
    condition: input.condition,
  });
  return parseListed(data);
}

export function parseListed(data: unknown): ListedResult {
  return parseAnswer(listedResponseSchema, data, (detail) => new UnreadableListedError(detail));
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
