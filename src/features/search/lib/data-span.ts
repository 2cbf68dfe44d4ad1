import type { SoldResult } from '../schemas';
import { formatDay } from './labels';

const DAY = 86_400_000;

export type DataSpan = {
  /** The day of the earliest sale the index holds: 'May 27, 2026'. */
  since: string;
  /**
   * Set when the window reaches back before that sale: the days of sales it really holds, so a 365-day window over
   * 182 days of data is said to repeat those 182 days rather than read as a year.
   */
  coveredDays: number | null;
};

/**
 * How far back the sold figures of an answer can reach (issue 28): null when the source does not say (eBay, an
 * answer cached before the index said it). The window starts `windowDays` before the answer was counted.
 */
export function dataSpan(sold: Pick<SoldResult, 'dataSince' | 'asOf' | 'windowDays'>): DataSpan | null {
  if (!sold.dataSince) return null;
  const since = Date.parse(sold.dataSince);
  if (Number.isNaN(since)) return null;
  const asOf = sold.asOf ? Date.parse(sold.asOf) : Number.NaN;
  let coveredDays: number | null = null;
  if (!Number.isNaN(asOf)) {
    const days = Math.max(1, Math.ceil((asOf - since) / DAY));
    if (days < sold.windowDays) coveredDays = days;
  }
  return { since: formatDay(sold.dataSince), coveredDays };
}
