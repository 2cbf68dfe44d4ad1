import type { AvailableResult, SoldResult } from '../schemas';

/** The sellers behind an exact headline and whose they are: the demo market's or, counted before its release, the panel's. */
export type HeadlineSellers = { origin: 'demo' | 'panel'; sellers: number };

/**
 * The headline's source line, "Demo market: N sellers, last 90 days": N is the sellers with a matching item listed now
 * or sold in the window (the sold answer's headlineSellers), else the larger of the two counts' sellers. The exact
 * counts hold the demo market's synthetic sellers only (docs/decisions/082); an answer counted before the panel's
 * release (still cached) holds the panel's, and says so. Null when the figures are neither (eBay, imported listings,
 * answers cached before the panel), or when no seller stands behind them; never a number below the threshold.
 */
export function headlineSellers(available: AvailableResult, sold: SoldResult): HeadlineSellers | null {
  const origin = [sold.origin, available.origin].find(
    (o): o is HeadlineSellers['origin'] => o === 'demo' || o === 'panel',
  );
  if (!origin) return null;
  if (!available.panel && !sold.panel) return null;
  const n = sold.panel?.headlineSellers ?? Math.max(available.panel?.sellers ?? 0, sold.panel?.sellers ?? 0);
  const min = Math.max(available.panel?.minSellers ?? 0, sold.panel?.minSellers ?? 0);
  return n > 0 && n >= min ? { origin, sellers: n } : null;
}
