import { useCallback, useRef, useState } from 'react';
import { dismissToast, toast } from '@/components/ui/toast';
import { logSearchQuietly, type SearchLogRecord } from '../api/log-search';
import { useUpdateSavedSearchFigures } from '../api/save-search';
import { searchAvailable } from '../api/search-available';
import { searchSold } from '../api/search-sold';
import { mergeAvailable, mergeSold, withRate, type SearchResults } from '../lib/merge';
import { canonicalSearch, searchIdentity } from '../lib/narrowing';
import { logErrorMessage, searchErrorMessage, type SearchType } from '../lib/search-errors';
import { readingRate, readResults } from '../lib/reading';
import { searchMessages as m } from '../messages';
import type { AvailableResult, SearchInput, SoldResult } from '../schemas';

export type SearchUser = { id: string } | null | undefined;

/** One submitted search: what was asked and what each call answered (null until it answers, or if it failed). */
export type SearchRun = {
  id: number;
  query: SearchInput;
  available: AvailableResult | null;
  sold: SoldResult | null;
  /** Which step failed; 'unexpected' for anything outside the two calls. No rate is shown for a failed run. */
  failed: SearchType | 'unexpected' | null;
};

const MAX_LOGGED_ERROR = 500;
/** Finished answers kept for Back and Forward while the Explorer is open (decision 058). */
const KEPT_RUNS = 20;
// Per user: after a logout and another login on the same page, Back never shows the previous account's answers. A
// search is its item, condition, window and narrowing (issue 54).
const runKey = (userId: string, query: SearchInput) => `${userId}|${searchIdentity(query)}`;

/**
 * SPEC §4 search flow: anonymous users are sent to log in; otherwise available then sold, each with its own
 * loading state, merged into the results, a log row after each call, and the no-sold dialog on a real 0.
 */
export function useSearchFlow({
  user,
  onRequireLogin,
}: {
  user: SearchUser;
  /** Gets the search the visitor asked for, so that it can outlive a sign-up (its email link returns to it). */
  onRequireLogin: (pending?: SearchInput) => void;
}) {
  const [results, setResults] = useState<SearchResults | null>(null);
  const [run, setRun] = useState<SearchRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingAvailable, setLoadingAvailable] = useState(false);
  const [loadingSold, setLoadingSold] = useState(false);
  const [noSoldOpen, setNoSoldOpen] = useState(false);
  const runIds = useRef(0);
  // The run on screen. One that Back, Forward or a newer search took off the screen finishes quietly: its calls are
  // still logged and kept, but it no longer moves the loading states, the error or the no-sold dialog.
  const onScreen = useRef(0);
  const finished = useRef(new Map<string, SearchRun>());
  const loginPrompt = useRef<number | null>(null);
  const { mutate: refreshSaved } = useUpdateSavedSearchFigures();

  const patchRun = (id: number, patch: Partial<SearchRun>) =>
    setRun((current) => (current && current.id === id ? { ...current, ...patch } : current));

  const fail = useCallback((id: number, type: SearchType, input: SearchInput, cause: unknown) => {
    const message = searchErrorMessage(cause, type);
    void logSearchQuietly(logRecord(input, type, null, logErrorMessage(cause)));
    patchRun(id, { failed: type });
    if (onScreen.current !== id) return;
    setError(message);
    toast({ title: m.errorToastTitle, description: message, variant: 'destructive' });
  }, []);

  const search = useCallback(
    async (values: SearchInput) => {
      if (!user) {
        loginPrompt.current = toast({ title: m.authRequiredTitle, description: m.authRequiredBody });
        onRequireLogin(canonicalSearch(values));
        return;
      }
      // Signed in now: 'Authentication Required' from before the login no longer applies.
      if (loginPrompt.current !== null) {
        dismissToast(loginPrompt.current);
        loginPrompt.current = null;
      }
      const input: SearchInput = canonicalSearch(values);
      const id = ++runIds.current;
      onScreen.current = id;
      const live = () => onScreen.current === id;
      try {
        setError(null);
        setRun({ id, query: input, available: null, sold: null, failed: null });

        // One call of the two: its loading state while it runs, and its failure reported once.
        const call = async <T>(type: SearchType, fetch: (input: SearchInput) => Promise<T>) => {
          const setLoading = type === 'available' ? setLoadingAvailable : setLoadingSold;
          if (live()) setLoading(true);
          try {
            return await fetch(input);
          } catch (cause) {
            fail(id, type, input, cause);
            return null;
          } finally {
            if (live()) setLoading(false);
          }
        };

        const available = await call('available', searchAvailable);
        // The sold count would come from the same source and fail the same way: one error, not two.
        if (!available) return;
        // A source that answered without a count of listings: unknown, never merged in as 0.
        const availableCount = available.availableCount;
        if (availableCount !== null) setResults((previous) => mergeAvailable(previous, availableCount));
        patchRun(id, { available });
        void logSearchQuietly(
          countRecord(input, 'available', availableCount, available.reason || 'source gave no count'),
        );

        const sold = await call('sold', searchSold);
        if (!sold) return;
        // A source that cannot count sold items answers null: never merge that in as zero sales.
        const soldCount = sold.soldCount;
        if (soldCount !== null) setResults((previous) => mergeSold(previous, soldCount));
        patchRun(id, { sold });
        keep(user.id, { id, query: input, available, sold, failed: null });
        void logSearchQuietly(
          countRecord(input, 'sold', soldCount, sold.reason || 'source cannot count sold items'),
        );

        const reading = readResults(available, sold);
        const rate = readingRate(reading);
        if (rate !== null) setResults((previous) => withRate(previous, rate));
        // SPEC §2's dialog is for a real 0 sold beside listings (or beside a count the source did not give). An empty
        // market, an empty index and a count the seller panel withholds have their own states, and beside the panel's
        // released sales "No Sold Items Found" would be untrue (issue 52).
        if (
          live() &&
          sold.soldCount === 0 &&
          !sold.panelRelease?.shown &&
          (reading.kind === 'rate' || reading.kind === 'available-unknown')
        )
          setNoSoldOpen(true);
        if (
          reading.kind === 'no-comparables' ||
          reading.kind === 'no-source' ||
          reading.kind === 'panel-only'
        )
          return;
        refreshSaved(
          {
            ...input,
            figures: {
              available: available.availableCount,
              sold: sold.soldCount,
              rate,
              origin: sold.origin,
              isDemo: available.isDemo || sold.isDemo,
              windowDays: sold.windowDays,
            },
          },
          { onError: (cause) => console.warn('Could not refresh the saved search figures', cause) },
        );
      } catch {
        patchRun(id, { failed: 'unexpected' });
        if (live()) setError(m.errorUnexpected);
      }
    },
    [user, onRequireLogin, fail, refreshSaved],
  );

  const keep = (userId: string, done: SearchRun) => {
    const kept = finished.current;
    kept.delete(runKey(userId, done.query));
    kept.set(runKey(userId, done.query), done);
    if (kept.size > KEPT_RUNS) kept.delete(kept.keys().next().value!);
  };

  /** Shows a finished answer to this search again, without calling or logging anything; false if none is kept. */
  const restore = useCallback(
    (query: SearchInput) => {
      const kept = user ? finished.current.get(runKey(user.id, query)) : undefined;
      if (!kept) return false;
      onScreen.current = kept.id;
      setRun(kept);
      setError(null);
      setLoadingAvailable(false);
      setLoadingSold(false);
      setNoSoldOpen(false);
      return true;
    },
    [user],
  );

  /** Back to no answer at all (the address names no search). */
  const clear = useCallback(() => {
    onScreen.current = 0;
    setRun(null);
    setError(null);
    setLoadingAvailable(false);
    setLoadingSold(false);
    setNoSoldOpen(false);
  }, []);

  return {
    search,
    restore,
    clear,
    results,
    run,
    error,
    loadingAvailable,
    loadingSold,
    busy: loadingAvailable || loadingSold,
    noSoldOpen,
    setNoSoldOpen,
  };
}

/**
 * The log row of a call that answered: its count, or, when the source answered without one, no count and why (never
 * a zero result).
 */
function countRecord(input: SearchInput, type: SearchType, count: number | null, noCountReason: string) {
  return count === null
    ? logRecord(
        input,
        type,
        null,
        `${type === 'available' ? 'Available' : 'Sold'} count unavailable: ${noCountReason}`,
      )
    : logRecord(input, type, count, null);
}

/** A marketplace_search_logs row: a count for a success, the cause (and no count) for anything else. */
function logRecord(
  input: SearchInput,
  type: SearchType,
  count: number | null,
  errorMessage: string | null,
): SearchLogRecord {
  const success = count !== null && errorMessage === null;
  return {
    search_term: input.itemName,
    condition: input.condition,
    search_type: type,
    result_count: success ? count : 0,
    is_zero_result: success && count === 0,
    api_success: success,
    error_message: success ? null : (errorMessage ?? 'No count returned').slice(0, MAX_LOGGED_ERROR),
  };
}
