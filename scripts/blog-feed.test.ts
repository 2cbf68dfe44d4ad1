import { describe, expect, it } from 'vitest';
import { loadArticles } from '../content/blog/index.ts';
import { publishedArticle } from './article-fixture.ts';
import { renderBlogFeed, rfc822 } from './blog-feed.ts';

describe('renderBlogFeed', () => {
  it('lists published articles newest first with absolute links and RFC 822 dates', () => {
    const xml = renderBlogFeed(
      [
        publishedArticle(),
        publishedArticle({ slug: 'newer', title: 'Newer', created_at: '2025-05-01T09:00:00Z' }),
      ],
      'https://example.com/',
    );
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.indexOf('<link>https://example.com/blog/newer</link>')).toBeLessThan(
      xml.indexOf('<link>https://example.com/blog/pricing-basics</link>'),
    );
    expect(xml).toContain('<pubDate>Tue, 04 Mar 2025 09:00:00 GMT</pubDate>');
    expect(xml).toContain('<lastBuildDate>Thu, 01 May 2025 09:00:00 GMT</lastBuildDate>');
    expect(xml).toContain('<atom:link href="https://example.com/blog/feed.xml" rel="self"');
  });

  it('escapes text so titles cannot break the XML', () => {
    const xml = renderBlogFeed([publishedArticle()]);
    expect(xml).toContain('<title>Pricing &lt;Basics&gt; &amp; &quot;Comps&quot;</title>');
    expect(xml).toContain('<category>Pricing &amp; Data</category>');
  });

  it('gives an item with a cover its JPEG as Media RSS, with the alt text, and none to an item without', () => {
    const xml = renderBlogFeed(
      [
        publishedArticle({
          cover_image: '/blog/covers/pricing-basics.webp',
          cover_alt: 'Illustration: a tag & a chart',
        }),
        publishedArticle({ slug: 'bare', created_at: '2025-01-01T09:00:00Z' }),
      ],
      'https://example.com',
    );
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    expect(xml).toContain(
      '<media:content url="https://example.com/blog/covers/pricing-basics.jpg" medium="image" width="1200" height="630">',
    );
    expect(xml).toContain('<media:description>Illustration: a tag &amp; a chart</media:description>');
    expect(xml.match(/<media:content/g)).toHaveLength(1);
  });

  it('leaves drafts out', () => {
    const xml = renderBlogFeed([
      publishedArticle(),
      publishedArticle({ slug: 'secret-draft', published: false }),
    ]);
    expect(xml).not.toContain('secret-draft');
  });

  it('carries every published content file and no draft', () => {
    const articles = loadArticles();
    const xml = renderBlogFeed(articles);
    for (const a of articles) {
      const present = xml.includes(`/blog/${a.slug}</link>`);
      expect(present, a.slug).toBe(a.published);
    }
    expect((xml.match(/<item>/g) ?? []).length).toBe(articles.filter((a) => a.published).length);
  });
});

describe('rfc822', () => {
  it('formats in GMT', () => {
    expect(rfc822('2025-12-31T23:30:00-02:00')).toBe('Thu, 01 Jan 2026 01:30:00 GMT');
  });
});
