import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { LoadFailed } from './load-failed';
import { MarketplaceOptions } from './marketplace-options';
import { useSalesSummary } from '../api/get-sales-summary';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv';
import {
  formatCompact,
  formatCount,
  formatDate,
  formatDays,
  formatMoney,
  formatMonthLong,
  formatMonthShort,
  formatPercent,
  groupLabel,
  type GroupDimension,
} from '../lib/format';
import type { SalesFilters, SalesGroup, SalesSummary } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

const noFilters: SalesFilters = { from: null, to: null, marketplace: null };

const dimensions: { value: GroupDimension; groups: (s: SalesSummary) => SalesGroup[] }[] = [
  { value: 'brand', groups: (s) => s.byBrand },
  { value: 'category', groups: (s) => s.byCategory },
  { value: 'size', groups: (s) => s.bySize },
  { value: 'condition', groups: (s) => s.byCondition },
  { value: 'marketplace', groups: (s) => s.byMarketplace },
];

const isDimension = (value: string): value is GroupDimension => dimensions.some((d) => d.value === value);

/** "Your sales": a signed-in reseller's own figures from the sales they imported, with filters and a breakdown. */
export function SalesDashboard({ userId, importHref }: { userId: string; importHref: string }) {
  const [filters, setFilters] = useState<SalesFilters>(noFilters);
  const summary = useSalesSummary(userId, filters);
  const headingId = useId();
  const data = summary.data;
  const filtered = filters.from !== null || filters.to !== null || filters.marketplace !== null;
  const reset = () => setFilters(noFilters);

  // Filters need the user's marketplaces, so they appear once there is data; after a failed filter change they stay,
  // so the user can change or reset what failed.
  const showFilters = data ? data.span.rows > 0 : summary.isError && filtered;

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {m.heading}
        </h2>
        <p className="text-sm text-muted-foreground">
          {data && data.span.rows > 0
            ? `${m.intro} ${m.span(
                formatCount(data.span.rows),
                data.span.firstSale && formatDate(data.span.firstSale),
                data.span.lastSale && formatDate(data.span.lastSale),
              )}`
            : m.intro}
        </p>
      </div>

      {showFilters && (
        <FiltersForm
          filters={filters}
          marketplaces={data?.marketplaces ?? []}
          onChange={setFilters}
          onReset={reset}
        />
      )}

      {summary.isError && <LoadFailed copy={m} query={summary} />}

      {summary.isPending && !summary.isError ? (
        <p role="status" className="text-sm text-muted-foreground">
          {m.loading}
        </p>
      ) : data && data.span.rows === 0 ? (
        <EmptyState importHref={importHref} />
      ) : data ? (
        <div
          aria-busy={summary.isPlaceholderData || undefined}
          className={cn('space-y-8 transition-opacity', summary.isPlaceholderData && 'opacity-60')}
        >
          <p role="status" className="sr-only">
            {summary.isPlaceholderData ? m.updating : ''}
          </p>
          {data.overall.sold === 0 && data.overall.listed === 0 ? (
            <div className="rounded-lg border p-6 text-center">
              <p className="font-semibold">{m.filteredEmpty}</p>
              <p className="mt-1 text-sm text-muted-foreground">{m.filteredEmptyHint}</p>
              <Button variant="outline" className="mt-4" onClick={reset}>
                {m.reset}
              </Button>
            </div>
          ) : (
            <Figures summary={data} />
          )}
        </div>
      ) : null}
    </section>
  );
}

const dateEnds = [
  { end: 'from', label: m.fromLabel },
  { end: 'to', label: m.toLabel },
] as const;

function FiltersForm({
  filters,
  marketplaces,
  onChange,
  onReset,
}: {
  filters: SalesFilters;
  marketplaces: string[];
  onChange: (filters: SalesFilters) => void;
  onReset: () => void;
}) {
  const id = useId();
  const reversed = filters.from !== null && filters.to !== null && filters.from > filters.to;
  // The chosen marketplace stays in the list even if an answer no longer names it.
  const options =
    filters.marketplace && !marketplaces.includes(filters.marketplace)
      ? [...marketplaces, filters.marketplace]
      : marketplaces;

  return (
    <form
      aria-label={m.filtersLabel}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      {dateEnds.map(({ end, label }) => (
        <div key={end} className="grid gap-1.5">
          <Label htmlFor={`${id}-${end}`}>{label}</Label>
          <Input
            id={`${id}-${end}`}
            type="date"
            value={filters[end] ?? ''}
            // Each end of the range keeps the other end's side.
            min={end === 'to' ? (filters.from ?? undefined) : undefined}
            max={end === 'from' ? (filters.to ?? undefined) : undefined}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-reversed` : undefined}
            onChange={(e) => onChange({ ...filters, [end]: e.target.value || null })}
          />
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-marketplace`}>{m.marketplaceLabel}</Label>
        <Select
          id={`${id}-marketplace`}
          value={filters.marketplace ?? ''}
          onChange={(e) => onChange({ ...filters, marketplace: e.target.value || null })}
        >
          <MarketplaceOptions empty={m.allMarketplaces} marketplaces={options} />
        </Select>
      </div>
      <Button variant="outline" onClick={onReset} className="sm:justify-self-start">
        {m.reset}
      </Button>
      {reversed && (
        <p id={`${id}-reversed`} className="text-sm text-destructive sm:col-span-2 lg:col-span-4">
          {m.datesReversed}
        </p>
      )}
    </form>
  );
}

function EmptyState({ importHref }: { importHref: string }) {
  return (
    <div className="rounded-lg border p-6 text-center">
      <p className="font-semibold">{m.emptyTitle}</p>
      <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{m.emptyBody}</p>
      <Link to={importHref} className={cn(buttonVariants(), 'mt-4')}>
        {m.importLink}
      </Link>
    </div>
  );
}

function Figures({ summary }: { summary: SalesSummary }) {
  const { overall, currency } = summary;
  const money = (n: number) => formatMoney(n, currency);

  return (
    <>
      <div className="grid gap-4 md:grid-cols-3">
        <FigureCard
          title={m.sellThroughTitle}
          testId="sales-sell-through"
          value={formatPercent(overall.sellThrough)}
          lines={[
            m.soldOfListed(formatCount(overall.sold), formatCount(overall.listed)),
            overall.listed === 0 && overall.sold > 0 ? m.nothingListedNow : null,
          ]}
        />
        <FigureCard
          title={m.medianDaysTitle}
          testId="sales-median-days"
          value={overall.medianDaysToSell === null ? m.noFigure : formatDays(overall.medianDaysToSell)}
          lines={[overall.medianDaysToSell === null ? m.noListingDates : m.medianDaysNote]}
        />
        <FigureCard
          title={m.medianPriceTitle}
          testId="sales-median-price"
          value={overall.medianPrice === null ? m.noFigure : money(overall.medianPrice)}
          lines={[
            overall.p25Price !== null && overall.p75Price !== null
              ? m.middleHalf(money(overall.p25Price), money(overall.p75Price))
              : overall.medianPrice === null
                ? m.noPrices
                : null,
          ]}
        />
      </div>
      {summary.otherCurrencySales > 0 && (
        <p className="text-sm text-muted-foreground">
          {m.otherCurrencies(summary.otherCurrencySales, formatCount(summary.otherCurrencySales))}
        </p>
      )}

      <MonthlySection monthly={summary.monthly} currency={currency} />
      <Breakdown summary={summary} />
      <Sellers byBrand={summary.byBrand} />
    </>
  );
}

function FigureCard({
  title,
  testId,
  value,
  lines,
}: {
  title: string;
  testId: string;
  value: string;
  lines: (string | null)[];
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
        {lines.map(
          (line) =>
            line && (
              <p key={line} className="mt-1 text-sm text-muted-foreground">
                {line}
              </p>
            ),
        )}
      </CardContent>
    </Card>
  );
}

const tableClass = 'w-full min-w-max border-collapse text-sm';
const headClass = 'border-b px-3 py-2 text-left font-medium text-muted-foreground';
const numHeadClass = cn(headClass, 'text-right');
const cellClass = 'border-b px-3 py-2 tabular-nums';
const numCellClass = cn(cellClass, 'text-right');

/** A table that may be wider than a phone scrolls sideways; focusable so keyboards can scroll it too. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}

function MonthlySection({
  monthly,
  currency,
}: {
  monthly: SalesSummary['monthly'];
  currency: string | null;
}) {
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">{m.monthlyTitle}</h3>
      <MonthlyChart monthly={monthly} />
      <details className="group">
        <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {m.showAsTable}
        </summary>
        <div className="mt-3">
          <TableScroll label={m.monthlyTitle}>
            <table className={tableClass}>
              <caption className="sr-only">{m.monthlyTitle}</caption>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>
                    {m.monthColumn}
                  </th>
                  <th scope="col" className={numHeadClass}>
                    {m.soldColumn}
                  </th>
                  <th scope="col" className={numHeadClass}>
                    {m.revenueColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
                {monthly.map((x) => (
                  <tr key={x.month}>
                    <th scope="row" className={cn(cellClass, 'text-left font-normal')}>
                      {formatMonthLong(x.month)}
                    </th>
                    <td className={numCellClass}>{formatCount(x.sold)}</td>
                    <td className={numCellClass}>
                      {x.revenue === null ? m.noFigure : formatMoney(x.revenue, currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </details>
    </div>
  );
}

/** Bars of sales per month, labelled in place; the table beside it carries the same figures for screen readers. */
function MonthlyChart({ monthly }: { monthly: SalesSummary['monthly'] }) {
  const slot = 32;
  const top = 18;
  const bottom = 20;
  const plot = 110;
  const width = Math.max(1, monthly.length) * slot;
  const height = top + plot + bottom;
  const max = Math.max(1, ...monthly.map((x) => x.sold));
  const label = m.monthlyChartLabel(
    monthly.map((x) => `${formatMonthLong(x.month)} ${formatCount(x.sold)}`).join(', '),
  );

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-xl"
      data-testid="sales-monthly-chart"
    >
      <line x1={0} x2={width} y1={top + plot} y2={top + plot} className="stroke-border" strokeWidth={1} />
      {monthly.map((x, i) => {
        const h = x.sold > 0 ? Math.max(2, (x.sold / max) * plot) : 0;
        const centre = i * slot + slot / 2;
        return (
          <g key={x.month}>
            <rect
              x={i * slot + 5}
              y={top + plot - h}
              width={slot - 10}
              height={h}
              rx={2}
              className="fill-primary"
            />
            <text
              x={centre}
              y={top + plot - h - 5}
              textAnchor="middle"
              fontSize={11}
              className="fill-foreground tabular-nums"
            >
              {formatCompact(x.sold)}
            </text>
            <text
              x={centre}
              y={height - 5}
              textAnchor="middle"
              fontSize={11}
              className="fill-muted-foreground"
            >
              {formatMonthShort(x.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Breakdown({ summary }: { summary: SalesSummary }) {
  const [tab, setTab] = useState<GroupDimension>('brand');
  const { currency } = summary;

  const exportCsv = () => {
    const groups = dimensions.find((d) => d.value === tab)!.groups(summary);
    const rows: CsvCell[][] = [
      [
        m.tabs[tab],
        m.listedColumn,
        m.soldColumn,
        m.csvSellThrough,
        m.csvMedianDays,
        m.csvMedianPrice(currency),
        m.csvLow(currency),
        m.csvHigh(currency),
      ],
      ...groups.map((g) => [
        groupLabel(tab, g.key),
        g.listed,
        g.sold,
        g.sellThrough,
        g.medianDaysToSell,
        g.medianPrice,
        g.p25Price,
        g.p75Price,
      ]),
    ];
    downloadCsv(`flipwise-sales-by-${tab}.csv`, toCsv(rows));
  };

  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">{m.breakdownTitle}</h3>
      <Tabs value={tab} onValueChange={(value) => isDimension(value) && setTab(value)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={m.breakdownTabsLabel} className="h-auto flex-wrap justify-start">
            {dimensions.map((d) => (
              <TabsTrigger key={d.value} value={d.value}>
                {m.tabs[d.value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <Button variant="outline" size="sm" onClick={exportCsv}>
            {m.exportCsv}
          </Button>
        </div>
        {dimensions.map((d) => (
          <TabsContent key={d.value} value={d.value}>
            <GroupTable dimension={d.value} groups={d.groups(summary)} currency={currency} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function GroupTable({
  dimension,
  groups,
  currency,
}: {
  dimension: GroupDimension;
  groups: SalesGroup[];
  currency: string | null;
}) {
  const caption = m.breakdownCaption(m.tabs[dimension]);
  const money = (n: number | null) => (n === null ? m.noFigure : formatMoney(n, currency));
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">{m.noGroups}</p>;

  return (
    <TableScroll label={caption}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              {m.tabs[dimension]}
            </th>
            {[
              m.listedColumn,
              m.soldColumn,
              m.sellThroughColumn,
              m.medianDaysColumn,
              m.medianPriceColumn,
              m.middleHalfColumn,
            ].map((name) => (
              <th key={name} scope="col" className={numHeadClass}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key ?? ''}>
              <th
                scope="row"
                className={cn(
                  cellClass,
                  'text-left font-medium',
                  g.key === null && 'italic text-muted-foreground',
                )}
              >
                {groupLabel(dimension, g.key)}
              </th>
              <td className={numCellClass}>{formatCount(g.listed)}</td>
              <td className={numCellClass}>{formatCount(g.sold)}</td>
              <td className={numCellClass}>{formatPercent(g.sellThrough)}</td>
              <td className={numCellClass}>
                {g.medianDaysToSell === null ? m.noFigure : formatDays(g.medianDaysToSell)}
              </td>
              <td className={numCellClass}>{money(g.medianPrice)}</td>
              <td className={numCellClass}>
                {g.p25Price === null || g.p75Price === null
                  ? m.noFigure
                  : `${money(g.p25Price)}–${money(g.p75Price)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Brands to lean into and brands that sit: derived here from the brand breakdown, so they follow the filters. */
function bestSellers(byBrand: SalesGroup[]): SalesGroup[] {
  return byBrand
    .filter((g) => g.key !== null && g.sold >= 2)
    .sort((a, b) => b.sellThrough - a.sellThrough || b.sold - a.sold)
    .slice(0, 5);
}

function slowestSellers(byBrand: SalesGroup[]): SalesGroup[] {
  return byBrand
    .filter((g) => g.key !== null && g.medianDaysToSell !== null)
    .sort((a, b) => b.medianDaysToSell! - a.medianDaysToSell!)
    .slice(0, 5);
}

function Sellers({ byBrand }: { byBrand: SalesGroup[] }) {
  const best = bestSellers(byBrand).map((g) => ({
    name: g.key!,
    figure:
      g.listed === 0
        ? m.bestFigureNoneListed(formatCount(g.sold))
        : m.bestFigure(formatPercent(g.sellThrough), formatCount(g.sold)),
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
        <CardTitle>{title}</CardTitle>
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
