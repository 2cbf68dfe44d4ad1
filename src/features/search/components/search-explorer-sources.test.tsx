// Issue 28: before any search the Explorer shows what the route gives it about where the figures come from; once a
// search has answered, each card names its own source and the note goes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { availableBody, createFakeSupabase, ok, soldBody } from '../testing/fake-supabase';
import { SearchExplorer } from './search-explorer';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

it('shows the sources note under the empty state until a search answers', async () => {
  fake.current = createFakeSupabase();
  fake.current.answer({ available: ok(availableBody(10)), sold: ok(soldBody(5)) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SearchExplorer
          user={{ id: 'u1' }}
          onRequireLogin={() => {}}
          sourcesNote={<p>Where the figures come from: demo data</p>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getByText('Search for an item to see market data')).toBeInTheDocument();
  expect(screen.getByText('Where the figures come from: demo data')).toBeInTheDocument();
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/Item Name/), 'Levi 501');
  await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
  await u.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByTestId('sell-through-rate')).toBeInTheDocument();
  expect(screen.queryByText('Where the figures come from: demo data')).not.toBeInTheDocument();
});
