import type { SalesFilters } from '../lib/summary-types';

// One key factory for the sales feature, so an import can invalidate every figure it changes through `all`.
export const salesKeys = {
  all: ['sales'] as const,
  summaries: () => [...salesKeys.all, 'summary'] as const,
  summary: (userId: string, filters: SalesFilters) =>
    [...salesKeys.summaries(), userId, filters.from, filters.to, filters.marketplace] as const,
  history: (userId: string, query: string, condition: string) =>
    [...salesKeys.all, 'history', userId, query, condition] as const,
  // Under `all` too: an import or a deletion changes how many items are shared.
  sharing: (userId: string) => [...salesKeys.all, 'sharing', userId] as const,
};
