import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listedQueryOptions, parseListed } from '../api/search-listed';
import type { SearchInput } from '../schemas';
import { listedRow } from '../testing/fake-supabase';
import { ListedNow } from './listed-now';

// The rows are put in the cache as search-listed answered them: nothing here may call the function.
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => {
    throw new Error('search-listed was called');
  },
}));

const rows = [
  listedRow(),
  listedRow({ marketplace: 'etsy', label: 'Etsy', count: 532, url: 'https://www.etsy.com/search?q=x' }),
];

function renderListed(query: SearchInput) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(listedQueryOptions(query).queryKey, parseListed({ rows }));
  render(
    <QueryClientProvider client={client}>
      <ListedNow query={query} headlineDone />
    </QueryClientProvider>,
  );
}

const base: SearchInput = { itemName: 'zorblax jacket', condition: 'pre_owned' };

describe('the live "listed now" rows of a narrowed search (issue 54)', () => {
  it('says nothing of narrowing for a plain search, or one with only a window', () => {
    renderListed({ ...base, windowDays: 365 });
    const box = screen.getByTestId('listed-now');
    expect(within(box).getByTestId('listed-ebay')).toBeInTheDocument();
    expect(within(box).getByTestId('listed-etsy')).toBeInTheDocument();
    expect(screen.queryByTestId('listed-not-narrowed')).not.toBeInTheDocument();
  });

  it('says under the rows that they cover every size and price band', () => {
    renderListed({ ...base, size: 'M', priceMin: 20 });
    expect(screen.getByTestId('listed-not-narrowed')).toHaveTextContent(
      'Not narrowed by size and price band: each count covers every size and price band.',
    );
    expect(screen.getAllByTestId('listed-figure')).toHaveLength(2);
  });

  it("shows the asked marketplace's row alone, which needs no word", () => {
    renderListed({ ...base, marketplace: 'etsy' });
    const box = screen.getByTestId('listed-now');
    expect(within(box).queryByTestId('listed-ebay')).not.toBeInTheDocument();
    expect(within(box).getByTestId('listed-etsy')).toHaveTextContent('about 532');
    expect(screen.queryByTestId('listed-not-narrowed')).not.toBeInTheDocument();
  });

  it('says only what it could not apply beside a marketplace', () => {
    renderListed({ ...base, marketplace: 'ebay', priceMax: 50 });
    expect(screen.getByTestId('listed-ebay')).toBeInTheDocument();
    expect(screen.queryByTestId('listed-etsy')).not.toBeInTheDocument();
    expect(screen.getByTestId('listed-not-narrowed')).toHaveTextContent(
      'Not narrowed by price band: each count covers every price band.',
    );
  });

  it('shows no box for a marketplace with no live count', () => {
    renderListed({ ...base, marketplace: 'poshmark', size: 'M' });
    expect(screen.queryByTestId('listed-now')).not.toBeInTheDocument();
  });
});
