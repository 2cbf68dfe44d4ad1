import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnreadableAnswerError } from '../lib/search-errors';
import { searchKeys } from './keys';
import { invokeSearchFunction, parseAnswer } from './search-function';
import {
  HEADLINE_WINDOW,
  soldResponseSchema,
  type SearchInput,
  type SoldResult,
  type SoldWindow,
} from '../schemas';

/**
 * SPEC §7 sold search: the trimmed item name and the condition. The Deeper look may ask for another window; the
 * headline search sends none and gets the 90 days the SPEC's figure stands for.
 */
export async function searchSold(input: SearchInput, windowDays?: SoldWindow): Promise<SoldResult> {
  const data = await invokeSearchFunction('search-sold', {
    itemName: input.itemName.trim(),
    condition: input.condition,
    ...(windowDays && windowDays !== HEADLINE_WINDOW ? { windowDays } : {}),
  });
  return parseSold(data);
}

/** Reads the answer; one that lacks the count or the demo flag is an error, never a 0 (issue 10). */
export function parseSold(data: unknown): SoldResult {
  return parseAnswer(soldResponseSchema, data, (detail) => new UnreadableAnswerError('sold', detail));
}

/** The Deeper look's sold figures for a window other than the headline's. */
export const soldWindowQueryOptions = (input: SearchInput, windowDays: SoldWindow) =>
  queryOptions({
    queryKey: searchKeys.soldWindow(input.itemName.trim().toLowerCase(), input.condition, windowDays),
    queryFn: () => searchSold(input, windowDays),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSoldWindow(input: SearchInput, windowDays: SoldWindow) {
  return useQuery({ ...soldWindowQueryOptions(input, windowDays), enabled: windowDays !== HEADLINE_WINDOW });
}
