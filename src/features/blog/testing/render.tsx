import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import type { BlogArticle } from '../schemas';

/**
 * Renders a blog page with its reads already answered in the React Query cache, the way they arrive from the REST
 * API. Fresh cached data is never refetched, so nothing here reaches the network.
 */
export function renderWithCache(
  ui: ReactNode,
  options: { path: string; route: string; cache?: [readonly unknown[], unknown][] },
) {
  const queryClient = createQueryClient();
  for (const [key, data] of options.cache ?? []) queryClient.setQueryData(key, data);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path]}>
        <Routes>
          <Route path={options.route} element={ui} />
          <Route path="/blog" element={<p>Blog list page</p>} />
          <Route path="/blog/:slug" element={<p>Another article page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

let counter = 0;

export function makeArticle(overrides: Partial<BlogArticle> = {}): BlogArticle {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    slug: `article-${counter}`,
    title: `Article ${counter}`,
    intro: 'Pricing is where most resellers leave money behind.',
    content: [
      {
        heading: 'Why asking prices mislead',
        content: 'Asking prices are **wishes**; sold prices are facts.\n\n<ul><li>One</li></ul>',
      },
      { heading: 'Gather comps', content: 'Filter by sold.' },
    ],
    faq: [
      { question: 'Should I price from retail?', answer: 'Only as a ceiling.' },
      { question: 'How many comps?', answer: 'Five to ten clean ones.' },
    ],
    summary: 'Price from sold listings.',
    meta_description: 'How to price used clothing from sold comps.',
    category: 'Pricing & Data',
    read_time: '6 min read',
    created_at: '2025-03-04T09:00:00+00:00',
    featured: false,
    published: true,
    key_takeaways: ['Price from sold listings.', 'Five to ten clean comps are enough.'],
    columns: ['Marketplace', 'Fee'],
    rows: [
      ['eBay', 'About 13%'],
      ['Poshmark', '20%'],
    ],
    ...overrides,
  };
}
