import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { articleQueryOptions } from './get-article';

/**
 * Starts the article read when a reader points at or focuses a link to it, so the page usually opens without its
 * loading state. Already cached articles are not fetched again.
 */
export function usePrefetchArticle() {
  const queryClient = useQueryClient();
  return useCallback(
    (slug: string) => void queryClient.prefetchQuery(articleQueryOptions(slug)),
    [queryClient],
  );
}
