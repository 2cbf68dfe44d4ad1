import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedArticle } from './article-fixture.ts';
import { renderSitemap, rewriteRobots, sitemapEntries } from './sitemap';

const dirs: string[] = [];
function blogDir(files: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-blog-'));
  dirs.push(dir);
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(data));
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('sitemapEntries', () => {
  it('lists every public route under the site URL', () => {
    const locs = sitemapEntries({ siteUrl: 'https://shop.test/', blogDir: '/nonexistent' }).map((e) => e.loc);
    expect(locs).toEqual([
      'https://shop.test/',
      'https://shop.test/about',
      'https://shop.test/blog',
      'https://shop.test/contact',
      'https://shop.test/terms',
      'https://shop.test/privacy',
      'https://shop.test/faqs',
      'https://shop.test/thriftingexplorer',
    ]);
  });

  it('adds published articles from content/blog with their last change date, and skips drafts', () => {
    const dir = blogDir({
      'a.json': { slug: 'good-sell-through', published: true, created_at: '2025-02-01T10:00:00Z' },
      'b.json': { slug: 'draft-post', published: false, created_at: '2025-02-02T10:00:00Z' },
      'c.json': {
        slug: 'updated-post',
        published: true,
        created_at: '2025-01-01T10:00:00Z',
        updated_at: '2025-03-05T08:00:00Z',
      },
      'notes.txt': 'not an article',
    });
    const blog = sitemapEntries({ siteUrl: 'https://shop.test', blogDir: dir }).filter((e) =>
      e.loc.includes('/blog/'),
    );
    expect(blog).toEqual([
      {
        loc: 'https://shop.test/blog/good-sell-through',
        lastmod: '2025-02-01',
        changefreq: 'monthly',
        priority: 0.7,
      },
      {
        loc: 'https://shop.test/blog/updated-post',
        lastmod: '2025-03-05',
        changefreq: 'monthly',
        priority: 0.7,
      },
    ]);
  });

  it('names the file when an article is not valid JSON', () => {
    const dir = blogDir({});
    writeFileSync(path.join(dir, 'broken.json'), '{');
    expect(() => sitemapEntries({ blogDir: dir })).toThrow(/broken\.json/);
  });
});

describe('renderSitemap', () => {
  it('writes the sitemaps.org format and escapes URLs', () => {
    const xml = renderSitemap([{ loc: 'https://shop.test/a?b=1&c=2', lastmod: '2025-01-13', priority: 1 }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('<loc>https://shop.test/a?b=1&amp;c=2</loc>');
    expect(xml).toContain('<lastmod>2025-01-13</lastmod>');
    expect(xml).toContain('<priority>1.0</priority>');
  });
});

describe('article covers in the sitemap', () => {
  it('lists an article cover as its image (the JPEG, absolute), and nothing for an article without one', () => {
    const entries = sitemapEntries({
      siteUrl: 'https://shop.test',
      articles: [
        publishedArticle({
          slug: 'covered',
          cover_image: '/blog/covers/covered.webp',
          cover_alt: 'Illustration: x',
        }),
        publishedArticle({ slug: 'bare' }),
      ],
    });
    const xml = renderSitemap(entries);
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).toContain('<image:loc>https://shop.test/blog/covers/covered.jpg</image:loc>');
    expect(xml.match(/<image:image>/g)).toHaveLength(1);
  });
});

describe('rewriteRobots', () => {
  it('points the Sitemap line at the configured site', () => {
    expect(
      rewriteRobots(
        'User-agent: *\nAllow: /\n\nSitemap: https://flipwise.app/sitemap.xml\n',
        'https://shop.test',
      ),
    ).toBe('User-agent: *\nAllow: /\n\nSitemap: https://shop.test/sitemap.xml\n');
  });
});
