import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { formatShortDay, fullCount } from '../lib/labels';
import { formatPrice } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import type { Estimate, SoldWeek, TrendReading } from '../schemas';

/** One week of a chart: its Monday ('YYYY-MM-DD'), its figure or null ("too few to say"), and the figure's error. */
export type WeekPoint = { week: string; value: number | null; error?: number };

const day = (week: string) => formatShortDay(week) ?? week;

/**
 * Bars, one a week, oldest first, drawn in a box whose width follows the screen (the SVG stretches; strokes and dots
 * keep their size). A week with no figure is a shaded column, never a bar of 0. Each bar says its week and figure to
 * a pointer (its title); the table beside the chart says them to everyone.
 */
export function WeeklyBars({
  points,
  label,
  describe,
  height = 'h-28',
  testId,
}: {
  points: WeekPoint[];
  /** What the chart shows, for a screen reader (the table holds the figures). */
  label: string;
  /** A bar's words: 'Week of Sep 7: 4 sold, median $40'. */
  describe: (point: WeekPoint) => string;
  height?: string;
  testId: string;
}) {
  const top = Math.max(1, ...points.map((p) => (p.value ?? 0) + (p.error ?? 0)));
  const n = Math.max(points.length, 1);
  return (
    <div className="flex gap-2">
      <div
        className={cn(
          'flex flex-col justify-between text-right text-xs tabular-nums text-muted-foreground',
          height,
        )}
        aria-hidden="true"
      >
        <span>{fullCount(top)}</span>
        <span>0</span>
      </div>
      <div className="min-w-0 flex-1">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${n * 10} 100`}
          preserveAspectRatio="none"
          className={cn('block w-full overflow-visible border-b border-l border-border', height)}
          data-testid={testId}
        >
          {points.map((p, i) => {
            const x = i * 10;
            if (p.value === null)
              return (
                <rect
                  key={p.week}
                  x={x + 1.5}
                  y={0.5}
                  width={7}
                  height={99}
                  className="fill-muted stroke-muted-foreground/50"
                  strokeWidth={1}
                  strokeDasharray="3 3"
                  vectorEffect="non-scaling-stroke"
                  data-week={p.week}
                  data-value="too-few"
                >
                  <title>{describe(p)}</title>
                </rect>
              );
            const h = (p.value / top) * 100;
            return (
              <g key={p.week} data-week={p.week} data-value={p.value}>
                <title>{describe(p)}</title>
                <rect x={x + 1.5} y={100 - h} width={7} height={Math.max(h, 0.5)} className="fill-primary" />
                {p.error !== undefined && p.error > 0 && (
                  <line
                    x1={x + 5}
                    x2={x + 5}
                    y1={100 - Math.min(100, ((p.value + p.error) / top) * 100)}
                    y2={100 - Math.max(0, ((p.value - p.error) / top) * 100)}
                    className="stroke-foreground"
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                  />
                )}
              </g>
            );
          })}
        </svg>
        <WeekAxis points={points} />
      </div>
    </div>
  );
}

/** The first, middle and last weeks under a chart, where a phone has room for three dates. */
function WeekAxis({ points }: { points: { week: string }[] }) {
  if (points.length === 0) return null;
  const picks = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  return (
    <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
      {picks.map((i) => (
        <span key={points[i].week}>{day(points[i].week)}</span>
      ))}
    </div>
  );
}

/** The median price per week as a line with a dot per week that has one; a gap where a week has none. */
function PriceLine({ weeks, currency, label }: { weeks: SoldWeek[]; currency: string; label: string }) {
  const prices = weeks.map((w) => w.medianPrice).filter((p): p is number => p !== null);
  if (prices.length === 0) return null;
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  // A little room above and below, so a flat price is a line across the middle, not along an edge.
  const pad = Math.max((high - low) * 0.15, high * 0.05, 1);
  const [bottom, top] = [Math.max(0, low - pad), high + pad];
  const y = (price: number) => 100 - ((price - bottom) / (top - bottom)) * 100;
  // Runs of consecutive weeks with a price: a week without one breaks the line.
  const runs: { x: number; y: number }[][] = [];
  weeks.forEach((w, i) => {
    if (w.medianPrice === null) return;
    const point = { x: i * 10 + 5, y: y(w.medianPrice) };
    const last = runs.at(-1);
    if (last && weeks[i - 1]?.medianPrice !== null && i > 0) last.push(point);
    else runs.push([point]);
  });
  const price = (n: number) => formatPrice(Math.round(n), currency);
  return (
    <div className="flex gap-2">
      <div
        className="flex h-20 flex-col justify-between text-right text-xs tabular-nums text-muted-foreground"
        aria-hidden="true"
      >
        <span>{price(top)}</span>
        <span>{price(bottom)}</span>
      </div>
      <div className="min-w-0 flex-1">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${Math.max(weeks.length, 1) * 10} 100`}
          preserveAspectRatio="none"
          className="block h-20 w-full overflow-visible border-b border-l border-border"
          data-testid="trend-price-chart"
        >
          {runs.map((run) => (
            <polyline
              key={run[0].x}
              points={run.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              className="stroke-accent-foreground"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {weeks.map((w, i) =>
            w.medianPrice === null ? null : (
              // A line of no length with round ends is a dot that keeps its size however the chart stretches.
              <line
                key={w.week}
                x1={i * 10 + 5}
                x2={i * 10 + 5}
                y1={y(w.medianPrice)}
                y2={y(w.medianPrice)}
                className="stroke-accent-foreground"
                strokeWidth={6}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                data-week={w.week}
                data-value={w.medianPrice}
              >
                <title>{m.trendPriceDot(day(w.week), formatPrice(w.medianPrice, currency))}</title>
              </line>
            ),
          )}
        </svg>
        <WeekAxis points={weeks} />
      </div>
    </div>
  );
}

/** Chart first, the same figures as a table one tab away (for screen readers and for people who prefer numbers). */
function ChartOrTable({ chart, table, testId }: { chart: ReactNode; table: ReactNode; testId: string }) {
  return (
    <Tabs defaultValue="chart" data-testid={testId}>
      <TabsList className="h-9">
        <TabsTrigger value="chart" className="py-1">
          {m.trendChart}
        </TabsTrigger>
        <TabsTrigger value="table" className="py-1">
          {m.trendTable}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="chart" className="mt-3 space-y-4">
        {chart}
      </TabsContent>
      <TabsContent value="table" className="mt-3">
        {table}
      </TabsContent>
    </Tabs>
  );
}

/** The one-line reading: said only for the parts the answer can say (never a guess). */
export function trendWords(reading: TrendReading | null, windowDays: number): string[] {
  if (!reading) return [];
  const since = m.trendSince(windowDays);
  return [
    reading.pace ? m.trendPace[reading.pace](since) : null,
    reading.price ? m.trendPriceWords[reading.price] : null,
  ].filter((part): part is string => part !== null);
}

export type TrendSectionProps = {
  weeks: SoldWeek[];
  reading: TrendReading | null;
  windowDays: number;
  /** The count listed today (the available search's), or null when the source gave none. */
  listedToday: number | null;
  currency: string;
};

/**
 * Issue 54: sold per week and the median sold price per week over the search's window, with the count listed today,
 * as a chart and as its table, and the one-line reading (the window's first third against its last, decision 083),
 * said only where the figures can say it. A week with too few sellers is shown as such, never as 0.
 */
export function TrendSection({ weeks, reading, windowDays, listedToday, currency }: TrendSectionProps) {
  const headingId = useId();
  const words = trendWords(reading, windowDays);
  // The thirds are whole days (decision 086): 10 of 30, 121 of 365.
  const third = Math.max(1, Math.floor(windowDays / 3));
  const price = (n: number) => formatPrice(n, currency);
  const most = Math.max(0, ...weeks.map((w) => w.sold ?? 0));
  const lastIndex = weeks.length - 1;
  const weekLabel = (w: SoldWeek, i: number) =>
    `${day(w.week)}${i === lastIndex ? ` ${m.trendPartialWeek}` : ''}`;
  const describe = (p: WeekPoint) => {
    const w = weeks.find((x) => x.week === p.week);
    return m.trendBar(
      day(p.week),
      p.value === null ? m.trendTooFew : m.trendSoldCount(p.value),
      w?.medianPrice != null ? price(w.medianPrice) : null,
    );
  };
  return (
    <Card data-testid="trend" aria-labelledby={headingId} role="region">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <h3 id={headingId} className="text-lg font-semibold leading-none tracking-tight">
              {m.trendTitle}
            </h3>
            <CardDescription>{m.trendSubtitle(windowDays)}</CardDescription>
          </div>
          {listedToday !== null && (
            <p className="rounded-md bg-muted/60 px-3 py-1.5 text-sm" data-testid="trend-listed-today">
              <span className="text-muted-foreground">{m.trendListedToday}: </span>
              <span className="font-semibold tabular-nums">{fullCount(listedToday)}</span>
            </p>
          )}
        </div>
        {words.length > 0 && reading && (
          <div className="pt-2">
            <p className="font-semibold" data-testid="trend-reading">
              {words.join(' · ')}
            </p>
            <p className="text-xs text-muted-foreground" data-testid="trend-reading-basis">
              {reading.pace ? m.trendCompares(third, reading.earlySold, reading.recentSold) : null}
              {reading.price && reading.earlyMedian !== null && reading.recentMedian !== null
                ? ` ${m.trendPriceCompares(price(reading.earlyMedian), price(reading.recentMedian))}`
                : null}
            </p>
          </div>
        )}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ChartOrTable
          testId="trend-tabs"
          chart={
            <>
              <figure className="space-y-1.5">
                <figcaption className="text-sm font-medium">{m.trendSold}</figcaption>
                <WeeklyBars
                  points={weeks.map((w) => ({ week: w.week, value: w.sold }))}
                  label={m.trendChartLabel(windowDays, weeks.length, most)}
                  describe={describe}
                  testId="trend-sold-chart"
                />
              </figure>
              <figure className="space-y-1.5">
                <figcaption className="text-sm font-medium">{m.trendPrice}</figcaption>
                <PriceLine weeks={weeks} currency={currency} label={priceLabel(weeks, price)} />
              </figure>
              {weeks.some((w) => w.sold === null) && (
                <p
                  className="flex items-center gap-2 text-xs text-muted-foreground"
                  data-testid="trend-too-few-legend"
                >
                  <span
                    className="inline-block size-3 rounded-sm bg-muted ring-1 ring-border"
                    aria-hidden="true"
                  />
                  {m.trendTooFewLegend}
                </p>
              )}
            </>
          }
          table={
            <div className="max-h-80 overflow-auto rounded-md border">
              <table className="w-full text-sm" data-testid="trend-table">
                <caption className="sr-only">{m.trendCaption(windowDays)}</caption>
                <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {m.trendWeek}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {m.trendSoldColumn}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {m.trendPriceColumn}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((w, i) => (
                    <tr key={w.week} className="border-t" data-week={w.week}>
                      <th scope="row" className="px-3 py-1.5 text-left font-normal">
                        {weekLabel(w, i)}
                      </th>
                      <td className="px-3 py-1.5 text-right tabular-nums" data-testid="trend-table-sold">
                        {w.sold === null ? <TooFew /> : fullCount(w.sold)}
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums" data-testid="trend-table-price">
                        {w.medianPrice !== null ? (
                          price(w.medianPrice)
                        ) : w.sold === null ? (
                          <TooFew />
                        ) : (
                          <span className="text-xs text-muted-foreground">{m.trendNoPrice}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
                {listedToday !== null && (
                  <tfoot className="border-t-2">
                    <tr>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {m.trendListedToday}
                      </th>
                      <td
                        className="px-3 py-2 text-right font-semibold tabular-nums"
                        data-testid="trend-table-listed"
                      >
                        {fullCount(listedToday)}
                      </td>
                      <td />
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
          }
        />
      </CardContent>
    </Card>
  );
}

const TooFew = () => <span className="text-xs text-muted-foreground">{m.trendTooFew}</span>;

function priceLabel(weeks: SoldWeek[], price: (n: number) => string): string {
  const prices = weeks.map((w) => w.medianPrice).filter((p): p is number => p !== null);
  return prices.length ? m.trendPriceChartLabel(price(Math.min(...prices)), price(Math.max(...prices))) : '';
}

/**
 * The seller panel's released sold count per week (issue 54), each with its likely error, compact: a week whose own
 * gate did not pass says "too few to say".
 */
export function ReleasedWeeks({ weekly }: { weekly: { week: string; sold: Estimate | null }[] }) {
  if (weekly.length === 0) return null;
  const describe = (p: WeekPoint) =>
    m.trendBar(
      day(p.week),
      p.value === null
        ? m.releaseTooFew
        : `${m.releaseAbout(fullCount(p.value))} ${m.releaseWithin(fullCount(p.error ?? 0))}`,
      null,
    );
  return (
    <div data-testid="panel-release-weekly">
      <h4 className="mb-2 text-sm font-semibold">{m.releaseWeekly}</h4>
      <ChartOrTable
        testId="panel-release-weekly-tabs"
        chart={
          <WeeklyBars
            points={weekly.map((w) => ({ week: w.week, value: w.sold?.value ?? null, error: w.sold?.error }))}
            label={m.releaseWeeklyCaption}
            describe={describe}
            height="h-20"
            testId="panel-release-weekly-chart"
          />
        }
        table={
          <div className="max-h-64 overflow-auto rounded-md border">
            <table className="w-full text-sm" data-testid="panel-release-weekly-table">
              <caption className="sr-only">{m.releaseWeeklyCaption}</caption>
              <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.trendWeek}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {m.releaseSold}
                  </th>
                </tr>
              </thead>
              <tbody>
                {weekly.map((w) => (
                  <tr key={w.week} className="border-t" data-week={w.week}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {day(w.week)}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">
                      {w.sold ? (
                        <>
                          {m.releaseAbout(fullCount(w.sold.value))}
                          <span className="sr-only">,</span>{' '}
                          <span className="whitespace-nowrap text-xs text-muted-foreground">
                            {m.releaseWithin(fullCount(w.sold.error))}
                          </span>
                        </>
                      ) : (
                        <span className="text-xs text-muted-foreground">{m.releaseTooFew}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        }
      />
    </div>
  );
}
