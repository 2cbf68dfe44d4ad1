import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import { createFakeSupabase } from '../testing/fake-supabase';
import type { SearchInput } from '../schemas';
import { SaveSearchButton } from './save-search-button';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const figures = { available: 10, sold: 5, rate: 50, origin: 'demo', isDemo: true, windowDays: 90 } as const;

function Harness({ query }: { query: SearchInput }) {
  return <SaveSearchButton userId="u1" query={query} figures={figures} />;
}

beforeEach(() => {
  fake.current = createFakeSupabase();
  resetToasts();
});

describe('SaveSearchButton', () => {
  it("confirms with 'Search saved', and the next search takes that toast away", async () => {
    let rows: Record<string, unknown>[] = [];
    fake.current!.onTable(({ ops }) => {
      const insert = ops.find(([op]) => op === 'insert');
      if (insert) {
        const row = { id: 'n1', ...(insert[1][0] as object) };
        rows = [row];
        return { data: row, error: null };
      }
      return { data: rows, error: null };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first: SearchInput = { itemName: 'Patagonia fleece', condition: 'pre_owned' };
    const view = render(
      <QueryClientProvider client={client}>
        <Harness query={first} />
        <Toaster />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();

    view.rerender(
      <QueryClientProvider client={client}>
        <Harness query={{ itemName: 'Nike Air Max 90', condition: 'new_with_tags' }} />
        <Toaster />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByText('Search saved')).not.toBeInTheDocument());
  });
});
