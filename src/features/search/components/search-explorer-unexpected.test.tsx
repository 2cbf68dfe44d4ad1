// SPEC §4: any failure outside the two calls (a bug, not a network problem) still ends in a clear message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { availableBody, createFakeSupabase, ok, soldBody } from '../testing/fake-supabase';
import { SearchExplorer } from './search-explorer';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));
// The flow's own rate calculation fails once; the tables drawn afterwards use the real one.
vi.mock('../lib/sell-through', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/sell-through')>();
  let calls = 0;
  return {
    ...original,
    sellThroughRate: (sold: number, available: number) => {
      if (++calls === 1) throw new Error('arithmetic went wrong');
      return original.sellThroughRate(sold, available);
    },
  };
});

it("shows 'An error occurred during search. Please try again.' for an unexpected failure", async () => {
  fake.current = createFakeSupabase();
  fake.current.answer({ available: ok(availableBody(10)), sold: ok(soldBody(5)) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SearchExplorer user={{ id: 'u1' }} onRequireLogin={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/Item Name/), 'Levi 501');
  await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
  await u.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByTestId('search-error')).toHaveTextContent(
    'An error occurred during search. Please try again.',
  );
  // No half-computed reading next to the error.
  expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
  expect(screen.queryByTestId('market-analysis')).not.toBeInTheDocument();
});
