import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { normaliseFunctionError, UnreadableAnswerError } from '../lib/search-errors';
import { availableResponseSchema, type AvailableResult, type SearchInput } from '../schemas';

/** SPEC §7 available search: the trimmed item name, the condition, when, and which client asked. */
export async function searchAvailable(input: SearchInput): Promise<AvailableResult> {
  const { data, error } = await (
    await loadSupabase()
  ).functions.invoke('search-available', {
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

/** Reads the answer; one that lacks the count or the demo flag is an error, never a 0 (issue 10). */
export function parseAvailable(data: unknown): AvailableResult {
  const parsed = availableResponseSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UnreadableAnswerError(
    'available',
    issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid',
  );
}

export function useSearchAvailable() {
  return useMutation({ mutationFn: searchAvailable });
}
