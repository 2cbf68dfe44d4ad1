import type { z } from 'zod';
import { loadSupabase } from '@/lib/load-supabase';
import { normaliseFunctionError } from '../lib/search-errors';

/** Calls one of the search functions; a failed call rejects with what normaliseFunctionError makes of it. */
export async function invokeSearchFunction(
  name: 'search-available' | 'search-sold' | 'search-listed',
  body: Record<string, unknown>,
): Promise<unknown> {
  const { data, error } = await (await loadSupabase()).functions.invoke(name, { body });
  if (error) throw await normaliseFunctionError(error);
  return data;
}

/**
 * Reads a function's answer with its schema. An answer without the documented shape is an error, never a 0
 * (issue 10): `unreadable` makes it from the first issue, e.g. "availableCount: Invalid input".
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  data: unknown,
  unreadable: (detail: string) => Error,
): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw unreadable(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid');
}
