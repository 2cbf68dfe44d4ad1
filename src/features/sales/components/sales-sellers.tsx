import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatCount, formatDays, formatPercent } from '../lib/format';
import type { SalesGroup } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

/**
 * Brands to lean into: at least 2 units sold, highest sell-through first where something is listed, then the most
 * sold (a brand with nothing listed has no sell-through, and is not ranked as 0%). Derived from the brand breakdown,
 * so they follow the filters.
 */
export function bestSellers(byBrand: SalesGroup[]): SalesGroup[] {
  return byBrand
    .filter((g) => g.key !== null && g.unitsSold >= 2)
    .sort((a, b) => (b.sellThrough ?? -1) - (a.sellThrough ?? -1) || b.unitsSold - a.unitsSold)
    .slice(0, 5);
}

function slowestSellers(byBrand: SalesGroup[]): SalesGroup[] {
  return byBrand
    .filter((g) => g.key !== null && g.medianDaysToSell !== null)
    .sort((a, b) => b.medianDaysToSell! - a.medianDaysToSell!)
    .slice(0, 5);
}

export function Sellers({ byBrand }: { byBrand: SalesGroup[] }) {
  const best = bestSellers(byBrand).map((g) => ({
    name: g.key!,
    figure:
      g.sellThrough === null
        ? m.bestFigureNoneListed(formatCount(g.unitsSold))
        : m.bestFigure(formatPercent(g.sellThrough), formatCount(g.unitsSold)),
  }));
  const slowest = slowestSellers(byBrand).map((g) => ({
    name: g.key!,
    figure: m.slowestFigure(formatDays(g.medianDaysToSell!)),
  }));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SellerList list="best" items={best} />
      <SellerList list="slowest" items={slowest} />
    </div>
  );
}

const sellerLists = {
  best: { title: m.bestTitle, hint: m.bestHint, none: m.bestNone, testId: 'sales-best-sellers' },
  slowest: {
    title: m.slowestTitle,
    hint: m.slowestHint,
    none: m.slowestNone,
    testId: 'sales-slowest-sellers',
  },
};

function SellerList({
  list,
  items,
}: {
  list: keyof typeof sellerLists;
  items: { name: string; figure: string }[];
}) {
  const { title, hint, none, testId } = sellerLists[list];
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-semibold leading-none tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm">{none}</p>
        ) : (
          <ol className="divide-y" data-testid={testId}>
            {items.map((item) => (
              <li key={item.name} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <span className="break-words font-medium">{item.name}</span>
                <span className="text-sm tabular-nums text-muted-foreground">{item.figure}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
