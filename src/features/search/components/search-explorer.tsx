import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  addressQuery,
  useSearchAddress,
  type AddressChange,
  type SearchAddress,
} from '../hooks/use-search-address';
import { useSearchFlow, type SearchUser } from '../hooks/use-search-flow';
import { fullCount, originLabel, searchedSources } from '../lib/labels';
import { canonicalSearch, filterNamesText, narrowingWords, unappliedNarrowing } from '../lib/narrowing';
import { headlineSellers } from '../lib/panel';
import { rateSample, readingRate, readResults, showsFigures, type Reading } from '../lib/reading';
import { formatCount } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  isCondition,
  type FilterName,
  type SearchFormInput,
  type SearchInput,
} from '../schemas';
import type { SearchRun } from '../hooks/use-search-flow';
import { DeeperLook } from './deeper-look';
import { EmptyState } from './empty-state';
import { LightbulbIcon, SearchIcon } from './icons';
import { ListedNow } from './listed-now';
import { MarketAnalysis } from './market-analysis';
import { AccountNeeded } from './account-needed';
import { NoComparables } from './no-comparables';
import { NoSoldDialog } from './no-sold-dialog';
import { NoSource } from './no-source';
import { PanelReleaseSection } from './panel-release';
import { QueryReadingNote } from './query-reading-note';
import { ResultCards } from './result-cards';
import { SaveSearchButton, SaveSearchPlaceholder } from './save-search-button';
import { SearchForm, type SizeFromQuery } from './search-form';
import { TrendSection } from './trend';
import { WithheldState } from './withheld-state';

export type SearchExplorerProps = {
  /** The signed-in user, or null for a visitor (searching then asks them to log in). */
  user: SearchUser;
  /** True while the first session lookup runs: a "Run again" link waits for it instead of bouncing to login. */
  authLoading?: boolean;
  /** Opens the login dialog (the route wires this to the auth feature). */
  /** Opens the login dialog; `pending` is the search a visitor just asked for (none from the account card). */
  onRequireLogin: (pending?: SearchInput) => void;
  /** ?q= of the address it opened on prefills the item name (later addresses it follows itself, decision 058). */
  initialItemName?: string;
  /** ?condition= preselects the condition; with ?q= it runs the search for a signed-in user (shared links). */
  initialCondition?: string;
  /**
   * The window and narrowing of the address it opened on (?window=, ?size=, ?min=, ?max=, ?market=; issue 54), as
   * readSearchAddress reads them: they fill the form and narrow the search a shared link runs.
   */
  initialNarrowing?: Partial<Omit<SearchFormInput, 'itemName' | 'condition'>>;
  /** Shown under an answer's market figures: the user's own history for the same search (the route composes it). */
  renderOwnHistory?: (query: SearchInput) => React.ReactNode;
  /** Shown under the empty state before any search: where the figures come from (the route composes it, issue 28). */
  sourcesNote?: React.ReactNode;
};

/** SPEC §2 and §4: the /thriftingexplorer screen. */
export function SearchExplorer({
  user,
  authLoading = false,
  onRequireLogin,
  initialItemName,
  initialCondition,
  initialNarrowing,
  renderOwnHistory,
  sourcesNote,
}: SearchExplorerProps) {
  const location = useLocation();
  const flow = useSearchFlow({ user, onRequireLogin });
  const { run, error } = flow;
  const condition = isCondition(initialCondition) ? initialCondition : undefined;
  const [autoRunPending, setAutoRunPending] = useState(Boolean(initialItemName?.trim() && condition));
  // A visitor's search waits for their login: the login dialog opens on submit, and the search runs once they are in.
  const [waitingForLogin, setWaitingForLogin] = useState<SearchInput | null>(null);
  const [resubmit, setResubmit] = useState<SearchInput | null>(null);
  if (user && waitingForLogin) {
    // Handed to the form exactly once (state adjusted while rendering, not in an effect: no extra pass, no loop).
    setResubmit(waitingForLogin);
    setWaitingForLogin(null);
  }

  // SPEC §2: the tool opens at the top, wherever the previous page was scrolled to. The page the visitor opened (the
  // router's first entry) stays where the browser and the visitor put it: its prerendered copy may have been scrolled
  // before the app started, and starting must not move it.
  const [navigatedHere] = useState(() => location.key !== 'default');
  useEffect(() => {
    if (navigatedHere) window.scrollTo(0, 0);
  }, [navigatedHere]);

  const resultsRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const searchButton = useCallback(
    () => panelRef.current?.querySelector<HTMLElement>('button[type=submit]') ?? null,
    [],
  );
  // Every search goes into the address bar; Back, Forward and links within the page bring others (decision 058).
  const address = useSearchAddress(onAddressChange);
  const [shown, setShown] = useState<SearchAddress | null>(null);
  function onAddressChange(next: SearchAddress, how: AddressChange) {
    setShown(next);
    setWaitingForLogin(null);
    const query = addressQuery(next);
    if (!query) {
      setAutoRunPending(false);
      flow.clear();
    } else if (how === 'history' && flow.restore(query)) {
      revealResults();
    } else if (!user) {
      // As a link opened afresh: the form shows the search, which runs once they log in.
      flow.clear();
      setAutoRunPending(true);
    } else {
      void submit(query);
    }
  }

  // Phones stack the panel above the results: bring the results into view, or the answer arrives off screen.
  const phoneLayout = () => window.matchMedia?.('(max-width: 1023px)').matches ?? false;
  const scrollBehavior = () =>
    window.matchMedia('(prefers-reduced-motion: reduce)').matches ? ('auto' as const) : ('smooth' as const);
  const revealResults = () => {
    if (!phoneLayout()) return;
    requestAnimationFrame(() =>
      resultsRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' }),
    );
  };
  const submit = (values: SearchInput) => {
    setAutoRunPending(false);
    setWaitingForLogin(user ? null : canonicalSearch(values));
    address.write(values);
    if (user) revealResults();
    return flow.search(values);
  };
  // The answer's bar on phones: back up to the form, caret at the end of the item name.
  const changeSearch = () => {
    const input = panelRef.current?.querySelector<HTMLInputElement>('input[name="itemName"]');
    panelRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    input?.focus({ preventScroll: true });
    input?.setSelectionRange(input.value.length, input.value.length);
  };

  const clearResubmit = useCallback(() => setResubmit(null), []);

  const complete = run?.available != null && run.sold != null && !run.failed;
  const reading = complete && run.available && run.sold ? readResults(run.available, run.sold) : null;
  const rate = readingRate(reading);
  const isDemo = Boolean(run?.available?.isDemo || run?.sold?.isDemo);
  const sellers =
    showsFigures(reading) && run?.available && run.sold ? headlineSellers(run.available, run.sold) : null;
  // The seller panel's released figures come with the sold answer, apart from its exact counts (issue 52), for the
  // search's own window (issue 54).
  const release = complete ? (run.sold?.panelRelease ?? null) : null;
  // A size the item name writes fills the form's size choice (issue 54), when the search asked for none of its own.
  const querySize = run && !run.query.size ? (run.available?.reading?.size ?? null) : null;
  const sizeFromQuery = useMemo<SizeFromQuery | null>(
    () => (run && querySize ? { itemName: run.query.itemName, size: querySize } : null),
    [run, querySize],
  );
  // Narrowing a source said it could not apply (eBay and a size): said beside the figures, never dropped silently.
  const unapplied = run
    ? unappliedNarrowing(run.query, [
        ...(run.available?.notNarrowedBy ?? []),
        ...(run.sold?.notNarrowedBy ?? []),
      ])
    : [];

  const announcement = flow.loadingAvailable
    ? m.loadingAvailable
    : flow.loadingSold
      ? m.loadingSold
      : reading && run
        ? `${announce(run, reading, querySize)}${notNarrowedWords(run, unapplied)}${releaseWords(run)}`
        : '';

  return (
    <div className="container py-8 md:py-12">
      {/* The tip spans the grid below it (issue 14 point 9); the heading and tagline keep a reading width. */}
      <header className="mb-8">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight md:text-4xl">{m.heading}</h1>
        <p className="mt-2 max-w-3xl text-lg text-muted-foreground md:text-xl">{m.tagline}</p>
        <p className="mt-4 flex items-start gap-2 rounded-md border border-accent bg-accent/60 px-3 py-2 text-sm text-accent-foreground">
          <LightbulbIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Tip:</strong> {m.tip}
          </span>
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        {/* A flex gap, not space-y: the account card hidden for a stored session leaves no gap above the form. */}
        <div ref={panelRef} className="flex scroll-mt-20 flex-col gap-4 lg:sticky lg:top-6">
          {/* Shown while the session is still being read too (and in the prerendered page), so a visitor's form never
              moves down when it turns out they are signed out; a browser holding a session (<html data-session>, set
              before the first paint) never shows it, so a signed-in reader's form never moves up either. */}
          {!user && <AccountNeeded onLogin={() => onRequireLogin()} hideIfStored={authLoading} />}
          <SearchForm
            defaultValues={{
              ...initialNarrowing,
              itemName: initialItemName ?? '',
              condition: condition ?? '',
            }}
            busy={flow.busy}
            onSubmit={submit}
            submitOnMount={autoRunPending && !authLoading && Boolean(user)}
            resubmit={resubmit}
            onResubmitDone={clearResubmit}
            shown={shown}
            sizeFromQuery={sizeFromQuery}
          />
        </div>

        <section
          ref={resultsRef}
          aria-labelledby="search-results-heading"
          // While an answer comes in, at least a screen tall: the footer stays below the fold instead of showing under
          // the loading cards and being pushed away by the answer (a layout shift, issue 54).
          className={cn('min-w-0 scroll-mt-20 space-y-4', flow.busy && 'min-h-screen')}
        >
          <h2 id="search-results-heading" className="sr-only">
            Market data
          </h2>
          <p className="sr-only" aria-live="polite" role="status">
            {announcement}
          </p>

          {error && (
            <Alert variant="destructive" data-testid="search-error">
              <AlertTitle>{m.errorTitle}</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
                <span>{error}</span>
                {run && !flow.busy && (
                  <Button variant="outline" size="sm" onClick={() => void submit(run.query)}>
                    {m.retry}
                  </Button>
                )}
              </AlertDescription>
            </Alert>
          )}

          {!run ? (
            <>
              <EmptyState />
              {sourcesNote}
            </>
          ) : (
            <>
              {/* On phones a compact bar: the form is far above a long answer, and Change search brings it back. */}
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 max-lg:rounded-lg max-lg:border max-lg:bg-muted/40 max-lg:p-3">
                <p className="min-w-0 text-sm text-muted-foreground" data-testid="searched-line">
                  Results for{' '}
                  <span className="break-words font-semibold text-foreground">“{run.query.itemName}”</span>
                  {[
                    conditionLabels[run.query.condition],
                    ...narrowingWords(run.query, { sizeFromQuery: querySize }),
                  ].map((part) => (
                    <span key={part}>
                      {' · '}
                      <span className="whitespace-nowrap">{part}</span>
                    </span>
                  ))}
                </p>
                <Button variant="outline" size="sm" className="lg:hidden" onClick={changeSearch}>
                  <SearchIcon />
                  {m.changeSearch}
                </Button>
                {user &&
                  run.available &&
                  run.sold &&
                  (showsFigures(reading) || reading?.kind === 'withheld') && (
                    <div className="ml-auto">
                      <SaveSearchButton
                        userId={user.id}
                        query={run.query}
                        figures={{
                          available: run.available.availableCount,
                          sold: run.sold.soldCount,
                          rate,
                          origin: run.sold.origin,
                          isDemo,
                          windowDays: run.sold.windowDays,
                        }}
                      />
                    </div>
                  )}
                {/* Its place while the answer comes in, so the bar never grows over the figures when it appears. */}
                {user && flow.busy && <SaveSearchPlaceholder className="ml-auto" />}
              </div>
              <QueryReadingNote reading={run.available?.reading ?? null} query={run.query} />
              {unapplied.length > 0 && run.available && (
                <p className="text-sm text-foreground" data-testid="not-narrowed">
                  {m.notNarrowed(originLabel(run.available.origin), filterNamesText(unapplied))}
                </p>
              )}

              {reading?.kind === 'no-source' ? (
                <NoSource />
              ) : reading?.kind === 'withheld' ? (
                <WithheldState query={run.query} available={run.available} sold={run.sold} />
              ) : reading?.kind === 'no-comparables' && run.available ? (
                <NoComparables
                  query={run.query}
                  sourceLabel={searchedSources(run.available, run.sold)}
                  suggestions={run.available.suggestions}
                  unusedWords={run.available.unusedWords}
                  reading={run.available.reading}
                />
              ) : reading?.kind === 'panel-only' ? (
                // The exact figures would be zeros beside the panel's sales: one line says what they found instead.
                <p
                  className="break-words rounded-lg border border-dashed bg-muted/30 px-4 py-3 text-sm"
                  data-testid="panel-only"
                >
                  {m.releaseOnly(run.query.itemName, conditionLabels[run.query.condition])}
                </p>
              ) : (
                <>
                  <ResultCards
                    run={run}
                    reading={reading}
                    loadingAvailable={flow.loadingAvailable}
                    loadingSold={flow.loadingSold}
                  />
                  {sellers !== null && run.sold && (
                    <p className="text-sm font-medium text-muted-foreground" data-testid="panel-source">
                      {m.sellersSource(sellers.origin, sellers.sellers, run.sold.windowDays)}
                    </p>
                  )}
                </>
              )}
              {/* Under the figures, once the answer is in: above them it pushed the loading cards down (issue 54). */}
              {isDemo && !flow.busy && (
                <p className="text-xs leading-relaxed text-muted-foreground" data-testid="demo-note">
                  <Badge variant="accent" className="mr-2" data-testid="demo-badge">
                    {m.demoBadge}
                  </Badge>
                  {m.demoExplanation}
                </p>
              )}

              {showsFigures(reading) && run.sold && run.sold.weeks.length > 0 && (
                <TrendSection
                  weeks={run.sold.weeks}
                  reading={run.sold.trendReading}
                  windowDays={run.sold.windowDays}
                  listedToday={run.available?.availableCount ?? null}
                  currency={run.sold.currency}
                />
              )}

              {release && reading && (
                <PanelReleaseSection
                  release={release}
                  condition={run.query.condition}
                  currency={run.sold?.currency}
                />
              )}

              <ListedNow query={run.query} headlineDone={!flow.busy} />

              {showsFigures(reading) && run.available && run.sold && (
                <>
                  {renderOwnHistory?.(run.query)}
                  <MarketAnalysis reading={reading} />
                  <DeeperLook query={run.query} available={run.available} sold={run.sold} reading={reading} />
                </>
              )}
            </>
          )}
        </section>
      </div>

      <NoSoldDialog open={flow.noSoldOpen} onOpenChange={flow.setNoSoldOpen} returnFocusTo={searchButton} />
    </div>
  );
}

/**
 * What a screen reader hears when a search finishes: the search as the searched line says it (its window and
 * narrowing, issue 54), then its figures. The panel alone says its weeks in its own words instead of the window.
 */
function announce(run: SearchRun, reading: Reading, sizeFromQuery: string | null): string {
  const asked = narrowingWords(run.query, { sizeFromQuery, window: reading.kind !== 'panel-only' });
  const head = `Results for ${[run.query.itemName, ...asked].join(', ')}:`;
  const available = run.available?.availableCount;
  const sold = run.sold?.soldCount;
  switch (reading.kind) {
    case 'no-source':
      return `${head} ${m.noSourceTitle.toLowerCase()}.`;
    case 'withheld':
      return `${head} ${m.withheldTitle.toLowerCase()}.`;
    case 'no-comparables':
      return `${head} ${m.noComparablesTitle.toLowerCase()}.`;
    case 'panel-only':
      return head;
    case 'sold-unknown':
      return `${head} ${formatCount(available)} available, ${m.soldUnavailableTitle.toLowerCase()}.`;
    case 'available-unknown':
      return `${head} ${m.availableUnknownTitle.toLowerCase()} available, ${formatCount(sold)} sold.`;
    case 'none-listed':
      return `${head} none listed, ${formatCount(reading.sold)} sold: ${m.noneListedSubtitle.toLowerCase()}.${thinWords(reading)}`;
    case 'rate':
      return `${head} ${formatCount(reading.available)} available, ${formatCount(reading.sold)} sold, sell-through ${reading.rate}%.${thinWords(reading)}`;
  }
}

/** The narrowing a source could not apply, as the line beside the figures says it. */
function notNarrowedWords(run: SearchRun, unapplied: FilterName[]): string {
  if (unapplied.length === 0 || !run.available) return '';
  return ` ${m.notNarrowed(originLabel(run.available.origin), filterNamesText(unapplied))}`;
}

/** The panel's sold figure, when it released one, after the exact figures' words. */
function releaseWords(run: SearchRun): string {
  const release = run.sold?.panelRelease;
  if (!release?.shown) return '';
  return ` ${m.releaseAnnounce(fullCount(release.sold.value), fullCount(release.sold.error), release.weeks)}`;
}

/** A verdict on a thin sample is announced with its words, as the card shows them (docs/decisions/057). */
function thinWords(reading: Reading): string {
  const sample = rateSample(reading);
  return sample?.thin ? ` ${m.sampleTooFew(sample.listed, sample.sold)}.` : '';
}
