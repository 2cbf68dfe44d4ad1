import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Asks once the page runs, before anything shows the answer: the FAQ's answer mounts only when opened, and by then the
 * lines are there rather than arriving under the reader's eyes. An effect, so the prerender never fetches; the fetcher
 * comes in its own chunk, as the lines do (components/this-site.tsx).
 */
export function usePrefetchMarketSources() {
  const client = useQueryClient();
  useEffect(() => {
    void import('./get-market-sources').then(({ marketSourcesQueryOptions }) =>
      client.prefetchQuery(marketSourcesQueryOptions()),
    );
  }, [client]);
}
