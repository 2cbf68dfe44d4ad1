import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dismissToast, toast } from '@/components/ui/toast';
import { savedSearchKey, savedSearchQuery, useSavedSearches } from '../api/get-saved-searches';
import { useSaveSearch, type SavedSearchFigures } from '../api/save-search';
import { searchMessages as m } from '../messages';
import type { SearchInput } from '../schemas';
import { BookmarkIcon, CheckIcon } from './icons';

/** Signed-in users keep a search, with the figures they just saw, for their account page. */
export function SaveSearchButton({
  userId,
  query,
  figures,
}: {
  userId: string;
  query: SearchInput;
  figures: SavedSearchFigures;
}) {
  const saved = useSavedSearches(userId);
  const save = useSaveSearch();
  // The whole search: the same item with another window or narrowing is another saved search (issue 54).
  const key = savedSearchKey(query);
  const isSaved = saved.data?.some((s) => savedSearchKey(savedSearchQuery(s)) === key) ?? false;
  // 'Search saved' belongs to the search it confirms: the next search (or leaving the page) takes it away, so it never
  // sits over the next result. The button's own 'Saved' state stays as the lasting confirmation.
  const savedToast = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (savedToast.current !== null) dismissToast(savedToast.current);
      savedToast.current = null;
    },
    [key],
  );

  if (isSaved) {
    return (
      <Button variant="outline" size="sm" disabled data-testid="search-saved">
        <CheckIcon />
        {m.savedSearch}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { ...query, figures },
          {
            onSuccess: () => {
              savedToast.current = toast({
                title: m.saveSearchSuccess,
                description: m.saveSearchSuccessBody,
                duration: 3000,
              });
            },
            onError: () =>
              toast({ title: m.errorTitle, description: m.saveSearchFailed, variant: 'destructive' }),
          },
        )
      }
    >
      <BookmarkIcon />
      {save.isPending ? m.savingSearch : m.saveSearch}
    </Button>
  );
}

/** The button's size, unseen (and so out of the accessibility tree and the tab order), for an answer still coming in. */
export function SaveSearchPlaceholder({ className }: { className?: string }) {
  return (
    <Button variant="outline" size="sm" className={cn('invisible', className)} tabIndex={-1}>
      <BookmarkIcon />
      {m.saveSearch}
    </Button>
  );
}
