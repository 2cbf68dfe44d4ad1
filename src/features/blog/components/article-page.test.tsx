import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { blogKeys } from '../api/keys';
import { makeArticle, renderWithCache } from '../testing/render';
import type { BlogArticle, RelatedArticle } from '../schemas';
import { ArticlePage } from './article-page';

const related: RelatedArticle[] = [
  {
    slug: 'crosslisting-basics',
    title: 'Crosslisting basics',
    intro: 'List once, sell anywhere.',
    read_time: '7 min read',
    created_at: '2025-10-07T09:00:00+00:00',
  },
  {
    slug: 'listing-titles',
    title: 'Listing titles',
    intro: 'Words buyers type.',
    read_time: '6 min read',
    created_at: '2025-07-22T09:00:00+00:00',
  },
];

function renderArticle(article: BlogArticle, relatedArticles = related) {
  return renderWithCache(<ArticlePage slug={article.slug} />, {
    path: `/blog/${article.slug}`,
    route: '/blog/:slug',
    cache: [
      [blogKeys.article(article.slug), article],
      [blogKeys.related(article.slug), relatedArticles],
    ],
  });
}

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('ArticlePage', () => {
  it('shows the header: badges, title, company as author, date, read time and computed word count', () => {
    renderArticle(makeArticle({ title: 'How to Price', featured: true }));
    const header = within(screen.getByRole('heading', { level: 1, name: 'How to Price' }).closest('header')!);
    expect(header.getByText('Pricing & Data')).toBeInTheDocument();
    expect(header.getByText('Featured')).toBeInTheDocument();
    expect(header.getByText('Flipwise Team')).toBeInTheDocument();
    expect(header.getByText('March 4, 2025')).toBeInTheDocument();
    expect(header.getByText('6 min read')).toBeInTheDocument();
    // The whole article (decision 043): intro 8 + sections 4 + 9 + 2 + 3 + table 2 + 5 + takeaways 4 + 7
    // + summary 4 + FAQ 5 + 4 + 3 + 5 = 65.
    expect(header.getByText('65 words')).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('has no Featured badge on an article that is not featured', () => {
    renderArticle(makeArticle({ featured: false }));
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
  });

  it('renders sections with anchored h2 headings and **bold** as strong text', () => {
    renderArticle(makeArticle());
    const heading = screen.getByRole('heading', { level: 2, name: 'Why asking prices mislead' });
    expect(heading).toHaveAttribute('id', 'section-1-why-asking-prices-mislead');
    expect(screen.getByText('wishes').tagName).toBe('STRONG');
    expect(screen.queryByText(/\*\*/)).not.toBeInTheDocument();
  });

  it('shows the cover after the intro with its alt text and size, and uses it as the social card', async () => {
    renderArticle(
      makeArticle({
        title: 'Covered',
        cover_image: '/blog/covers/covered.webp',
        cover_alt: 'Illustration: a rack of jackets',
      }),
    );
    const cover = screen.getByRole('img', { name: 'Illustration: a rack of jackets' });
    // The headline and the opening words come first; the picture follows them (docs/decisions/050).
    const intro = screen.getByText('Pricing is where most resellers leave money behind.');
    expect(intro.compareDocumentPosition(cover) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).not.toContainElement(cover);
    expect(cover).toHaveAttribute('src', '/blog/covers/covered.webp');
    expect(cover).toHaveAttribute(
      'srcset',
      '/blog/covers/covered-600.webp 600w, /blog/covers/covered.webp 1200w',
    );
    expect(cover).toHaveAttribute('width', '1200');
    expect(cover).toHaveAttribute('height', '630');
    expect(cover).toHaveAttribute('loading', 'eager');
    await waitFor(() =>
      expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
        /\/blog\/covers\/covered\.jpg$/,
      ),
    );
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      'Illustration: a rack of jackets',
    );
    expect(document.head.querySelector('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  });

  it('falls back to the brand cover, as decoration, when the article has none', () => {
    const { container } = renderArticle(makeArticle({ cover_image: null, cover_alt: null }));
    const cover = container.querySelector('article img')!;
    expect(cover).toHaveAttribute('src', '/blog/covers/flipwise.webp');
    expect(cover).toHaveAttribute('alt', '');
  });

  it('puts In This Article before the body and links the sections, then the table under its own title', () => {
    renderArticle(makeArticle({ table_title: 'Fees by Marketplace' }));
    const nav = screen.getByRole('navigation', { name: 'In This Article' });
    const firstSection = screen.getByRole('heading', { level: 2, name: 'Why asking prices mislead' });
    expect(nav.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Why asking prices mislead', '#section-1-why-asking-prices-mislead'],
      ['Gather comps', '#section-2-gather-comps'],
      ['Fees by Marketplace', '#tool-comparison'],
      ['Key Takeaways', '#key-takeaways'],
      ['Summary', '#summary'],
      ['Frequently Asked Questions', '#faq'],
    ]);
    for (const link of links)
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
  });

  it('leaves out links to absent sections, and the card itself when there are no takeaways', () => {
    const { unmount } = renderArticle(makeArticle({ columns: [], rows: [] }));
    const nav = screen.getByRole('navigation', { name: 'In This Article' });
    expect(within(nav).queryByRole('link', { name: 'At a Glance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderArticle(makeArticle({ key_takeaways: [] }));
    expect(screen.queryByRole('navigation', { name: 'In This Article' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Key Takeaways' })).not.toBeInTheDocument();
  });

  it('shows the table with its columns and rows, headed At a Glance when it has no title, never Tool Comparison', () => {
    renderArticle(makeArticle());
    expect(screen.getByRole('heading', { level: 2, name: 'At a Glance' })).toBeInTheDocument();
    expect(screen.queryByText('Tool Comparison')).not.toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Marketplace', 'Fee']);
    expect(within(table).getByRole('rowheader', { name: 'Poshmark' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '20%' })).toBeInTheDocument();
  });

  it('opens one FAQ answer at a time, and clicking the open question closes it', async () => {
    const user = userEvent.setup();
    renderArticle(makeArticle());
    const first = screen.getByRole('button', { name: 'Should I price from retail?' });
    const second = screen.getByRole('button', { name: 'How many comps?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Only as a ceiling.')).toBeVisible();
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists two related articles linking to their pages, with date and read time', () => {
    renderArticle(makeArticle());
    const section = screen.getByRole('region', { name: 'You Might Also Like' });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/blog/crosslisting-basics',
      '/blog/listing-titles',
    ]);
    expect(within(section).getByText('October 7, 2025')).toBeInTheDocument();
    expect(within(section).getByText('7 min read')).toBeInTheDocument();
  });

  it('offers the Explore More Resources links', () => {
    renderArticle(makeArticle());
    const nav = screen.getByRole('navigation', { name: 'Explore More Resources' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/blog', '/faqs', '/thriftingexplorer', '/contact']);
  });

  it('copies the address and says so when there is no share sheet', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: vi.fn().mockResolvedValue(undefined) },
    });
    renderArticle(makeArticle());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('uses the native share sheet when the browser has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    renderArticle(makeArticle({ title: 'How to Price' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'How to Price', url: window.location.href }),
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it('sets the head: title, description, canonical, og:type article and structured data', async () => {
    renderArticle(
      makeArticle({ slug: 'how-to-price', title: 'How to Price', meta_description: 'Meta text.' }),
    );
    await waitFor(() => expect(document.title).toBe('How to Price | Flipwise'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Meta text.');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/blog\/how-to-price$/,
    );
    expect(document.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const types = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}')['@type'],
    );
    expect(types).toEqual(expect.arrayContaining(['BlogPosting', 'FAQPage', 'BreadcrumbList']));
    const crumbs = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent ?? '{}'))
      .find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Blog',
      'How to Price',
    ]);
  });

  it('removes dangerous markup from section HTML', () => {
    renderArticle(
      makeArticle({
        content: [
          {
            heading: 'Careful',
            content:
              '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><script>alert(1)</script>',
          },
        ],
      }),
    );
    const section = screen.getByRole('region', { name: 'Careful' });
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(section.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it("shows 'Loading article...' and then 'Article Not Found' with Back to Blog when the read fails", async () => {
    const user = userEvent.setup();
    renderWithCache(<ArticlePage slug="anything" />, { path: '/blog/anything', route: '/blog/:slug' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading article...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The article you're looking for doesn't exist.")).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Blog' }));
    expect(screen.getByText('Blog list page')).toBeInTheDocument();
  });
});
