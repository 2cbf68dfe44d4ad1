// One published article as the build scripts read it, for the feed and sitemap tests: a test sets only the fields it
// is about.
import type { PublishedArticle } from './blog-source.ts';

export const publishedArticle = (over: Partial<PublishedArticle> = {}): PublishedArticle => ({
  slug: 'pricing-basics',
  title: 'Pricing <Basics> & "Comps"',
  intro: 'Sold prices, not asking prices.',
  category: 'Pricing & Data',
  created_at: '2025-03-04T09:00:00Z',
  published: true,
  ...over,
});
