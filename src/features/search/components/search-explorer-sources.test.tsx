// Issue 28: before any search the Explorer shows what the route gives it about where the figures come from; once a
// search has answered, each card names its own source and the note goes.
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { availableBody, createFakeSupabase, ok, soldBody } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer } from '../testing/render-in-app';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

it('shows the sources note under the empty state until a search answers', async () => {
  fake.current = createFakeSupabase();
  fake.current.answer({ available: ok(availableBody(10)), sold: ok(soldBody(5)) });
  renderExplorer({ sourcesNote: <p>Where the figures come from: demo data</p> });
  expect(screen.getByText('Search for an item to see market data')).toBeInTheDocument();
  expect(screen.getByText('Where the figures come from: demo data')).toBeInTheDocument();
  await fillAndSearch('Levi 501');
  expect(await screen.findByTestId('sell-through-rate')).toBeInTheDocument();
  expect(screen.queryByText('Where the figures come from: demo data')).not.toBeInTheDocument();
});
