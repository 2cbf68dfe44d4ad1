import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqJsonLd } from '@/components/seo/json-ld';
import { Seo, type SeoProps } from '@/components/seo/seo';
import { site } from '@/config/site';

function renderSeo(props: SeoProps) {
  return render(<Seo {...props} />);
}

const meta = (selector: string, attr = 'content') =>
  document.head.querySelector(selector)?.getAttribute(attr);
const jsonLd = () =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form; the assertions check its shape.
    (s) => JSON.parse(s.textContent ?? '{}') as Record<string, any>,
  );

describe('<Seo />', () => {
  it('writes title, description, canonical, robots and the social cards', async () => {
    renderSeo({ title: 'About', description: 'Who we are.', path: '/about' });
    await waitFor(() => expect(document.title).toBe('About | Flipwise'));
    expect(meta('meta[name="description"]')).toBe('Who we are.');
    expect(meta('link[rel="canonical"]', 'href')).toBe(`${site.url}/about`);
    expect(meta('meta[name="robots"]')).toMatch(/^index, follow/);
    expect(meta('meta[property="og:title"]')).toBe('About | Flipwise');
    expect(meta('meta[property="og:url"]')).toBe(`${site.url}/about`);
    expect(meta('meta[property="og:image"]')).toBe(`${site.url}/og-image.png`);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:image"]')).toBe(`${site.url}/og-image.png`);
  });

  it('uses the site root as the canonical of the home page and adds no breadcrumb list there', async () => {
    renderSeo({ title: 'Home', description: 'd', path: '/' });
    await waitFor(() => expect(meta('link[rel="canonical"]', 'href')).toBe(`${site.url}/`));
    const types = jsonLd().map((d) => d['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
  });

  it('describes the site with a SearchAction into the search tool', async () => {
    renderSeo({ title: 'Home', description: 'd', path: '/' });
    await waitFor(() => expect(jsonLd().length).toBeGreaterThan(0));
    const website = jsonLd().find((d) => d['@type'] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string }; 'query-input': string };
    };
    expect(website.potentialAction.target.urlTemplate).toBe(
      `${site.url}/thriftingexplorer?q={search_term_string}`,
    );
    expect(website.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('adds a BreadcrumbList on inner pages, with a custom last name when given', async () => {
    renderSeo({
      title: 'Pricing denim',
      description: 'd',
      path: '/blog/pricing-denim',
      type: 'article',
      breadcrumbLabel: 'Pricing Denim',
    });
    await waitFor(() => expect(jsonLd().length).toBe(3));
    const list = jsonLd().find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.url}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${site.url}/blog` },
      { '@type': 'ListItem', position: 3, name: 'Pricing Denim', item: `${site.url}/blog/pricing-denim` },
    ]);
    expect(meta('meta[property="og:type"]')).toBe('article');
  });

  it('passes extra JSON-LD through', async () => {
    renderSeo({
      title: 'FAQs',
      description: 'd',
      path: '/faqs',
      jsonLd: [faqJsonLd([{ question: 'Q?', answer: 'A.' }])],
    });
    await waitFor(() => expect(jsonLd().map((d) => d['@type'])).toContain('FAQPage'));
    const faq = jsonLd().find((d) => d['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ]);
  });

  it('keeps search engines out of noindex pages', async () => {
    renderSeo({ title: 'Page Not Found', description: 'd', path: '/nope', noindex: true });
    await waitFor(() => expect(meta('meta[name="robots"]')).toBe('noindex, nofollow'));
    expect(jsonLd().map((d) => d['@type'])).not.toContain('BreadcrumbList');
  });

  it('makes a custom image absolute and leaves absolute ones alone', async () => {
    const { unmount } = renderSeo({ title: 'A', description: 'd', path: '/a', image: '/covers/a.png' });
    await waitFor(() => expect(meta('meta[property="og:image"]')).toBe(`${site.url}/covers/a.png`));
    expect(meta('meta[property="og:image:width"]')).toBeUndefined();
    unmount();
    renderSeo({ title: 'B', description: 'd', path: '/b', image: 'https://cdn.example.com/b.png' });
    await waitFor(() => expect(meta('meta[property="og:image"]')).toBe('https://cdn.example.com/b.png'));
  });
});
