import type { AvailableResult, SoldResult } from '../schemas';
import { sellThroughRate } from './sell-through';

/**
 * The one sample threshold of the Explorer and of the sell-through article (docs/decisions/057): under 20 a reading is
 * too few to judge. A count on its own (the Available and Sold cards) is exact, never a sample.
 */
export const THIN_SAMPLE = 20;

/**
 * A sell-through rate, or the none-listed verdict, is thin when the listings and sales behind it are few together:
 * 0 sold of 338 listed is a clear answer, 1 sold of 1 listed is not.
 */
export const rateIsThin = (listed: number, sold: number) => listed + sold < THIN_SAMPLE;

/** A price figure (median, middle 50%, days to sell) is thin when the sales it is computed from are few. */
export const pricesAreThin = (soldComps: number) => soldComps < THIN_SAMPLE;

/** The listings and sales behind the verdict of a reading, or null for a reading that gives none. */
export function rateSample(reading: Reading | null): { listed: number; sold: number; thin: boolean } | null {
  if (reading?.kind === 'rate')
    return {
      listed: reading.available,
      sold: reading.sold,
      thin: rateIsThin(reading.available, reading.sold),
    };
  if (reading?.kind === 'none-listed')
    return { listed: 0, sold: reading.sold, thin: rateIsThin(0, reading.sold) };
  return null;
}

/**
 * What a finished search can honestly say. The SPEC's rate and bands apply only to `rate`; every other kind has its
 * own words on the screen, so no 0% or "selling slowly" ever stands for a missing or empty market.
 */
export type Reading =
  /** The market index holds nothing at all: no market data source is set up (never shown as zeros). */
  | { kind: 'no-source' }
  /**
   * The seller panel withholds a headline count: it would draw on too few sellers. No figure, rate,
   * band or no-sold dialog, and nothing of how many sellers stand behind it (issue 49).
   */
  | { kind: 'withheld' }
  /** Nothing listed and nothing sold: no comparable listings, so no rate, band, snooze or no-sold dialog. */
  | { kind: 'no-comparables' }
  /**
   * Nothing listed or sold in the exact figures, but the seller panel released figures for the search (issue 52): its
   * section is the answer, never "no comparables" or "no sales" beside it.
   */
  | { kind: 'panel-only' }
  /** The source cannot count sold items (eBay without Marketplace Insights). */
  | { kind: 'sold-unknown' }
  /** The source answered without a count of listings: unknown, never 0. */
  | { kind: 'available-unknown'; sold: number | null }
  /** Sold in the window but none listed now: demand outruns supply (the SPEC's formula would say 0%). */
  | { kind: 'none-listed'; sold: number }
  /** The SPEC's sell-through rate; above 100 means more sold in the window than are listed now. */
  | { kind: 'rate'; rate: number; available: number; sold: number };

export function readResults(available: AvailableResult, sold: SoldResult): Reading {
  const a = available.availableCount;
  const s = sold.soldCount;
  // A withheld count comes first: beside it a 0 or a shown count would read as a market it is not.
  if ([available, sold].some((r) => countOf(r) === null && r.panel?.withheld)) return { kind: 'withheld' };
  const release = sold.panelRelease;
  // A released week of the panel is a source set up, whatever the exact index holds.
  if (!release && ((a === 0 && available.indexEmpty) || (s === 0 && sold.indexEmpty)))
    return { kind: 'no-source' };
  if (a === 0 && (s === 0 || s === null))
    return release?.shown ? { kind: 'panel-only' } : { kind: 'no-comparables' };
  if (s === null) return { kind: 'sold-unknown' };
  if (a === null) return { kind: 'available-unknown', sold: s };
  if (a === 0) return { kind: 'none-listed', sold: s };
  return { kind: 'rate', rate: sellThroughRate(s, a), available: a, sold: s };
}

/** The rate the SPEC's bands and visuals read, or null when the reading is not a rate. */
export const readingRate = (reading: Reading | null): number | null =>
  reading?.kind === 'rate' ? reading.rate : null;

const countOf = (r: AvailableResult | SoldResult) => ('availableCount' in r ? r.availableCount : r.soldCount);

/** Readings that put figures on the screen (the cards, the analysis and the deeper look). */
export const showsFigures = (
  reading: Reading | null,
): reading is Exclude<Reading, { kind: 'no-comparables' | 'no-source' | 'withheld' | 'panel-only' }> =>
  reading !== null &&
  reading.kind !== 'no-comparables' &&
  reading.kind !== 'no-source' &&
  reading.kind !== 'withheld' &&
  reading.kind !== 'panel-only';
