// Test helpers: the search feature's screens rendered as the app renders them, and a search typed as a user types it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import { SearchExplorer, type SearchExplorerProps } from '../components/search-explorer';
import { createFakeSupabase, type FakeSupabase } from './fake-supabase';

/**
 * Every test of the file starts with a new fake client in `fake` (the holder its vi.mock of '@/lib/supabase' reads),
 * answering as `prepare` says, and with no toast left from the test before; spies are put back after each test.
 */
export function startEachTestFresh(
  fake: { current: FakeSupabase | null },
  prepare: (client: FakeSupabase) => void = () => {},
) {
  beforeEach(() => {
    fake.current = createFakeSupabase();
    prepare(fake.current);
    resetToasts();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

export const testUser = { id: '00000000-0000-4000-8000-000000000001' };

/**
 * Renders `ui` inside what the app gives every screen: a query client that never retries (a failure shows at once),
 * a router opened at `initialEntries`, and the toasts.
 */
export function renderInApp(ui: ReactNode, { initialEntries }: { initialEntries?: string[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const inApp = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={initialEntries}>
        {children}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(inApp(ui));
  return { queryClient, rerender: (next: ReactNode) => view.rerender(inApp(next)) };
}

/** The Explorer for a signed-in user; `rerender` changes its props as a route would. */
export function renderExplorer(
  props: Partial<SearchExplorerProps> = {},
  { initialEntries }: { initialEntries?: string[] } = {},
) {
  const onRequireLogin = vi.fn();
  const explorer = (p: Partial<SearchExplorerProps>) => (
    <SearchExplorer user={testUser} onRequireLogin={onRequireLogin} {...p} />
  );
  const { queryClient, rerender } = renderInApp(explorer(props), { initialEntries });
  return {
    onRequireLogin,
    queryClient,
    rerender: (next: Partial<SearchExplorerProps>) => rerender(explorer(next)),
  };
}

/** Types an item name, picks a condition and presses Search. */
export async function fillAndSearch(itemName = 'zorblax jacket', condition = 'Pre-owned') {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/Item Name/), itemName);
  await u.selectOptions(screen.getByLabelText(/Condition/), condition);
  await u.click(screen.getByRole('button', { name: 'Search' }));
  return u;
}
