import { UnreadableAnswerError } from '../lib/search-errors';
import { narrowingBody } from '../lib/narrowing';
import { invokeSearchFunction, parseAnswer } from './search-function';
import { soldResponseSchema, type SearchInput, type SoldResult } from '../schemas';

/**
 * SPEC §7 sold search: the trimmed item name and the condition, and the search's window and narrowing (issue 54). A
 * search of 90 days sends no window and gets the 90 days the SPEC's figure stands for.
 */
export async function searchSold(input: SearchInput): Promise<SoldResult> {
  const data = await invokeSearchFunction('search-sold', {
    itemName: input.itemName.trim(),
    condition: input.condition,
    ...narrowingBody(input, 'sold'),
  });
  return parseSold(data);
}

/** Reads the answer; one that lacks the count or the demo flag is an error, never a 0 (issue 10). */
export function parseSold(data: unknown): SoldResult {
  return parseAnswer(soldResponseSchema, data, (detail) => new UnreadableAnswerError('sold', detail));
}
