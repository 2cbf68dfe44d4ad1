import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogKeys } from '../api/keys';
import { listHandover } from '../lib/handover';
import { makeArticle, renderWithCache } from '../testing/render';
import type { BlogArticle } from '../schemas';
import { BlogListPage } from './blog-list-page';

const articles = [
  makeArticle({
    slug: 'sell-through-rate-explained',
    title: 'Sell-Through Rate Explained',
    category: 'Pricing & Data',
    created_at: '2025-09-15T09:00:00+00:00',
  }),
  makeArticle({
    slug: 'pricing-with-comps',
    title: 'Pricing with Comps',
    category: 'Pricing & Data',
    created_at: '2025-08-04T09:00:00+00:00',
  }),
  makeArticle({
    slug: 'thrift-store-sourcing',
    title: 'Thrift Store Sourcing',
    category: 'Sourcing',
    created_at: '2025-03-11T09:00:00+00:00',
  }),
  makeArticle({
    slug: 'fees-compared',
    title: 'Fees Compared',
    category: 'Marketplaces',
    created_at: '2025-03-04T09:00:00+00:00',
  }),
];

const renderList = (list: BlogArticle[] = articles) =>
  renderWithCache(<BlogListPage />, { path: '/blog', route: '/blog', cache: [[blogKeys.list(), list]] });

const filterButtons = () =>
  within(screen.getByRole('group', { name: 'Filter articles by category' })).getAllByRole('button');

describe('BlogListPage', () => {
  it('offers All plus each distinct category, with All pressed by default', () => {
    renderList();
    expect(filterButtons().map((b) => b.textContent)).toEqual([
      'All',
      'Pricing & Data',
      'Sourcing',
      'Marketplaces',
    ]);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the sell-through article in Featured Article and the rest in Latest Articles', () => {
    renderList();
    const featured = screen.getByRole('region', { name: 'Featured Article' });
    expect(
      within(featured).getByRole('heading', { name: 'Sell-Through Rate Explained' }),
    ).toBeInTheDocument();
    expect(
      within(featured).getByRole('link', { name: 'Read Article: Sell-Through Rate Explained' }),
    ).toHaveAttribute('href', '/blog/sell-through-rate-explained');
    const latest = screen.getByRole('region', { name: 'Latest Articles' });
    expect(
      within(latest)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Pricing with Comps', 'Thrift Store Sourcing', 'Fees Compared']);
    expect(within(latest).getByRole('link', { name: 'Read More: Fees Compared' })).toHaveAttribute(
      'href',
      '/blog/fees-compared',
    );
  });

  it('shows category, read time, intro and created date on each card', () => {
    renderList();
    const card = screen.getByRole('heading', { name: 'Thrift Store Sourcing' }).closest('article')!;
    expect(within(card).getByText('Sourcing')).toBeInTheDocument();
    expect(within(card).getByText('6 min read')).toBeInTheDocument();
    expect(within(card).getByText('March 11, 2025')).toBeInTheDocument();
    expect(within(card).getByText(/leave money behind/)).toBeInTheDocument();
  });

  it('shows each card with its cover: sized, the featured one eager, the grid lazy', () => {
    renderList(
      articles.map((a) => ({
        ...a,
        cover_image: `/blog/covers/${a.slug}.webp`,
        cover_alt: `Illustration for ${a.title}`,
      })),
    );
    const featured = screen.getByRole('img', { name: 'Illustration for Sell-Through Rate Explained' });
    expect(featured).toHaveAttribute('loading', 'eager');
    const grid = screen.getByRole('img', { name: 'Illustration for Fees Compared' });
    expect(grid).toHaveAttribute('loading', 'lazy');
    expect(grid).toHaveAttribute('width', '1200');
    expect(grid).toHaveAttribute('height', '630');
    expect(grid.getAttribute('srcset')).toContain('/blog/covers/fees-compared-600.webp 600w');
  });

  it('spreads the first grid card so no row ends with a single card', () => {
    // Three in the grid: one row at three columns; at two columns the first card takes the whole first row.
    renderList();
    const items = within(screen.getByRole('region', { name: 'Latest Articles' })).getAllByRole('listitem');
    expect(items[0]!.className).toContain('md:col-span-2');
    expect(items[0]!.className).toContain('lg:col-span-1');
    expect(items[1]!.className).toBe('');
  });

  it('filters by category and marks the pressed button', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Sourcing' }));
    expect(screen.getByRole('button', { name: 'Sourcing' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Thrift Store Sourcing',
    ]);
    expect(screen.queryByRole('region', { name: 'Featured Article' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('says so when there are no articles', () => {
    renderList([]);
    expect(screen.getByText('No articles found in this category.')).toBeInTheDocument();
  });

  it('sets the head with Blog JSON-LD listing each article and the RSS link', async () => {
    renderList();
    await waitFor(() => expect(document.title).toBe('Blog | Flipwise'));
    const blog = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent ?? '{}'))
      .find((d) => d['@type'] === 'Blog');
    expect(blog.blogPost.map((p: { headline: string }) => p.headline)).toEqual(articles.map((a) => a.title));
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/blog/feed.xml',
    );
  });

  it('shows the loading text first, then a clear error with Try again when the read cannot be made', async () => {
    // No cache and no Supabase configuration in unit tests: the real fetcher fails before any request leaves.
    renderWithCache(<BlogListPage />, { path: '/blog', route: '/blog' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading articles...');
    expect(await screen.findByText("We couldn't load the articles.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('the list a prerendered /blog hands over', () => {
  it('renders the same page as the full rows the list read returns', () => {
    const full = articles.map((a, i) => ({ ...a, featured: i === 0 }));
    const { container: fromRows, unmount } = renderList(full);
    const html = fromRows.innerHTML;
    unmount();
    const { container: fromHandover } = renderList(full.map(listHandover));
    expect(fromHandover.innerHTML).toBe(html);
    expect(html).toContain('Sell-Through Rate Explained');
  });
});
