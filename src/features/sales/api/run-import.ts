import type { SaleRow } from '../lib/import/types';
import { importSalesBatch, type ImportBatchResult } from './import-sales';

/** Rows per call: about 300 KB of JSON, well inside the API's 4 MB body limit and a statement's 8 s. */
export const BATCH_SIZE = 1000;

export type ImportTotals = ImportBatchResult & { written: number; cancelled: boolean };

/**
 * Writes the checked rows batch by batch, reporting progress after each; a cancel stops before the next batch (the
 * batches already written stay, and importing the file again completes it without duplicates).
 */
export async function runImport(
  rows: SaleRow[],
  format: string | null,
  options: { onProgress?: (written: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ImportTotals> {
  const totals: ImportTotals = { inserted: 0, updated: 0, unchanged: 0, written: 0, cancelled: false };
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    if (options.signal?.aborted) {
      totals.cancelled = true;
      break;
    }
    const batch = rows.slice(i, i + BATCH_SIZE);
    const result = await importSalesBatch(batch, format);
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.unchanged += result.unchanged;
    totals.written += batch.length;
    options.onProgress?.(totals.written, rows.length);
  }
  return totals;
}
