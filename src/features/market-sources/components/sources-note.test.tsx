import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SourcesNote } from './sources-note';

const demoSite = {
  origins: ['demo'],
  searchReady: true,
  listed: [],
  panelMinSellers: 5,
  asOf: '2026-01-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('VITE_SUPABASE_URL', 'https://project.supabase.test/');
  fetchMock = vi.fn(async () => new Response(JSON.stringify(demoSite), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function tree(variant: 'explorer' | 'landing' | 'faq') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <SourcesNote variant={variant} />
    </QueryClientProvider>
  );
}

describe('where the figures come from', () => {
  it('prerenders the words true on any site, and keeps the space for this site’s own', () => {
    const html = renderToString(tree('explorer'));
    expect(html).toContain('Where the figures come from');
    expect(html).toContain('Each result names its source');
    expect(html).toContain('a demo market for trying the tool');
    // Nothing about this site before the function has answered: the prerendered page is true everywhere.
    expect(html).not.toContain('On this site now');
    expect(html).not.toContain('not live marketplaces');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names this site’s sources from market-sources once the app runs, without a key or supabase-js', async () => {
    render(tree('explorer'));
    const here = await screen.findByText('On this site now:');
    const list = within(here.parentElement!).getByRole('list');
    expect(list).toHaveTextContent('Demo data: generated for trying the tool, not live marketplaces.');
    expect(list).toHaveTextContent(
      'A demo figure shows only when at least 5 of its made-up sellers stand behind it.',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith('https://project.supabase.test/functions/v1/market-sources');
    expect(
      screen.getByRole('heading', { name: 'Where the figures come from', level: 3 }),
    ).toBeInTheDocument();
  });

  it('the FAQ variant is only this site’s lines (the answer above carries the general words)', async () => {
    render(tree('faq'));
    expect(await screen.findByText('On this site now:')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText(/Each result names its source/)).not.toBeInTheDocument();
  });

  it('says it could not check, rather than guessing, when the answer fails or cannot be read', async () => {
    fetchMock.mockImplementation(async () => new Response('{"origins":["somewhere"]}', { status: 200 }));
    render(tree('landing'));
    // After the one retry the query allows.
    expect(
      await screen.findByText(/Could not check this site's sources just now/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('On this site now:')).not.toBeInTheDocument();
  });
});
