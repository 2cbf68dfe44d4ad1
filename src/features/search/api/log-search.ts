import { loadSupabase } from '@/lib/load-supabase';
import type { Condition } from '../schemas';

export type SearchLogRecord = {
  search_term: string;
  condition: Condition;
  search_type: 'available' | 'sold';
  result_count: number;
  is_zero_result: boolean;
  api_success: boolean;
  error_message: string | null;
};

/** Inserts one row into marketplace_search_logs; the row's user_id defaults to the signed-in user. */
export async function logSearch(record: SearchLogRecord): Promise<void> {
  const { error } = await (await loadSupabase()).from('marketplace_search_logs').insert(record);
  if (error) throw error;
}

/** SPEC §7: a failure to log is only written to the console; it never reaches the user or stops the search. */
export function logSearchQuietly(record: SearchLogRecord): Promise<void> {
  return logSearch(record).catch((error: unknown) => {
    console.warn('Could not write the search log', error);
  });
}
