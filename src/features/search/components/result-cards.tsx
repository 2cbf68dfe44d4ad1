import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { SearchResults } from '../lib/merge';
import { bandDisplay, formatCount } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import type { SearchRun } from '../hooks/use-search-flow';
import { BagIcon, HeartIcon, SnoozeIcon, TagIcon, TrendIcon } from './icons';

type StatCardProps = {
  title: string;
  subtitle: string;
  icon: ReactNode;
  loading: boolean;
  loadingText: string;
  titleExtra?: ReactNode;
  children: ReactNode;
  className?: string;
};

function StatCard({
  title,
  subtitle,
  icon,
  loading,
  loadingText,
  titleExtra,
  children,
  className,
}: StatCardProps) {
  return (
    <Card className={cn('relative flex flex-col p-4 sm:p-5', className)} aria-busy={loading || undefined}>
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span className="text-primary [&_svg]:size-4">{icon}</span>
        <h3 className="text-sm font-semibold text-foreground">{title}</h3>
        {titleExtra}
      </div>
      <div className="mt-3 min-h-[2.75rem]">
        {loading ? (
          <div>
            <div
              className="h-9 w-20 animate-pulse rounded-md bg-muted motion-reduce:animate-none"
              aria-hidden="true"
            />
            <span className="sr-only">{loadingText}</span>
          </div>
        ) : (
          children
        )}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
    </Card>
  );
}

const bigNumber = 'text-3xl font-bold tabular-nums tracking-tight';
const noValue = (
  <p className={cn(bigNumber, 'text-muted-foreground')} aria-label="No figure">
    —
  </p>
);

export type ResultCardsProps = {
  run: SearchRun;
  results: SearchResults | null;
  loadingAvailable: boolean;
  loadingSold: boolean;
};

/** SPEC §2 result cards: Available, Sold and Sell-Through, each with its own loading state. */
export function ResultCards({ run, results, loadingAvailable, loadingSold }: ResultCardsProps) {
  const soldUnknown = run.sold !== null && run.sold.soldCount === null;
  const complete =
    run.available !== null && run.sold !== null && !run.failed && !soldUnknown && results !== null;
  const rate = complete ? results.sellThroughRate : null;
  const band = rate === null ? null : bandDisplay(rate);

  return (
    // Phones: Available and Sold side by side, the rate (the answer) full width beneath them.
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard
        title={m.availableTitle}
        subtitle={m.availableSubtitle}
        icon={<TagIcon />}
        loading={loadingAvailable}
        loadingText={m.loadingAvailable}
      >
        {run.available && results ? (
          <p className={bigNumber} data-testid="available-count">
            {formatCount(results.availableCount)}
          </p>
        ) : (
          noValue
        )}
      </StatCard>

      <StatCard
        title={m.soldTitle}
        subtitle={m.soldSubtitle}
        icon={<BagIcon />}
        loading={loadingSold}
        loadingText={m.loadingSold}
      >
        {soldUnknown ? (
          <div data-testid="sold-unavailable">
            <p className="text-base font-semibold leading-snug">{m.soldUnavailableTitle}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {run.sold?.reason || m.soldUnavailableFallbackReason}
            </p>
          </div>
        ) : run.sold && results ? (
          <p className={bigNumber} data-testid="sold-count">
            {formatCount(results.soldCount)}
          </p>
        ) : (
          noValue
        )}
      </StatCard>

      <StatCard
        title={m.rateTitle}
        subtitle={m.rateSubtitle}
        icon={<TrendIcon />}
        loading={loadingAvailable || loadingSold}
        loadingText={m.loadingRate}
        className={cn(
          'col-span-2 sm:col-span-1',
          band?.hearts && 'border-rose-200 bg-rose-50/60',
          band?.snooze && 'border-slate-300',
        )}
        titleExtra={
          band?.hearts ? (
            <HeartIcon
              className="size-4 fill-rose-500 text-rose-500"
              data-testid="rate-heart"
              aria-label="Strong seller"
              role="img"
              aria-hidden={false}
            />
          ) : null
        }
      >
        {rate !== null ? (
          <p className={cn(bigNumber, band?.hearts && 'text-rose-600')} data-testid="sell-through-rate">
            {rate}%
          </p>
        ) : soldUnknown ? (
          <p className="text-sm font-medium leading-snug text-muted-foreground">{m.rateUnavailable}</p>
        ) : (
          noValue
        )}
        {band?.snooze && (
          <p
            className="relative mt-3 inline-flex items-center gap-1.5 rounded-2xl rounded-tl-sm bg-slate-800 px-3 py-1.5 text-xs font-semibold text-white shadow"
            data-testid="snooze-bubble"
          >
            <SnoozeIcon className="size-3.5" />
            {m.snooze}
          </p>
        )}
      </StatCard>
    </div>
  );
}
