// The one source of blog articles for everything the build writes: the prerendered pages (scripts/prerender.ts),
// sitemap.xml (scripts/sitemap.ts) and the RSS feed (scripts/blog-feed.ts). It reads the published rows of the
// Supabase project the site is built against (VITE_SUPABASE_URL and the anon key, so row-level security decides what
// is public, exactly as for a visitor); when that project cannot be read it says so loudly and uses content/blog.
import { z } from 'zod';
import { contentDir, loadArticles, publishedOnly, sortArticles } from '../content/blog/index.ts';
import { articleSchema, type BlogArticle } from '../src/features/blog/schemas.ts';

/** A published article as the build sees it; updated_at feeds the sitemap's lastmod when the database has it. */
export type BuildArticle = BlogArticle & { updated_at?: string };

export type BuildArticles = {
  articles: BuildArticle[];
  /** Where they came from: the project's database, or the content files after a failed read. */
  origin: 'database' | 'content';
};

export type BuildArticlesOptions = {
  supabaseUrl?: string;
  anonKey?: string;
  blogDir?: string;
  /** Where the loud fallback line goes; console.warn unless a caller collects it. */
  warn?: (message: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const rowSchema = z.object({ ...articleSchema.shape, updated_at: z.string().optional() });

/** Reads every published row through PostgREST, newest first, as the blog list does. Throws on any failure. */
export async function fetchPublishedArticles(
  supabaseUrl: string,
  anonKey: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<BuildArticle[]> {
  const url = new URL('/rest/v1/blog_articles', supabaseUrl);
  url.searchParams.set('select', '*');
  url.searchParams.set('published', 'eq.true');
  url.searchParams.set('order', 'created_at.desc');
  const response = await (options.fetch ?? fetch)(url, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  if (!response.ok) throw new Error(`${url.origin} answered ${response.status} ${response.statusText}`);
  const rows = z.array(rowSchema).parse(await response.json());
  return sortArticles(rows.filter((row) => row.published));
}

/** The content files' published articles in the shape of database rows (the slug stands in for the id). */
export function contentArticles(blogDir: string = contentDir): BuildArticle[] {
  return publishedOnly(loadArticles(blogDir)).map((article) => ({ id: article.slug, ...article }));
}

/**
 * Published articles for the build: the database when VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are set and the
 * project answers, otherwise content/blog with a warning nobody can miss.
 */
export async function loadBuildArticles(options: BuildArticlesOptions = {}): Promise<BuildArticles> {
  const supabaseUrl = options.supabaseUrl ?? process.env.VITE_SUPABASE_URL;
  const anonKey = options.anonKey ?? process.env.VITE_SUPABASE_ANON_KEY;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let reason: string;
  if (supabaseUrl && anonKey) {
    try {
      return {
        articles: await fetchPublishedArticles(supabaseUrl, anonKey, options),
        origin: 'database',
      };
    } catch (error) {
      reason = `reading blog_articles from ${supabaseUrl} failed: ${(error as Error).message}`;
    }
  } else {
    reason = 'VITE_SUPABASE_URL or VITE_SUPABASE_ANON_KEY is not set';
  }
  const articles = contentArticles(options.blogDir);
  warn(
    [
      '',
      '!'.repeat(100),
      `!! BLOG ARTICLES FROM content/blog, NOT FROM THE DATABASE: ${reason}.`,
      `!! The prerendered pages, sitemap.xml and blog/feed.xml list the ${articles.length} published content files;`,
      '!! articles published only in the dashboard are missing from them until a build can reach the project.',
      '!'.repeat(100),
      '',
    ].join('\n'),
  );
  return { articles, origin: 'content' };
}

const memo = new Map<string, Promise<BuildArticles>>();

/** One read per build process and source, shared by the sitemap and feed plugins and the prerender step. */
export function buildArticlesOnce(options: BuildArticlesOptions = {}): Promise<BuildArticles> {
  const key = JSON.stringify([
    options.supabaseUrl ?? process.env.VITE_SUPABASE_URL,
    options.anonKey ?? process.env.VITE_SUPABASE_ANON_KEY,
    options.blogDir,
  ]);
  let pending = memo.get(key);
  if (!pending) {
    pending = loadBuildArticles(options);
    memo.set(key, pending);
    // One build's plugins and prerender step share the read; a later build in the same process (dev, tests) reads
    // afresh.
    void pending.finally(() => setTimeout(() => memo.delete(key), 1000));
  }
  return pending;
}

/** Forget the memoised reads (the dev server calls this so a new article shows up in its sitemap and feed). */
export function forgetBuildArticles() {
  memo.clear();
}
