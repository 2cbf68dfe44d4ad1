import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { SearchRun } from '../hooks/use-search-flow';
import { countText, formatAsOf, originLabel } from '../lib/labels';
import { rateSample, type Reading } from '../lib/reading';
import type { AvailableResult, SoldResult } from '../schemas';
import { rateTone, toneStyles } from '../lib/rate-tone';
import { aboveHundredWords, bandDisplay, formatCount } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import { FallingHearts, heartsLaneClearance } from './falling-hearts';
import { BagIcon, HeartIcon, InfoIcon, SnoozeIcon, TagIcon, TrendIcon } from './icons';
import { HeadlinePrice } from './headline-price';
import { SampleWords } from './thin-sample';

type StatCardProps = {
  title: string;
  subtitle: string;
  icon: ReactNode;
  loading: boolean;
  loadingText: string;
  titleExtra?: ReactNode;
  /** Source, window and time of the figure: every card says what it stands on (issue 10). */
  meta?: string | null;
  /** Decoration along the card's right edge (the SPEC's falling hearts): the card's words keep out of its lane. */
  lane?: ReactNode;
  children: ReactNode;
  className?: string;
  testId: string;
};

function StatCard({
  title,
  subtitle,
  icon,
  loading,
  loadingText,
  titleExtra,
  meta,
  lane,
  children,
  className,
  testId,
}: StatCardProps) {
  return (
    <Card
      className={cn('relative flex flex-col p-4 sm:p-5', className)}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {lane}
      {/* Beside a lane, the card's words and figures keep out of it. */}
      <div className={cn('flex flex-col', lane ? heartsLaneClearance : null)}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-muted-foreground">
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
        {meta && !loading && (
          <p
            className="mt-2 border-t pt-2 text-xs leading-snug text-muted-foreground"
            data-testid="card-meta"
          >
            {meta}
          </p>
        )}
      </div>
    </Card>
  );
}

const bigNumber = 'text-3xl font-bold tabular-nums tracking-tight';
const noValue = (
  <p className={cn(bigNumber, 'text-muted-foreground')} aria-label="No figure">
    —
  </p>
);

const metaLine = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

export type ResultCardsProps = {
  run: SearchRun;
  /** What the finished search says; null while it runs or after a failure. */
  reading: Reading | null;
  loadingAvailable: boolean;
  loadingSold: boolean;
};

/**
 * SPEC §2 result cards: Available, Sold and Sell-Through, each with its own loading state, source and window; under
 * them, once the answer is in, the median sold price (issue 28).
 */
export function ResultCards({ run, reading, loadingAvailable, loadingSold }: ResultCardsProps) {
  const { available, sold } = run;
  const windowDays = sold?.windowDays ?? 90;
  const rate = reading?.kind === 'rate' ? reading.rate : null;
  const band = rate === null ? null : bandDisplay(rate);
  // The product's own bands colour the rate: green where they call it good, amber where slow (issue 54).
  const tone = rate === null ? null : toneStyles[rateTone(rate)];
  // The Available and Sold cards are exact counts, not samples: only the rate's verdict can be thin (decision 057).
  const sample = rateSample(reading);
  // Beside a rate over 100%: its formula and why it can pass 100% (issue 54).
  const above =
    reading?.kind === 'rate' ? aboveHundredWords(reading.sold, reading.available, windowDays) : null;
  const aboveHundredId = useId();

  return (
    <div className="space-y-3 sm:space-y-4">
      {/* Phones: Available and Sold side by side, the rate (the answer) full width beneath them. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <CountCard side="available" answer={available} loading={loadingAvailable} />
        <CountCard side="sold" answer={sold} loading={loadingSold} />

        <StatCard
          testId="rate-card"
          title={m.rateTitle}
          subtitle={
            reading?.kind === 'none-listed'
              ? m.noneListedSubtitle
              : rate !== null && rate > 100
                ? m.above100Subtitle
                : m.rateSubtitle
          }
          icon={<TrendIcon />}
          loading={loadingAvailable || loadingSold}
          loadingText={m.loadingRate}
          className={cn('col-span-2 sm:col-span-1', tone?.card)}
          // Hearts above 35 (SPEC §9), in the card's lane; a new search rains them again.
          lane={band?.hearts ? <FallingHearts key={run.id} /> : null}
          titleExtra={
            band?.hearts ? (
              <HeartIcon
                className="size-4 fill-rose-500 text-rose-500"
                data-testid="rate-heart"
                aria-label={band.band === 'slow' ? m.nearSteadyLabel : 'Strong seller'}
                role="img"
                aria-hidden={false}
              />
            ) : null
          }
          meta={
            reading && sold && (reading.kind === 'rate' || reading.kind === 'none-listed')
              ? metaLine(originLabel(sold.origin), m.windowRate(windowDays))
              : null
          }
        >
          <RateValue
            reading={reading}
            windowDays={windowDays}
            figureClass={tone?.figure}
            aboveHundredId={aboveHundredId}
            sampleWords={
              sample?.thin ? (
                // Beside the figure where the card is wide (a phone's full-width card), under it where it is not.
                <SampleWords listed={sample.listed} sold={sample.sold} className="min-w-0 flex-1 basis-52" />
              ) : null
            }
          />
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
      {above && (
        // Right under the rate (the last card on a phone, the right-hand one on wider screens), full width: in the
        // narrow card of three it stretched the row to twice its height.
        <div
          id={aboveHundredId}
          className="flex gap-2 rounded-lg border bg-card px-4 py-3 text-sm leading-snug shadow-sm"
          data-testid="above-100-note"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="space-y-1">
            <p className="font-semibold tabular-nums" data-testid="above-100-formula">
              {above.formula}
            </p>
            <p data-testid="above-100">{above.why}</p>
          </div>
        </div>
      )}
      {reading && sold && !loadingSold && <HeadlinePrice sold={sold} />}
    </div>
  );
}

function RateValue({
  reading,
  windowDays,
  figureClass,
  aboveHundredId,
  sampleWords,
}: {
  reading: Reading | null;
  windowDays: number;
  /** The note under the cards that explains a rate over 100%. */
  aboveHundredId: string;
  /** The colour of the rate's band. */
  figureClass?: string;
  /** "Based on 1 listing and 1 sale: too few to judge", when the verdict stands on a thin sample. */
  sampleWords: ReactNode;
}) {
  if (!reading) return noValue;
  switch (reading.kind) {
    case 'rate':
      return (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p
            className={cn(bigNumber, figureClass)}
            data-testid="sell-through-rate"
            aria-describedby={reading.rate > 100 ? aboveHundredId : undefined}
          >
            {reading.rate}%
          </p>
          {sampleWords}
        </div>
      );
    case 'none-listed':
      return (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-xl font-bold leading-tight" data-testid="none-listed">
              {m.noneListedValue}
            </p>
            {sampleWords}
          </div>
          <p className="mt-2 text-xs leading-snug text-foreground" data-testid="none-listed-explanation">
            {m.noneListedExplanation(formatCount(reading.sold), windowDays)}
          </p>
        </>
      );
    case 'sold-unknown':
      return <p className="text-sm font-medium leading-snug text-muted-foreground">{m.rateUnavailable}</p>;
    case 'available-unknown':
      return <p className="text-sm font-medium leading-snug text-muted-foreground">{m.rateNeedsAvailable}</p>;
    default:
      return noValue;
  }
}

/** The Available and the Sold card: the same card for each side of the market. */
const countCards = {
  available: {
    title: m.availableTitle,
    subtitle: m.availableSubtitle,
    icon: <TagIcon />,
    loadingText: m.loadingAvailable,
    // What the card says when the source answered without a count.
    noCount: {
      testId: 'available-unknown',
      title: m.availableUnknownTitle,
      fallbackReason: m.availableUnknownFallbackReason,
    },
  },
  sold: {
    title: m.soldTitle,
    subtitle: m.soldSubtitle,
    icon: <BagIcon />,
    loadingText: m.loadingSold,
    noCount: {
      testId: 'sold-unavailable',
      title: m.soldUnavailableTitle,
      fallbackReason: m.soldUnavailableFallbackReason,
    },
  },
};

type CountCardProps = { loading: boolean } & (
  { side: 'available'; answer: AvailableResult | null } | { side: 'sold'; answer: SoldResult | null }
);

/**
 * The count, with its source, window and time; the panel's notice where it withholds the count; why there is no
 * count where the source answered without one; a dash before any answer.
 */
function CountCard(props: CountCardProps) {
  const { side, answer, loading } = props;
  const card = countCards[side];
  const [count, windowText] =
    props.side === 'available'
      ? [props.answer?.availableCount ?? null, m.windowListed]
      : [props.answer?.soldCount ?? null, props.answer && m.windowSold(props.answer.windowDays)];
  return (
    <StatCard
      testId={`${side}-card`}
      title={card.title}
      subtitle={card.subtitle}
      icon={card.icon}
      loading={loading}
      loadingText={card.loadingText}
      meta={answer && metaLine(originLabel(answer.origin), windowText, asOfText(answer.asOf))}
    >
      {!answer ? (
        noValue
      ) : count !== null ? (
        <p className={bigNumber} data-testid={`${side}-count`}>
          {countText(count, answer.approximate)}
        </p>
      ) : answer.panel?.withheld ? (
        <WithheldCard />
      ) : (
        <div data-testid={card.noCount.testId}>
          <p className="text-base font-semibold leading-snug">{card.noCount.title}</p>
          <p className="mt-1 text-xs text-muted-foreground">{answer.reason || card.noCount.fallbackReason}</p>
        </div>
      )}
    </StatCard>
  );
}

/** A count the seller panel withholds, on its card while the other call runs or after it failed: never a number. */
function WithheldCard() {
  return (
    <div data-testid="card-withheld">
      <p className="text-base font-semibold leading-snug">{m.notEnoughSellers}</p>
      <p className="mt-1 text-xs text-muted-foreground">{m.withheldCardNote}</p>
    </div>
  );
}

function asOfText(value: string | null): string | null {
  const when = formatAsOf(value);
  return when ? m.asOfShort(when) : null;
}
