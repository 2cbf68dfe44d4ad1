import { useId, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { formatShortDay, fullCount, marketplaceLabel } from '../lib/labels';
import { filterNamesText } from '../lib/narrowing';
import { formatPrice } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  type Condition,
  type Estimate,
  type PanelRelease,
  type ShownPanelRelease,
} from '../schemas';
import { UsersIcon } from './icons';
import { ReleasedWeeks } from './trend';

export type PanelReleaseSectionProps = {
  release: PanelRelease;
  /** The condition searched for: the figures are this condition's, and its row of the ladder is marked. */
  condition: Condition;
  currency?: string;
};

/**
 * Issue 52: the seller panel's released figures (docs/decisions/080), apart from the exact figures above and never
 * added to them. Each figure says how sure it is ("about 140, within ±30") and how old it is; a figure that is not
 * released says "too few to say". Not released at all, it is one line that is the same whatever the panel holds.
 */
export function PanelReleaseSection({ release, condition, currency = 'USD' }: PanelReleaseSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="panel-release"
      className="rounded-lg border border-l-4 border-l-primary bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <UsersIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={headingId} className="text-base font-semibold leading-tight">
            {m.releaseTitle}
          </h3>
          {release.shown ? (
            <>
              <p className="text-sm text-muted-foreground">
                {release.item ? m.releaseItem(release.item, conditionLabels[condition]) : m.releaseSubtitle}
              </p>
              <p className="text-xs font-medium text-foreground" data-testid="panel-release-age">
                {ageText(release)}
              </p>
              <NotNarrowed release={release} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="panel-release-none">
              {release.item === null ? m.releaseNoItem : m.releaseNotYet}
            </p>
          )}
        </div>
      </div>
      {release.shown && <ReleasedFigures release={release} condition={condition} currency={currency} />}
    </section>
  );
}

/** The search's narrowing the release cannot answer (issue 54): said, never applied or left unsaid. */
function NotNarrowed({ release }: { release: PanelRelease }) {
  if (release.notNarrowedBy.length === 0) return null;
  return (
    <p className="text-xs text-foreground" data-testid="panel-release-not-narrowed">
      {m.releaseNotNarrowed(filterNamesText(release.notNarrowedBy))}
    </p>
  );
}

function ageText(release: PanelRelease): string {
  const through = formatShortDay(release.through) ?? release.through;
  const released = formatShortDay(release.releasedAt) ?? release.releasedAt;
  return m.releaseAge(release.weeks, through, released);
}

function ReleasedFigures({
  release,
  condition,
  currency,
}: {
  release: ShownPanelRelease;
  condition: Condition;
  currency: string;
}) {
  const through = formatShortDay(release.through) ?? release.through;
  const { sold, listed, sellThrough, prices, daysToSell } = release;
  // Whole dollars: a figure with noise in it has no cents worth reading.
  const price = (n: number) => formatPrice(Math.round(n), currency);
  return (
    <div className="mt-4 space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          testId="panel-release-sold"
          term={m.releaseSold}
          estimate={sold}
          note={m.releaseSoldNote(release.weeks)}
        />
        <Figure
          testId="panel-release-listed"
          term={m.releaseListed}
          estimate={listed}
          note={m.releaseListedNote(through)}
        />
        <Figure
          testId="panel-release-rate"
          term={m.releaseRate}
          estimate={sellThrough}
          percent
          note={m.releaseRateNote}
          missing={listed === null ? m.releaseRateNeedsListed : undefined}
          className="col-span-2 sm:col-span-1"
        />
        <Tile testId="panel-release-price" term={m.releasePrice}>
          {prices ? (
            <>
              <Value main={price(prices.median.value)}>
                {m.releasePriceLikely(price(prices.median.low), price(prices.median.high))}
              </Value>
              <Note>{m.releasePriceMiddle(price(prices.p25), price(prices.p75))}</Note>
            </>
          ) : (
            <TooFew />
          )}
        </Tile>
        <Tile testId="panel-release-days" term={m.releaseDays}>
          {daysToSell ? (
            <Value main={m.days(Math.round(daysToSell.value))}>
              {m.releaseDaysLikely(Math.round(daysToSell.low), Math.round(daysToSell.high))}
            </Value>
          ) : (
            <TooFew />
          )}
        </Tile>
      </dl>
      {sellThrough && sellThrough.value > 100 && (
        <p className="-mt-2 text-xs leading-snug text-foreground" data-testid="panel-release-above-100">
          {m.releaseAbove100}
        </p>
      )}

      <EstimateTable
        title={m.releaseByCondition}
        caption={m.releaseByConditionCaption}
        firstColumn="Condition"
        testId="panel-release-conditions"
        rows={conditions.map((c) => ({
          key: c,
          label: (
            <>
              {conditionLabels[c]}
              {c === condition && <span className="text-xs font-normal"> ({m.yourCondition})</span>}
            </>
          ),
          estimate: release.byCondition[c],
          current: c === condition,
        }))}
      />

      {release.byMarketplace.length > 0 ? (
        <EstimateTable
          title={m.releaseByMarketplace}
          caption={m.releaseByMarketplaceCaption}
          firstColumn="Marketplace"
          testId="panel-release-marketplaces"
          rows={[...release.byMarketplace]
            .sort((a, b) => b.sold.value - a.sold.value)
            .map((row) => ({
              key: row.marketplace,
              label: marketplaceLabel(row.marketplace),
              estimate: row.sold,
            }))}
        />
      ) : (
        <div>
          <h4 className="text-sm font-semibold">{m.releaseByMarketplace}</h4>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="panel-release-marketplaces-none">
            {m.releaseByMarketplaceNone}
          </p>
        </div>
      )}

      <ReleasedWeeks weekly={release.weekly} />

      <div className="space-y-2 border-t pt-3 text-xs leading-relaxed text-muted-foreground">
        {release.unusedWords.length > 0 && (
          <p className="text-sm text-foreground" data-testid="panel-release-unused">
            {m.releaseUnused(release.unusedWords.join(', '))}
          </p>
        )}
        <p data-testid="panel-release-how">
          {m.releaseHow}{' '}
          {/* A page load, not a client-side link, so the browser scrolls to the policy's part on the panel. */}
          <a
            href={`${paths.privacy}#sharing`}
            className="rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {m.releaseHowLink}
          </a>
        </p>
      </div>
    </div>
  );
}

function Tile({
  testId,
  term,
  children,
  className,
}: {
  testId: string;
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-md bg-muted/60 p-3', className)} data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** The figure, big, and its likely error beside it; a comma between them for a screen reader. */
function Value({ main, children }: { main: string; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-xl font-bold tabular-nums tracking-tight">{main}</span>
      <span className="sr-only">, </span>
      <span className="text-sm font-medium tabular-nums text-foreground">{children}</span>
    </p>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <span className="mt-0.5 block text-xs text-muted-foreground">{children}</span>
);

const TooFew = ({ children = m.releaseTooFew }: { children?: string }) => (
  <p className="text-sm font-semibold text-muted-foreground">{children}</p>
);

function Figure({
  testId,
  term,
  estimate,
  note,
  percent = false,
  missing,
  className,
}: {
  testId: string;
  term: string;
  estimate: Estimate | null;
  note: string;
  /** A rate in percent: its error is in points. */
  percent?: boolean;
  /** What to say instead of "too few to say" when the figure is missing for another reason. */
  missing?: string;
  className?: string;
}) {
  return (
    <Tile testId={testId} term={term} className={className}>
      {estimate ? (
        <Value main={m.releaseAbout(percent ? `${fullCount(estimate.value)}%` : fullCount(estimate.value))}>
          {percent
            ? m.releaseWithinPoints(fullCount(estimate.error))
            : m.releaseWithin(fullCount(estimate.error))}
        </Value>
      ) : (
        <TooFew>{missing}</TooFew>
      )}
      <Note>{note}</Note>
    </Tile>
  );
}

type EstimateRow = { key: string; label: ReactNode; estimate: Estimate | null; current?: boolean };

/** One released figure per row, with its error; "too few to say" where the row's own gate did not pass. */
function EstimateTable({
  title,
  caption,
  firstColumn,
  testId,
  rows,
}: {
  title: string;
  caption: string;
  firstColumn: string;
  testId: string;
  rows: EstimateRow[];
}) {
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
                {m.releaseSold}
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
                <th scope="row" className="px-2 py-2 text-left font-[inherit] sm:px-3">
                  {row.label}
                </th>
                <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                  {row.estimate ? (
                    <>
                      {m.releaseAbout(fullCount(row.estimate.value))}
                      <span className="sr-only">,</span>{' '}
                      <span className="whitespace-nowrap text-xs font-normal text-muted-foreground">
                        {m.releaseWithin(fullCount(row.estimate.error))}
                      </span>
                    </>
                  ) : (
                    <span className="text-xs font-normal text-muted-foreground">{m.releaseTooFew}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
