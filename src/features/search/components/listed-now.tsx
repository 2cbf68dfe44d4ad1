import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useListed, UnreadableListedError } from '../api/search-listed';
import { formatAge, fullCount } from '../lib/labels';
import { canonicalSearch, filterNamesText, unappliedNarrowing } from '../lib/narrowing';
import { searchErrorMessage, SearchFunctionError } from '../lib/search-errors';
import { searchMessages as m } from '../messages';
import type { ListedRow, SearchInput } from '../schemas';
import { ExternalIcon } from './icons';

export type ListedNowProps = {
  query: SearchInput;
  /** The headline has its answer: from then on a slow count shows as loading instead of leaving a gap. */
  headlineDone: boolean;
};

/**
 * Issue 22: each marketplace's own "listed now" count (eBay, Etsy), in a box of its own under the headline. Asked for
 * beside the headline search and never in its way: a failure here is this box's error, with its own retry. The counts
 * are not added to, compared with or divided by any other figure (eBay's licence, docs/decisions/055). Hidden when no
 * marketplace is configured.
 *
 * A search narrowed to a marketplace shows that marketplace's row alone (none: no box). The marketplaces' counts know
 * no size or price band (issue 54): a search narrowed by them says so under the rows.
 */
export function ListedNow({ query, headlineDone }: ListedNowProps) {
  const listed = useListed(query);
  const { marketplace } = canonicalSearch(query);
  const rows = listed.data?.rows.filter((row) => !marketplace || row.marketplace === marketplace) ?? [];
  const notNarrowed = unappliedNarrowing(query, ['size', 'price']);
  if (listed.isPending && !headlineDone) return null;
  if (listed.isSuccess && rows.length === 0) return null;

  return (
    <Card
      className="p-4 sm:p-5"
      aria-labelledby="listed-now-title"
      aria-busy={listed.isFetching || undefined}
      data-testid="listed-now"
      role="region"
    >
      <h3 id="listed-now-title" className="text-sm font-semibold">
        {m.listedTitle}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{m.listedNote}</p>
      {listed.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          {m.listedLoading}
        </p>
      ) : listed.isError ? (
        <div
          className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
          data-testid="listed-error"
        >
          <p className="font-medium text-destructive" role="alert">
            {listedErrorMessage(listed.error)}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={listed.isFetching}
            onClick={() => void listed.refetch()}
          >
            {m.retry}
          </Button>
        </div>
      ) : (
        <>
          <ul className="mt-3 divide-y rounded-md border text-sm">
            {rows.map((row) => (
              <ListedRowItem key={row.marketplace} row={row} />
            ))}
          </ul>
          {notNarrowed.length > 0 && (
            <p className="mt-2 text-xs text-muted-foreground" data-testid="listed-not-narrowed">
              {m.listedNotNarrowed(filterNamesText(notNarrowed))}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function ListedRowItem({ row }: { row: ListedRow }) {
  const age = row.status === 'ok' ? formatAge(row.asOf) : null;
  return (
    <li
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2.5"
      data-testid={`listed-${row.marketplace}`}
    >
      <div className="min-w-0">
        {row.status === 'ok' ? (
          <>
            <p className="font-semibold" data-testid="listed-figure">
              {row.label} · {m.listedWindow} ·{' '}
              <span className="tabular-nums">
                {m.about} {fullCount(row.count)}
              </span>
              {!row.conditionScoped && (
                <span className="font-normal text-muted-foreground"> {m.listedAllConditions}</span>
              )}
            </p>
            {age && <p className="text-xs text-muted-foreground">{m.listedAsOf(age)}</p>}
          </>
        ) : (
          <>
            <p className="font-semibold">
              {row.label} · {m.listedWindow}
            </p>
            <p className="text-xs text-muted-foreground" data-testid="listed-message">
              {row.message}
            </p>
          </>
        )}
      </div>
      <a
        href={row.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {m.listedSearchOn(row.label)} <span className="sr-only">{m.listedNewTab}</span>
        <ExternalIcon className="size-3.5" />
      </a>
    </li>
  );
}

function listedErrorMessage(error: unknown): string {
  if (error instanceof UnreadableListedError) return m.listedUnreadable;
  // The user's own limit, an expired session and a lost connection read as they do for the headline.
  if (error instanceof SearchFunctionError && (error.network || error.status === 429 || error.status === 401))
    return searchErrorMessage(error, 'available');
  return m.listedFailed;
}
