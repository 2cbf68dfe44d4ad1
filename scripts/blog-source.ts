// The published articles a build is made from (issue 13, point 4; the prerendered pages of issue 11 are to read the
// same): the project's own blog_articles table, read through REST with the anon key as any visitor would (RLS shows
// published rows only), so an article an editor publishes in the dashboard reaches the next build's sitemap and
// feed. When the project cannot be reached the build says so loudly and falls back to content/blog. The reading itself
// lives in scripts/build-articles.ts, which the prerender step uses too: one source, one read per build.
import type { ArticleFields } from '../content/blog/index.ts';
import { buildArticlesOnce } from './build-articles.ts';

export { fetchPublishedArticles } from './build-articles.ts';

export type PublishedArticle = Pick<
  ArticleFields,
  'slug' | 'title' | 'intro' | 'category' | 'created_at' | 'published' | 'cover_image' | 'cover_alt'
> & {
  updated_at?: string | null;
};

export type ArticleSource = { articles: PublishedArticle[]; source: 'database' | 'content/blog' };

/**
 * The articles of this build: from the database when it answers, else content/blog (with a warning). The same read as
 * the prerendered pages' (scripts/build-articles.ts), shared within a build.
 */
export async function buildArticles(options: {
  supabaseUrl?: string;
  anonKey?: string;
  blogDir: string;
  warn?: (message: string) => void;
}): Promise<ArticleSource> {
  const { articles, origin } = await buildArticlesOnce(options);
  return { articles, source: origin === 'database' ? 'database' : 'content/blog' };
}
