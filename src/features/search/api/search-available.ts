import { useMutation } from '@tanstack/react-query';
import { narrowingBody } from '../lib/narrowing';
import { UnreadableAnswerError } from '../lib/search-errors';
import { availableResponseSchema, type AvailableResult, type SearchInput } from '../schemas';
import { invokeSearchFunction, parseAnswer } from './search-function';

/** SPEC §7 available search: the trimmed item name, the condition, when, and which client asked; and the narrowing. */
export async function searchAvailable(input: SearchInput): Promise<AvailableResult> {
  const data = await invokeSearchFunction('search-available', {
    itemName: input.itemName.trim(),
    condition: input.condition,
    timestamp: new Date().toISOString(),
    clientInfo: { userAgent: navigator.userAgent, platform: navigator.platform },
    ...narrowingBody(input, 'available'),
  });
  return parseAvailable(data);
}

/** Reads the answer; one that lacks the count or the demo flag is an error, never a 0 (issue 10). */
export function parseAvailable(data: unknown): AvailableResult {
  return parseAnswer(
    availableResponseSchema,
    data,
    (detail) => new UnreadableAnswerError('available', detail),
  );
}

export function useSearchAvailable() {
  return useMutation({ mutationFn: searchAvailable });
}
