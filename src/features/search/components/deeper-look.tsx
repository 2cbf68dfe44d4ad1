import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatCount, formatPrice, sellThroughRate } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  type AvailableResult,
  type Condition,
  type SoldResult,
} from '../schemas';
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
  // Without sold data the honest answer is "unknown", not "not enough sales".
  const missing = soldKnown ? m.notEnoughData : m.needsSoldData;

  return (
    <Card data-testid="deeper-look">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <h3 className="text-lg font-semibold leading-none tracking-tight">{m.deeperTitle}</h3>
        <CardDescription>{m.deeperSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="grid grid-cols-2 gap-3">
          <Fact term={m.compsTitle} className="col-span-2 sm:col-span-1">
            <span data-testid="comps-line">
              {soldComps === null
                ? m.compsAvailableOnly(availableComps)
                : m.compsLine(availableComps, soldComps)}
            </span>
            {thin && (
              <span className="mt-1 block text-xs font-medium text-amber-700" data-testid="thin-sample">
                {m.thinSample}
              </span>
            )}
          </Fact>
          <Fact term={m.medianPrice}>
            {sold.medianPrice !== null ? formatPrice(sold.medianPrice, sold.currency) : missing}
          </Fact>
          <Fact term={m.priceRange}>
            {sold.priceRange
              ? `${formatPrice(sold.priceRange.p25, sold.currency)} – ${formatPrice(sold.priceRange.p75, sold.currency)}`
              : missing}
          </Fact>
          <Fact term={m.typicalDays}>
            {sold.typicalDaysToSell !== null ? m.days(Math.round(sold.typicalDaysToSell)) : missing}
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

// Phones get the short word so the four columns fit in 360 px; only one of the two is ever rendered visibly.
function RateHeading() {
  return (
    <>
      <span className="sm:hidden">Rate</span>
      <span className="hidden sm:inline">Sell-through</span>
    </>
  );
}

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-md bg-muted/60 p-3', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-sm font-semibold">{children}</dd>
    </div>
  );
}

type Counts = Record<Condition, number>;

function ConditionLadder({
  condition,
  available,
  sold,
}: {
  condition: Condition;
  available: Counts;
  sold: Counts | null;
}) {
  const rows = conditions.map((c) => {
    const mine = c === condition;
    return {
      key: c,
      label: (
        <>
          {conditionLabels[c]}
          {mine && <span className="ml-1 text-xs font-normal">({m.yourCondition})</span>}
        </>
      ),
      available: available[c],
      sold: sold ? sold[c] : null,
      current: mine,
    };
  });
  return (
    <BreakdownTable
      title={m.conditionLadder}
      caption={m.conditionLadderCaption}
      testId="condition-ladder"
      firstColumn="Condition"
      // Inherited, so the visitor's own row can be semibold in every cell.
      rowHeaderFont="font-[inherit]"
      rows={rows}
    />
  );
}

function MarketplaceTable({
  available,
  sold,
}: {
  available: AvailableResult['byMarketplace'];
  sold: SoldResult['byMarketplace'] | null;
}) {
  const names = [
    ...new Set([...available.map((r) => r.marketplace), ...(sold ?? []).map((r) => r.marketplace)]),
  ];
  // One marketplace says nothing the cards do not already say.
  if (names.length < 2) return null;
  const rows = names
    .map((name) => ({
      key: name,
      label: marketplaceLabel(name),
      available: available.find((r) => r.marketplace === name)?.available ?? 0,
      sold: sold ? (sold.find((r) => r.marketplace === name)?.sold ?? 0) : null,
    }))
    .sort((a, b) => b.available + (b.sold ?? 0) - (a.available + (a.sold ?? 0)));
  return (
    <BreakdownTable
      title={m.byMarketplace}
      caption={m.byMarketplaceCaption}
      testId="marketplace-table"
      firstColumn="Marketplace"
      rowHeaderFont="font-medium"
      rows={rows}
    />
  );
}

type BreakdownRow = {
  key: string;
  label: ReactNode;
  available: number;
  /** Null when the source cannot count sold items: the sold and rate cells show a dash. */
  sold: number | null;
  /** The row the visitor searched for, highlighted and marked aria-current. */
  current?: boolean;
};

/** Available, sold and sell-through per group: the condition ladder and the marketplace split share this table. */
function BreakdownTable({
  title,
  caption,
  testId,
  firstColumn,
  rowHeaderFont,
  rows,
}: {
  title: string;
  caption: string;
  testId: string;
  firstColumn: string;
  rowHeaderFont: string;
  rows: BreakdownRow[];
}) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                {firstColumn}
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Available
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Sold
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                <RateHeading />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                className={cn(
                  'border-t',
                  row.current && 'bg-secondary font-semibold text-secondary-foreground',
                )}
                aria-current={row.current ? 'true' : undefined}
              >
                <th scope="row" className={`px-2 py-2 sm:px-3 text-left ${rowHeaderFont}`}>
                  {row.label}
                </th>
                <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{formatCount(row.available)}</td>
                <td className="px-2 py-2 sm:px-3 text-right tabular-nums">
                  {row.sold === null ? '—' : formatCount(row.sold)}
                </td>
                <td className="px-2 py-2 sm:px-3 text-right tabular-nums">
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
