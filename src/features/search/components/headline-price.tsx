import { Card } from '@/components/ui/card';
import { pricesAreThin } from '../lib/reading';
import { formatCount, formatPrice } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import type { SoldResult } from '../schemas';
import { BagIcon } from './icons';

/**
 * Issue 28 point 5: the figure a reseller needs at the rack, the median sold price and its middle 50%, under the three
 * cards so it is on the first screen of every answer. Fewer than 20 sales behind it say so in words; no priced sale
 * says that instead of a price (docs/decisions/057).
 */
export function HeadlinePrice({ sold }: { sold: SoldResult }) {
  const comps = sold.soldCount === null ? 0 : (sold.comps ?? sold.soldCount);
  const shown = sold.soldCount !== null && sold.soldCount > 0 && sold.medianPrice !== null;
  // Behind sellers' sales a missing price is the panel's threshold on priced sellers; behind rows of no seller
  // (imports, eBay) it is sales without a usable price.
  const unpriced = (sold.panel?.sellers ?? 0) > 0 ? m.priceUnpricedPanel : m.priceUnpriced;
  const none =
    sold.soldCount === null
      ? m.priceNeedsSold
      : sold.soldCount === 0
        ? m.priceNoSales(sold.windowDays)
        : unpriced;

  return (
    <Card className="px-4 py-3 sm:px-5" data-testid="headline-price">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="inline-flex items-center gap-2 text-sm font-semibold">
          <BagIcon className="size-4 text-primary" />
          {m.headlinePriceTitle}
        </h3>
        {shown ? (
          <>
            <p className="text-2xl font-bold tabular-nums tracking-tight" data-testid="headline-median">
              {formatPrice(sold.medianPrice!, sold.currency)}
            </p>
            {sold.priceRange && (
              <p className="text-sm text-foreground" data-testid="headline-middle">
                {m.headlinePriceMiddle(
                  formatPrice(sold.priceRange.p25, sold.currency),
                  formatPrice(sold.priceRange.p75, sold.currency),
                )}
              </p>
            )}
            {pricesAreThin(comps) ? (
              // Thin: the words take the place of the plain "from N sales" line, so the answer stays one screen tall.
              <p className="w-full text-xs font-medium text-amber-800" data-testid="price-sample-words">
                {m.priceTooFew(comps)}
              </p>
            ) : (
              <p className="w-full text-xs text-muted-foreground">
                {m.headlinePriceBasis(formatCount(sold.soldCount), sold.windowDays)}
              </p>
            )}
          </>
        ) : (
          <p className="w-full text-sm text-muted-foreground sm:w-auto" data-testid="headline-price-none">
            {none}
          </p>
        )}
      </div>
    </Card>
  );
}
