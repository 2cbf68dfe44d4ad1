// SPEC §4: any failure outside the two calls (a bug, not a network problem) still ends in a clear message.
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { availableBody, createFakeSupabase, ok, soldBody } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer } from '../testing/render-in-app';

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
  renderExplorer();
  await fillAndSearch('Levi 501');
  expect(await screen.findByTestId('search-error')).toHaveTextContent(
    'An error occurred during search. Please try again.',
  );
  // No half-computed reading next to the error.
  expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
  expect(screen.queryByTestId('market-analysis')).not.toBeInTheDocument();
});
