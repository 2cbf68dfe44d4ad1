import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatAsOf, formatDay, marketplaceLabel, originLabel } from '../lib/labels';
import { dataSpan } from '../lib/data-span';
import { pricesAreThin, rateIsThin, type Reading } from '../lib/reading';
import { formatCount, formatPrice, sellThroughRate } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  type AvailableResult,
  type ByCondition,
  type Condition,
  type RecentSale,
  type SearchInput,
  type SoldResult,
} from '../schemas';
import { InfoIcon } from './icons';
import { ThinSample } from './thin-sample';

export type DeeperLookProps = {
  query: SearchInput;
  available: AvailableResult;
  /** The search's sold answer: its window is the search's (issue 54), chosen in the form beside the condition. */
  sold: SoldResult;
  reading: Reading;
};

/**
 * Beyond the SPEC (issue 6 item 6, issue 10 point 4): the evidence behind the cards. How many comps stand behind each
 * count, prices, time to sell, a condition ladder, marketplaces, the most recent sales and the formula in words, over
 * the search's own window (issue 54: picked in the form, where it drives the headline too; decision 058 as amended).
 */
export function DeeperLook({ query, available, sold, reading }: DeeperLookProps) {
  return (
    <Card data-testid="deeper-look">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <div className="space-y-1.5">
          <h3 className="text-lg font-semibold leading-none tracking-tight">{m.deeperTitle}</h3>
          <CardDescription>{m.deeperSubtitle}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <Evidence available={available} sold={sold} condition={query.condition} reading={reading} />
      </CardContent>
    </Card>
  );
}

function Evidence({
  available,
  sold,
  condition,
  reading,
}: {
  available: AvailableResult;
  sold: SoldResult;
  condition: Condition;
  reading: Reading;
}) {
  const soldKnown = sold.soldCount !== null;
  const availableComps =
    available.availableCount === null ? null : (available.comps ?? available.availableCount);
  const soldComps = soldKnown ? (sold.comps ?? sold.soldCount ?? 0) : null;
  // Decision 057: the rate is thin on few listings and sales together, the prices on few sales.
  const thin =
    available.availableCount !== null &&
    sold.soldCount !== null &&
    rateIsThin(available.availableCount, sold.soldCount);
  const pricesThin = sold.medianPrice !== null && soldComps !== null && pricesAreThin(soldComps);
  const span = dataSpan(sold);
  const asOf = formatAsOf(sold.asOf ?? available.asOf);
  // Without sold data the honest answer is "unknown", not "not enough sales"; beside panel sales it is the threshold
  // (too few sellers priced or timed their sales) that leaves a figure out.
  const panelWithheld = (sold.panel?.sellers ?? 0) > 0 && (sold.soldCount ?? 0) > 0;
  // The panel's shared sales are counted, never listed (issue 49): an empty list beside them says so.
  const panelSales = sold.origin === 'panel' && (sold.soldCount ?? 0) > 0;
  const missing = !soldKnown ? m.needsSoldData : panelWithheld ? m.notEnoughSellers : m.notEnoughData;
  const windowRate =
    reading.kind === 'rate' && sold.soldCount !== null && available.availableCount
      ? sellThroughRate(sold.soldCount, available.availableCount)
      : null;

  return (
    <>
      {span && (
        <div className="space-y-2 text-sm">
          <p className="text-muted-foreground" data-testid="data-span">
            {m.dataSince(span.since)}
          </p>
          <p className="text-muted-foreground" data-testid="window-meaning">
            {m.windowMeaning(sold.windowDays)}
          </p>
          {span.coveredDays !== null && (
            <p
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
              data-testid="window-beyond-data"
            >
              <InfoIcon className="mt-0.5 size-4 shrink-0" />
              <span>{m.windowBeyondData(span.since, sold.windowDays, span.coveredDays)}</span>
            </p>
          )}
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3">
        <Fact term={m.compsTitle} className="col-span-2 sm:col-span-1">
          <span data-testid="comps-line">
            {availableComps === null
              ? m.compsSoldOnly(soldComps ?? 0)
              : soldComps === null
                ? m.compsAvailableOnly(availableComps)
                : m.compsLine(availableComps, soldComps)}
          </span>
          {thin && (
            <span className="mt-1 block text-xs font-medium text-amber-800" data-testid="thin-sample-note">
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
      {pricesThin && (
        <p className="-mt-3 text-xs font-medium text-amber-800" data-testid="price-thin-note">
          {m.priceTooFew(soldComps ?? 0)}
        </p>
      )}

      {soldKnown && (
        <RecentSales
          sales={sold.recentSales}
          windowDays={sold.windowDays}
          empty={panelSales ? m.recentSalesPanel : panelWithheld ? m.recentSalesWithheld : null}
        />
      )}

      {available.byCondition && (
        <ConditionLadder
          condition={condition}
          available={available.byCondition}
          sold={sold.byCondition}
          windowDays={sold.windowDays}
        />
      )}

      <MarketplaceTable
        available={available.byMarketplace}
        sold={soldKnown ? sold.byMarketplace : null}
        windowDays={sold.windowDays}
      />

      <div className="flex gap-2 rounded-md border border-dashed p-3 text-sm">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        <div className="space-y-1">
          <p className="font-medium" data-testid="formula">
            {m.formula(sold.windowDays)}
          </p>
          {windowRate !== null && windowRate > 100 && (
            <p className="text-muted-foreground">{m.formulaAbove100}</p>
          )}
          <p className="text-xs text-muted-foreground" data-testid="deeper-source">
            {[originLabel(sold.origin), m.windowSold(sold.windowDays), asOf && m.asOf(asOf)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    </>
  );
}

function RecentSales({
  sales,
  windowDays,
  empty,
}: {
  sales: RecentSale[];
  windowDays: number;
  /** Why sales were counted but none is listed (the panel's, or too few sellers among the newest), if they were. */
  empty: string | null;
}) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{m.recentSalesTitle}</h4>
      {sales.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="recent-sales-empty">
          {empty ?? m.recentSalesNone(windowDays)}
        </p>
      ) : (
        <ol
          className="divide-y rounded-md border text-sm"
          aria-label={m.recentSalesCaption(windowDays)}
          data-testid="recent-sales"
        >
          {sales.slice(0, 10).map((sale, i) => (
            <li
              key={`${sale.soldAt}-${i}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2"
            >
              <span className="min-w-0 flex-1 basis-56 break-words font-medium">
                {sale.url ? (
                  <a
                    href={sale.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {sale.title}
                    <span className="sr-only"> (opens the listing in a new tab)</span>
                  </a>
                ) : (
                  sale.title
                )}
              </span>
              <span className="font-semibold tabular-nums">
                {sale.price === null ? '—' : formatPrice(sale.price, sale.currency)}
              </span>
              <span className="w-full text-xs text-muted-foreground">
                {[
                  conditionLabels[sale.condition],
                  marketplaceLabel(sale.marketplace),
                  `sold ${formatDay(sale.soldAt)}`,
                ].join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
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

/**
 * One figure of a breakdown: a count; 'withheld' where the seller panel keeps it back (too few sellers); 'other' where
 * it is folded into Other marketplaces; null where the source cannot count it (sold data from eBay).
 */
type Cell = number | 'withheld' | 'other' | null;

function ConditionLadder({
  condition,
  available,
  sold,
  windowDays,
}: {
  condition: Condition;
  available: ByCondition;
  sold: ByCondition | null;
  windowDays: number;
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
      available: available[c] ?? 'withheld',
      sold: sold ? (sold[c] ?? 'withheld') : null,
      current: mine,
    } satisfies BreakdownRow;
  });
  return <BreakdownTable kind="condition" rows={rows} windowDays={windowDays} />;
}

function MarketplaceTable({
  available,
  sold,
  windowDays,
}: {
  available: AvailableResult['byMarketplace'];
  sold: SoldResult['byMarketplace'] | null;
  windowDays: number;
}) {
  const names = [
    ...new Set([...available.map((r) => r.marketplace), ...(sold ?? []).map((r) => r.marketplace)]),
  ];
  // One marketplace says nothing the cards do not already say.
  if (names.length < 2) return null;
  const availableCell = cellOf(available.map((r) => ({ marketplace: r.marketplace, n: r.available })));
  const soldCell = sold ? cellOf(sold.map((r) => ({ marketplace: r.marketplace, n: r.sold }))) : () => null;
  const weight = (row: BreakdownRow) =>
    row.key === OTHER ? -1 : (num(row.available) ?? 0) + (num(row.sold) ?? 0);
  const rows = names
    .map((name): BreakdownRow => ({
      key: name,
      label: marketplaceLabel(name),
      available: availableCell(name),
      sold: soldCell(name),
      // Each side folds its own small marketplaces: the two 'other' figures need not cover the same ones.
      noRate: name === OTHER,
    }))
    // Biggest first; the folded small marketplaces last.
    .sort((a, b) => weight(b) - weight(a));
  return <BreakdownTable kind="marketplace" rows={rows} windowDays={windowDays} />;
}

const OTHER = 'other';
const num = (cell: Cell) => (typeof cell === 'number' ? cell : null);

/**
 * A marketplace's figure on one side of the split. The seller panel folds marketplaces with too few sellers into
 * 'other', and may fold different ones on each side: where this side has an 'other' row, a marketplace it does not
 * list is counted there (or absent), never a 0; and this side's share of the other side's 'other' is not known.
 */
function cellOf(rows: { marketplace: string; n: number }[]) {
  const folded = rows.some((r) => r.marketplace === OTHER);
  return (name: string): Cell => {
    const row = rows.find((r) => r.marketplace === name);
    if (row) return row.n;
    if (name === OTHER) return null;
    return folded ? 'other' : 0;
  };
}

type BreakdownRow = {
  key: string;
  label: ReactNode;
  available: Cell;
  /** Null when the source cannot count sold items: the sold and rate cells show a dash. */
  sold: Cell;
  /** No rate for this row, whatever its figures (the 'other' row). */
  noRate?: boolean;
  /** The row the visitor searched for, highlighted and marked aria-current. */
  current?: boolean;
};

/** A row's rate is judged as the headline's: thin on fewer than 20 listed and sold together (decision 057). */
function rowIsThin(row: BreakdownRow): boolean {
  const available = num(row.available);
  const sold = num(row.sold);
  if (row.noRate || available === null || sold === null || (available === 0 && sold === 0)) return false;
  return rateIsThin(available, sold);
}

/** A row's rate when it has one as a percentage: both figures counted and something listed. */
function rowRate(row: BreakdownRow): number | null {
  const available = num(row.available);
  const sold = num(row.sold);
  if (row.noRate || available === null || sold === null || available === 0) return null;
  return sellThroughRate(sold, available);
}

/** The rate cell of a row: the same honest readings as the headline card, and a thin-sample mark. */
function RowRate({ row }: { row: BreakdownRow }) {
  const available = num(row.available);
  const sold = num(row.sold);
  // Never a rate from a withheld, folded or unknown figure.
  if (sold === null || available === null) return <>—</>;
  if (available === 0 && sold === 0) return <span className="text-muted-foreground">—</span>;
  const value = available === 0 ? m.noneListedValue : `${sellThroughRate(sold, available)}%`;
  return (
    <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
      <span>{value}</span>
      {rowIsThin(row) && <ThinSample className="sm:order-first" />}
    </span>
  );
}

const breakdowns = {
  condition: {
    title: m.conditionLadder,
    caption: m.conditionLadderCaption,
    testId: 'condition-ladder',
    firstColumn: 'Condition',
    // Inherited, so the visitor's own row can be semibold in every cell.
    rowHeaderFont: 'font-[inherit]',
  },
  marketplace: {
    title: m.byMarketplace,
    caption: m.byMarketplaceCaption,
    testId: 'marketplace-table',
    firstColumn: 'Marketplace',
    rowHeaderFont: 'font-medium',
  },
};

/** Available, sold and sell-through per group: the condition ladder and the marketplace split share this table. */
function BreakdownTable({
  kind,
  rows,
  windowDays,
}: {
  kind: keyof typeof breakdowns;
  rows: BreakdownRow[];
  windowDays: number;
}) {
  const { title, caption, testId, firstColumn, rowHeaderFont } = breakdowns[kind];
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                {firstColumn}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                Available
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                Sold
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
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
                <th scope="row" className={`px-2 py-2 text-left sm:px-3 ${rowHeaderFont}`}>
                  {row.label}
                </th>
                {row.available === 'withheld' && (row.sold === 'withheld' || row.sold === null) ? (
                  // Nothing in this row may be shown: one short line across its figures.
                  <td colSpan={3} className="px-2 py-2 text-right text-xs text-muted-foreground sm:px-3">
                    {m.notEnoughSellers}
                  </td>
                ) : (
                  <>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      <CellValue cell={row.available} />
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      <CellValue cell={row.sold} />
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      {row.noRate ? '—' : <RowRate row={row} />}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.some(rowIsThin) && (
        <p className="mt-1.5 text-xs text-amber-800" data-testid="row-thin-legend">
          {m.rowThinLegend}
        </p>
      )}
      {/* Issue 54: the words beside a rate over 100% and an "In other" cell, under the table that shows one. */}
      {rows.some((row) => (rowRate(row) ?? 0) > 100) && (
        <p className="mt-1.5 text-xs text-muted-foreground" data-testid={`${testId}-above-100`}>
          {m.rowsAbove100(windowDays)}
        </p>
      )}
      {rows.some((row) => row.available === 'other' || row.sold === 'other') && (
        <p className="mt-1.5 text-xs text-muted-foreground" data-testid={`${testId}-in-other`}>
          {m.cellInOtherLegend}
        </p>
      )}
    </div>
  );
}

function CellValue({ cell }: { cell: Cell }) {
  if (typeof cell === 'number') return <>{formatCount(cell)}</>;
  if (cell === 'withheld')
    return <span className="text-xs font-normal text-muted-foreground">{m.cellWithheld}</span>;
  if (cell === 'other')
    return (
      <span className="text-xs font-normal text-muted-foreground" title={m.cellInOtherTitle}>
        {m.cellInOther}
        <span className="sr-only"> ({m.cellInOtherTitle})</span>
      </span>
    );
  return <>—</>;
}
