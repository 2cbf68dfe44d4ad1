import type { AvailableResult, SoldResult } from '../schemas';

/**
 * The N of the headline's source line, "Flipwise seller panel: N sellers, last 90 days": the sellers with a matching
 * item listed now or sold in the window (the sold answer's headlineSellers), else the larger of the two counts'
 * sellers. Null when the figures are not the panel's (eBay, imported listings, answers cached before the panel), or
 * when no seller stands behind them; never a number below the threshold.
 */
export function panelSellers(available: AvailableResult, sold: SoldResult): number | null {
  if (![available.origin, sold.origin].some((o) => o === 'panel' || o === 'demo')) return null;
  if (!available.panel && !sold.panel) return null;
  const n = sold.panel?.headlineSellers ?? Math.max(available.panel?.sellers ?? 0, sold.panel?.sellers ?? 0);
  const min = Math.max(available.panel?.minSellers ?? 0, sold.panel?.minSellers ?? 0);
  return n > 0 && n >= min ? n : null;
}
