import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatCount, formatPrice, sellThroughRate } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import { conditionLabels, conditions, type AvailableResult, type Condition, type SoldResult } from '../schemas';
import { InfoIcon } from './icons';

const THIN_SAMPLE = 10;

export type DeeperLookProps = {
  condition: Condition;
  available: AvailableResult;
  sold: SoldResult;
  /** The headline rate, or null when the source cannot count sold items. */
  rate: number | null;
};

/**
 * Beyond the SPEC (issue 6 item 6): what resellers say bare numbers lack (research/market-tools.md §5): how many comps
 * stand behind each count, prices, time to sell, a condition ladder, marketplaces, and the formula in words.
 * Everything here comes from the two calls the screen already makes.
 */
export function DeeperLook({ condition, available, sold, rate }: DeeperLookProps) {
  const soldKnown = sold.soldCount !== null;
  const availableComps = available.comps ?? available.availableCount;
  const soldComps = soldKnown ? (sold.comps ?? sold.soldCount ?? 0) : null;
  const thin = availableComps < THIN_SAMPLE || (soldComps !== null && soldComps < THIN_SAMPLE);
  const asOf = formatAsOf(sold.asOf ?? available.asOf);

  return (
    <Card data-testid="deeper-look">
      <CardHeader className="pb-3">
        <h3 className="text-lg font-semibold leading-none tracking-tight">{m.deeperTitle}</h3>
        <CardDescription>{m.deeperSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Fact term="Comps behind the counts">
            <span data-testid="comps-line">
              {soldComps === null
                ? `Based on ${availableComps} available comps`
                : m.compsLine(availableComps, soldComps)}
            </span>
            {thin && (
              <span className="mt-1 block text-xs font-medium text-amber-700" data-testid="thin-sample">
                {m.thinSample}
              </span>
            )}
          </Fact>
          <Fact term={m.medianPrice}>
            {sold.medianPrice !== null ? formatPrice(sold.medianPrice, sold.currency) : m.notEnoughData}
          </Fact>
          <Fact term={m.priceRange}>
            {sold.priceRange
              ? `${formatPrice(sold.priceRange.p25, sold.currency)} – ${formatPrice(sold.priceRange.p75, sold.currency)}`
              : m.notEnoughData}
          </Fact>
          <Fact term={m.typicalDays}>
            {sold.typicalDaysToSell !== null ? m.days(Math.round(sold.typicalDaysToSell)) : m.notEnoughData}
          </Fact>
        </dl>

        {available.byCondition && (
          <ConditionLadder condition={condition} available={available.byCondition} sold={sold.byCondition} />
        )}

        <MarketplaceTable available={available.byMarketplace} sold={soldKnown ? sold.byMarketplace : null} />

        <div className="flex gap-2 rounded-md border border-dashed p-3 text-sm">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="space-y-1">
            <p className="font-medium" data-testid="formula">
              {m.formula(sold.windowDays)}
            </p>
            {rate !== null && rate > 100 && <p className="text-muted-foreground">{m.formulaAbove100}</p>}
            {asOf && <p className="text-xs text-muted-foreground">{m.asOf(asOf)}</p>}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-md bg-muted/60 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-sm font-semibold">{children}</dd>
    </div>
  );
}

type Counts = Record<Condition, number>;

function ConditionLadder({ condition, available, sold }: { condition: Condition; available: Counts; sold: Counts | null }) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{m.conditionLadder}</h4>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm" data-testid="condition-ladder">
          <caption className="sr-only">{m.conditionLadderCaption}</caption>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Condition
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Available
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sold
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sell-through
              </th>
            </tr>
          </thead>
          <tbody>
            {conditions.map((c) => {
              const mine = c === condition;
              return (
                <tr
                  key={c}
                  className={cn('border-t', mine && 'bg-secondary font-semibold text-secondary-foreground')}
                  aria-current={mine ? 'true' : undefined}
                >
                  <th scope="row" className="px-3 py-2 text-left font-[inherit]">
                    {conditionLabels[c]}
                    {mine && <span className="ml-1 text-xs font-normal">({m.yourCondition})</span>}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(available[c])}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{sold ? formatCount(sold[c]) : '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {sold ? `${sellThroughRate(sold[c], available[c])}%` : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MarketplaceTable({
  available,
  sold,
}: {
  available: AvailableResult['byMarketplace'];
  sold: SoldResult['byMarketplace'] | null;
}) {
  const names = [...new Set([...available.map((r) => r.marketplace), ...(sold ?? []).map((r) => r.marketplace)])];
  // One marketplace says nothing the cards do not already say.
  if (names.length < 2) return null;
  const rows = names
    .map((name) => ({
      name,
      available: available.find((r) => r.marketplace === name)?.available ?? 0,
      sold: sold ? (sold.find((r) => r.marketplace === name)?.sold ?? 0) : null,
    }))
    .sort((a, b) => b.available + (b.sold ?? 0) - (a.available + (a.sold ?? 0)));
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{m.byMarketplace}</h4>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm" data-testid="marketplace-table">
          <caption className="sr-only">{m.byMarketplaceCaption}</caption>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Marketplace
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Available
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sold
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sell-through
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {marketplaceLabel(row.name)}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.available)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.sold === null ? '—' : formatCount(row.sold)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.sold === null ? '—' : `${sellThroughRate(row.sold, row.available)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const marketplaceNames: Record<string, string> = {
  ebay: 'eBay',
  poshmark: 'Poshmark',
  mercari: 'Mercari',
  depop: 'Depop',
  vinted: 'Vinted',
  grailed: 'Grailed',
  etsy: 'Etsy',
  thredup: 'thredUP',
  therealreal: 'The RealReal',
  facebook: 'Facebook Marketplace',
};
const marketplaceLabel = (name: string) =>
  marketplaceNames[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1);

function formatAsOf(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
