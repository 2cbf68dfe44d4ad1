import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatCount, formatDays, formatMoney, formatPercent, formatRoi } from '../lib/format';
import { partialFields, whyNoProfit } from '../lib/money';
import type { SalesSummary } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

type FiguresProps = {
  summary: SalesSummary;
  /** Dates or a marketplace narrow the figures. */
  filtered: boolean;
  importHref: string;
};

/** The overall figures: profit first (what resellers lead with), then sell-through, then the medians. */
export function SalesFigures({ summary, filtered, importHref }: FiguresProps) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-3">
        <ProfitCard summary={summary} />
        <SellThroughCard summary={summary} filtered={filtered} importHref={importHref} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MediansCards summary={summary} />
      </div>
      {summary.otherCurrencySales > 0 && (
        <p className="text-sm text-muted-foreground">
          {m.otherCurrencies(summary.otherCurrencySales, formatCount(summary.otherCurrencySales))}
        </p>
      )}
    </div>
  );
}

function FigureCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className="pb-2">
        <h2 className="text-base font-medium leading-none text-muted-foreground">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const noProfit = { prices: m.noSalePrices, cost: m.noCost, net: m.noNet, apart: m.netAndCostApart };

const bigFigure = 'text-3xl font-bold tabular-nums';
const note = 'mt-1 text-sm text-muted-foreground';

function ProfitCard({ summary }: { summary: SalesSummary }) {
  const { overall: o, currency } = summary;
  const money = (n: number) => formatMoney(n, currency);
  const why = whyNoProfit(o);
  const partial = partialFields(o);
  const of = formatCount(o.sales);

  // One line per step of the statement; a step no sale has says so, a step some sales have says how many.
  const steps: {
    label: string;
    hint?: string;
    value: number | null;
    sign: '' | '+' | '−';
    known: number;
    testId: string;
  }[] = [
    {
      label: m.revenueLabel,
      hint: m.revenueNote,
      value: o.revenue,
      sign: '',
      known: o.known.revenue,
      testId: 'sales-revenue',
    },
    {
      label: m.shippingLabel,
      value: o.shipping,
      sign: '+',
      known: o.known.shipping,
      testId: 'sales-shipping',
    },
    { label: m.feesLabel, value: o.fees, sign: '−', known: o.known.fees, testId: 'sales-fees' },
    { label: m.netLabel, hint: m.netNote, value: o.net, sign: '', known: o.known.net, testId: 'sales-net' },
    { label: m.costLabel, value: o.cost, sign: '−', known: o.known.cost, testId: 'sales-cost' },
  ];

  return (
    <FigureCard title={m.profitTitle} className="lg:col-span-2">
      <div className="grid gap-x-8 gap-y-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div>
          <p className={bigFigure} data-testid="sales-profit">
            {o.profit === null ? m.noFigure : money(o.profit)}
          </p>
          {o.profit !== null && <p className={note}>{m.profitFormula}</p>}
          {o.roi !== null && (
            <p className="mt-3 text-sm">
              <span className="text-lg font-semibold tabular-nums" data-testid="sales-roi">
                {m.roi(formatRoi(o.roi))}
              </span>{' '}
              <span className="text-muted-foreground">({m.roiFormula})</span>
            </p>
          )}
          {why && (
            <p className="mt-1 text-sm" data-testid="sales-profit-missing">
              {noProfit[why]}
            </p>
          )}
          {why === 'cost' && o.known.net === 0 && <p className="mt-1 text-sm">{m.noNet}</p>}
          {o.profit !== null && partial.length > 0 && o.known.profit < o.sales && (
            <p className={note}>{m.profitOver(formatCount(o.known.profit), of)}</p>
          )}
        </div>
        <dl className="divide-y text-sm">
          {steps.map((step) => (
            <div key={step.testId} className="flex items-baseline justify-between gap-3 py-1.5">
              <dt>
                <span className="font-medium">{step.label}</span>
                {step.hint && <span className="block text-xs text-muted-foreground">{step.hint}</span>}
              </dt>
              <dd className="shrink-0 text-right">
                {step.value === null ? (
                  <span className="text-muted-foreground" data-testid={step.testId}>
                    {m.notInImports}
                  </span>
                ) : (
                  <>
                    <span className="font-medium tabular-nums" data-testid={step.testId}>
                      {money(step.value)}
                    </span>
                    {step.known < o.sales && (
                      <span className="block text-xs text-muted-foreground">
                        {m.inSomeSales(formatCount(step.known), of)}
                      </span>
                    )}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </FigureCard>
  );
}

function SellThroughCard({ summary, filtered, importHref }: FiguresProps) {
  const { overall: o } = summary;
  // m.soldOfListed's words, with each count marked for the end-to-end tests.
  const counts = (
    <p className={note}>
      <span data-testid="sales-units-sold">{formatCount(o.unitsSold)}</span> sold ·{' '}
      <span data-testid="sales-units-listed">{formatCount(o.unitsListed)}</span> listed now
    </p>
  );
  return (
    <FigureCard title={m.sellThroughTitle}>
      {o.sellThrough === null ? (
        <>
          <p className="text-lg font-semibold leading-snug" data-testid="sales-sell-through">
            {m.noListings}
          </p>
          {counts}
          <p className={note}>{m.noListingsWhy(filtered)}</p>
          <Link
            to={importHref}
            className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {m.importListings}
          </Link>
        </>
      ) : (
        <>
          <p className={bigFigure} data-testid="sales-sell-through">
            {formatPercent(o.sellThrough)}
          </p>
          {counts}
          <p className={cn(note, 'text-xs')}>= {m.sellThroughFormula}</p>
          {o.sellThrough > 100 && <p className="mt-2 text-sm">{m.overHundred}</p>}
        </>
      )}
    </FigureCard>
  );
}

function MediansCards({ summary }: { summary: SalesSummary }) {
  const { overall: o, currency } = summary;
  const money = (n: number) => formatMoney(n, currency);
  return (
    <>
      <FigureCard title={m.medianPriceTitle}>
        <p className={bigFigure} data-testid="sales-median-price">
          {o.medianPrice === null ? m.noFigure : money(o.medianPrice)}
        </p>
        <p className={note}>{o.medianPrice === null ? m.noPrices : m.medianPriceNote}</p>
        {o.p25Price !== null && o.p75Price !== null && (
          <p className={note}>{m.middleHalf(money(o.p25Price), money(o.p75Price))}</p>
        )}
      </FigureCard>
      <FigureCard title={m.medianDaysTitle}>
        <p className={bigFigure} data-testid="sales-median-days">
          {o.medianDaysToSell === null ? m.noFigure : formatDays(o.medianDaysToSell)}
        </p>
        <p className={note}>{o.medianDaysToSell === null ? m.noListingDates : m.medianDaysNote}</p>
      </FigureCard>
    </>
  );
}
