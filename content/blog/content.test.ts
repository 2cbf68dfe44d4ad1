// Editorial rules for the article files in this folder. The field types are also checked by the loader's schema;
// this file guards what a schema cannot: enough real text, honest read times, the one featured article the blog's
// Featured section picks out by its slug or title, a mix of categories, and at least one draft.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();

type Article = Record<string, unknown> & {
  slug: string;
  title: string;
  intro: string;
  content: { heading: string; content: string }[];
  faq: { question: string; answer: string }[];
  summary: string;
  meta_description: string;
  category: string;
  read_time: string;
  created_at: string;
  featured: boolean;
  published: boolean;
  key_takeaways: string[];
  columns: string[];
  rows: string[][];
};

const FIELDS = [
  'slug', 'title', 'intro', 'content', 'faq', 'summary', 'meta_description', 'category', 'read_time',
  'created_at', 'featured', 'published', 'key_takeaways', 'columns', 'rows', 'cover_image', 'cover_alt',
].sort();
const publicDir = path.resolve(dir, '../../public');
const CATEGORIES = ['Selling Strategy', 'Pricing & Data', 'Sourcing', 'Marketplaces'];
// The blog list features any article whose slug or title mentions sell rate or sell-through (SPEC, blog list).
const FEATURED_MATCH = /sell[\s-]*(through|rate)/i;
const ALLOWED_TAGS = new Set(['ul', 'ol', 'li', 'a', 'em', 'code', 'blockquote']);
const WORDS_PER_MINUTE = 230;

const articles = files.map((file) => ({ file, article: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Article }));

const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\*\*/g, '');
const countWords = (text: string) => plain(text).split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;

/** The words a reader reads as prose: intro, sections, takeaways, summary and the FAQ. */
function proseWords(a: Article): number {
  return [
    a.intro,
    ...a.content.flatMap((section) => [section.heading, section.content]),
    ...a.key_takeaways,
    a.summary,
    ...a.faq.flatMap((item) => [item.question, item.answer]),
  ].reduce((total, text) => total + countWords(text), 0);
}

/** Everything on the page, table included, for the read time. */
function pageWords(a: Article): number {
  return proseWords(a) + countWords(a.title) + [...a.columns, ...a.rows.flat()].reduce((n, cell) => n + countWords(cell), 0);
}

describe('blog content files', () => {
  it('finds the article files', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  describe.each(articles)('$file', ({ file, article }) => {
    it('has exactly the database fields with the right types', () => {
      // table_title is optional: an article without a table has nothing to title.
      expect(Object.keys(article).filter((key) => key !== 'table_title').sort()).toEqual(FIELDS);
      for (const key of ['slug', 'title', 'intro', 'summary', 'meta_description', 'category', 'read_time', 'created_at']) {
        expect(typeof article[key], key).toBe('string');
        expect((article[key] as string).trim(), key).not.toBe('');
      }
      expect(typeof article.featured).toBe('boolean');
      expect(typeof article.published).toBe('boolean');
      for (const section of article.content) {
        expect(typeof section.heading).toBe('string');
        expect(typeof section.content).toBe('string');
      }
      for (const item of article.faq) {
        expect(typeof item.question).toBe('string');
        expect(typeof item.answer).toBe('string');
      }
      expect(article.key_takeaways.every((t) => typeof t === 'string' && t.trim() !== '')).toBe(true);
    });

    it('is named after a URL-safe slug', () => {
      expect(article.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(file).toBe(`${article.slug}.json`);
    });

    it('has at least 900 words of prose', () => {
      expect(proseWords(article)).toBeGreaterThanOrEqual(900);
    });

    it('states a read time that matches its length', () => {
      const minutes = Number(/^(\d+) min read$/.exec(article.read_time)?.[1]);
      expect(Math.abs(minutes - pageWords(article) / WORDS_PER_MINUTE)).toBeLessThanOrEqual(1);
    });

    it('fits the page furniture: sections, FAQ, takeaways, meta description, category, date', () => {
      expect(article.content.length).toBeGreaterThanOrEqual(3);
      expect(article.faq.length).toBeGreaterThanOrEqual(4);
      expect(article.faq.length).toBeLessThanOrEqual(6);
      expect(article.key_takeaways.length).toBeGreaterThanOrEqual(4);
      expect(article.key_takeaways.length).toBeLessThanOrEqual(6);
      expect(article.meta_description.length).toBeLessThanOrEqual(160);
      expect(CATEGORIES).toContain(article.category);
      expect(article.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Date.parse(article.created_at)).toBeLessThan(Date.parse('2026-11-20T00:00:00Z'));
    });

    it('has a drawn cover in public/ (WebP at two widths and a JPEG for social cards) with alt text', () => {
      expect(article.cover_image).toBe(`/blog/covers/${article.slug}.webp`);
      for (const name of [`${article.slug}.webp`, `${article.slug}-600.webp`, `${article.slug}.jpg`]) {
        expect(existsSync(path.join(publicDir, 'blog/covers', name)), name).toBe(true);
      }
      expect(article.cover_alt).toMatch(/^Illustration: .{20,}/);
    });

    it('titles its table for what it compares', () => {
      if (article.columns.length === 0) return expect(article.table_title).toBeUndefined();
      expect(typeof article.table_title).toBe('string');
      expect(article.table_title).not.toMatch(/tool comparison/i);
    });

    it('has a table whose rows are as wide as its columns', () => {
      expect(article.rows.length === 0 || article.columns.length > 0).toBe(true);
      for (const row of article.rows) expect(row).toHaveLength(article.columns.length);
    });

    it('uses only the basic HTML the article page sanitises and allows', () => {
      const text = article.content.map((section) => section.content).join('\n');
      const tags = [...text.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)].map((m) => m[1]!.toLowerCase());
      expect(tags.filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([]);
      for (const m of text.matchAll(/href="([^"]*)"/g)) expect(m[1]).toMatch(/^https:\/\//);
      expect(text).not.toMatch(/lorem ipsum|TODO|FIXME/i);
    });
  });

  it('has exactly one featured article, about sell-through, and only it mentions sell-through in slug or title', () => {
    const mentions = articles.filter(({ article }) => FEATURED_MATCH.test(article.slug) || FEATURED_MATCH.test(article.title));
    const featured = articles.filter(({ article }) => article.featured);
    expect(mentions.map(({ file }) => file)).toEqual(featured.map(({ file }) => file));
    expect(featured).toHaveLength(1);
    expect(featured[0]!.article.slug).toContain('sell-through');
    expect(featured[0]!.article.published).toBe(true);
  });

  it('spreads the articles over at least three categories and several comparison tables', () => {
    const published = articles.filter(({ article }) => article.published);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map(({ article }) => article.category)).size).toBeGreaterThanOrEqual(3);
    expect(published.filter(({ article }) => article.rows.length > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps at least one complete draft unpublished', () => {
    expect(articles.filter(({ article }) => !article.published).length).toBeGreaterThanOrEqual(1);
  });
});
