import { loadSupabase } from '@/lib/load-supabase';
import type { SaleRow } from '../lib/import/types';

export type ImportBatchResult = { inserted: number; updated: number; unchanged: number };

/**
 * Writes one batch of checked rows for the signed-in user (public.seller_items_import): new items are added, items
 * already imported are updated only where the file says something different, so the same file twice adds nothing.
 */
export async function importSalesBatch(rows: SaleRow[], format: string | null): Promise<ImportBatchResult> {
  const { data, error } = await (
    await loadSupabase()
  ).rpc('seller_items_import', { p_rows: rows, p_format: format });
  if (error) throw error;
  return data as ImportBatchResult;
}
