import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { savedSearchQuery, useSavedSearches, type SavedSearch } from '../api/get-saved-searches';
import { useRestoreSavedSearch } from '../api/restore-saved-search';
import { searchHref } from '../hooks/use-search-address';
import { originLabel } from '../lib/labels';
import { narrowingWords } from '../lib/narrowing';
import { formatCount } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import { conditionLabels } from '../schemas';
import { BookmarkIcon } from './icons';

/** The link that re-runs a saved search on the Thrifting Explorer: its item, condition, window and narrowing. */
export const savedSearchHref = (s: Parameters<typeof savedSearchQuery>[0]) => searchHref(savedSearchQuery(s));

/** The account page's 'Saved searches' section: latest figures, a link that runs it again, and delete. */
export function SavedSearchesList({ userId }: { userId: string }) {
  const saved = useSavedSearches(userId);
  const remove = useDeleteSavedSearch();
  const restore = useRestoreSavedSearch();

  // Deleting takes effect at once; the toast offers Undo, which puts the same row back.
  const onDelete = (s: SavedSearch) =>
    remove.mutate(s.id, {
      onSuccess: () =>
        toast({
          title: m.savedDeleted,
          description: s.item_name,
          action: {
            label: m.savedUndo,
            onClick: () =>
              restore.mutate(s, {
                onSuccess: () => toast({ title: m.savedRestored, description: s.item_name }),
                onError: () =>
                  toast({ title: m.errorTitle, description: m.savedRestoreFailed, variant: 'destructive' }),
              }),
          },
        }),
      onError: () =>
        toast({
          title: m.errorTitle,
          description: m.savedDeleteFailed,
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">
          <BookmarkIcon className="size-5 text-primary" />
          {m.savedTitle}
        </h2>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={saved.isPending || undefined}>
        {saved.isPending ? (
          <p className="text-sm text-muted-foreground">{m.savedLoading}</p>
        ) : saved.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{m.errorTitle}</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
              <span>{m.savedLoadFailed}</span>
              <Button variant="outline" size="sm" onClick={() => void saved.refetch()}>
                {m.retry}
              </Button>
            </AlertDescription>
          </Alert>
        ) : saved.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {m.savedEmpty}{' '}
            <Link to={paths.search} className="font-medium text-primary underline-offset-4 hover:underline">
              Open the Thrifting Explorer
            </Link>
          </p>
        ) : (
          <ul className="divide-y" data-testid="saved-searches">
            {saved.data.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold">{s.item_name}</p>
                  <p className="text-sm text-muted-foreground" data-testid="saved-search-what">
                    {[
                      conditionLabels[s.condition],
                      ...narrowingWords(savedSearchQuery(s), { window: false }),
                    ].join(' · ')}
                  </p>
                  <p className="mt-1 text-sm tabular-nums">
                    {s.last_available === null ? (
                      m.savedNotRunYet
                    ) : (
                      <>
                        <span>{formatCount(s.last_available)} available</span>
                        {' · '}
                        <span>
                          {s.last_sold === null ? 'sold unknown' : `${formatCount(s.last_sold)} sold`}
                        </span>
                        {s.last_rate !== null && (
                          <>
                            {' · '}
                            <span className="font-semibold">{s.last_rate}% sell-through</span>
                          </>
                        )}
                      </>
                    )}
                  </p>
                  {s.last_available !== null && (
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      {s.is_demo && (
                        <span
                          className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 font-semibold text-amber-900"
                          data-testid="saved-demo-badge"
                        >
                          {m.sourceLabels.demo}
                        </span>
                      )}
                      <span data-testid="saved-source">{savedSourceText(s)}</span>
                    </p>
                  )}
                  <p className="text-xs text-muted-foreground">{m.savedUpdated(formatDate(s.updated_at))}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link
                    to={savedSearchHref(s)}
                    className={cn(buttonVariants({ size: 'sm' }))}
                    aria-label={`${m.savedRunAgain}: ${s.item_name}`}
                  >
                    {m.savedRunAgain}
                  </Link>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending && remove.variables === s.id}
                    aria-label={`${m.savedDelete}: ${s.item_name}`}
                    onClick={() => onDelete(s)}
                  >
                    {m.savedDelete}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Demo data · sold in the last 90 days', or 'Source not recorded' for rows saved before sources were kept. */
function savedSourceText(s: SavedSearch): string {
  if (!s.origin || s.window_days === null) return m.savedSourceUnknown;
  return m.savedSource(originLabel(s.origin), m.windowSold(s.window_days));
}

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
