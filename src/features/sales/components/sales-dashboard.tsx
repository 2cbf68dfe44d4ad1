import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { Breakdown } from './breakdown';
import { LoadFailed } from './load-failed';
import { MarketplaceOptions } from './marketplace-options';
import { MonthlySection } from './monthly-section';
import { SalesFigures } from './sales-figures';
import { Sellers } from './sales-sellers';
import { useSalesSummary } from '../api/get-sales-summary';
import { formatCount, formatDate } from '../lib/format';
import type { SalesFilters } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

const noFilters: SalesFilters = { from: null, to: null, marketplace: null };

/**
 * "Your sales": a signed-in reseller's own figures from the sales they imported, with filters and a breakdown. The
 * page's heading is the route's; this is what stands under it.
 */
export function SalesDashboard({ userId, importHref }: { userId: string; importHref: string }) {
  const [filters, setFilters] = useState<SalesFilters>(noFilters);
  const summary = useSalesSummary(userId, filters);
  const data = summary.data;
  const filtered = filters.from !== null || filters.to !== null || filters.marketplace !== null;
  const reset = () => setFilters(noFilters);

  // Filters need the user's marketplaces, so they appear once there is data; after a failed filter change they stay,
  // so the user can change or reset what failed.
  const showFilters = data ? data.span.rows > 0 : summary.isError && filtered;

  return (
    <div className="space-y-6" data-testid="sales-dashboard">
      <p className="text-sm text-muted-foreground">
        {data && data.span.rows > 0
          ? `${m.intro} ${m.span(
              formatCount(data.span.rows),
              data.span.firstSale && formatDate(data.span.firstSale),
              data.span.lastSale && formatDate(data.span.lastSale),
            )}`
          : m.intro}
      </p>

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
        <Loading />
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
          {data.overall.unitsSold === 0 && data.overall.unitsListed === 0 ? (
            <div className="rounded-lg border p-6 text-center">
              <p className="font-semibold">{m.filteredEmpty}</p>
              <p className="mt-1 text-sm text-muted-foreground">{m.filteredEmptyHint}</p>
              <Button variant="outline" className="mt-4" onClick={reset}>
                {m.reset}
              </Button>
            </div>
          ) : (
            <>
              <SalesFigures summary={data} filtered={filtered} importHref={importHref} />
              <MonthlySection summary={data} />
              <Breakdown summary={data} />
              <Sellers byBrand={data.byBrand} />
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * While the figures load: the outline of the first cards, a screen tall, so what stands below (sharing, deleting)
 * waits out of sight and the figures arrive without moving anything the user can see.
 */
function Loading() {
  return (
    <div className="min-h-screen space-y-4">
      <p role="status" className="text-sm text-muted-foreground">
        {m.loading}
      </p>
      <div aria-hidden className="grid gap-4 lg:grid-cols-3">
        <div className="h-56 rounded-lg border bg-muted/40 lg:col-span-2" />
        <div className="h-56 rounded-lg border bg-muted/40" />
      </div>
    </div>
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
