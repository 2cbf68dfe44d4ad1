// The published articles a build is made from (issue 13, point 4; the prerendered pages of issue 11 are to read the
// same): the project's own blog_articles table, read through REST with the anon key as any visitor would (RLS shows
// published rows only), so an article an editor publishes in the dashboard reaches the next build's sitemap and
// feed. When the project cannot be reached the build says so loudly and falls back to content/blog.
import type { ArticleFields } from '../content/blog/index.ts';
import { loadArticles, publishedOnly } from '../content/blog/index.ts';

export type PublishedArticle = Pick<
  ArticleFields,
  'slug' | 'title' | 'intro' | 'category' | 'created_at' | 'published'
> & {
  updated_at?: string | null;
};

export type ArticleSource = { articles: PublishedArticle[]; source: 'database' | 'content/blog' };

const COLUMNS = 'slug,title,intro,category,created_at,updated_at,published';

export async function fetchPublishedArticles(
  supabaseUrl: string,
  anonKey: string,
): Promise<PublishedArticle[]> {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/blog_articles?select=${COLUMNS}&published=eq.true&order=created_at.desc`;
  const response = await fetch(url, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
    signal: AbortSignal.timeout(8000),
  });
  if (!response.ok) throw new Error(`${response.status} ${(await response.text()).slice(0, 200)}`);
  const rows = (await response.json()) as PublishedArticle[];
  if (!Array.isArray(rows)) throw new Error('the answer is not a list of articles');
  return rows.filter(
    (row) => row && typeof row.slug === 'string' && row.slug !== '' && row.published === true,
  );
}

const memo = new Map<string, Promise<ArticleSource>>();

/** The articles of this build: from the database when it answers, else content/blog (with a warning). */
export function buildArticles(options: {
  supabaseUrl?: string;
  anonKey?: string;
  blogDir: string;
  warn?: (message: string) => void;
}): Promise<ArticleSource> {
  const key = `${options.supabaseUrl ?? ''}|${options.blogDir}`;
  let pending = memo.get(key);
  if (!pending) {
    pending = (async (): Promise<ArticleSource> => {
      const warn = options.warn ?? ((message: string) => console.warn(message));
      if (options.supabaseUrl && options.anonKey) {
        try {
          return {
            articles: await fetchPublishedArticles(options.supabaseUrl, options.anonKey),
            source: 'database',
          };
        } catch (error) {
          warn(
            `\n!!! Blog articles: could not read ${options.supabaseUrl} (${error instanceof Error ? error.message : error}).` +
              '\n!!! The sitemap and feed of this build come from content/blog and may miss articles published in the dashboard.\n',
          );
        }
      } else {
        warn(
          '\n!!! Blog articles: no VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; the sitemap and feed come from content/blog.\n',
        );
      }
      return { articles: publishedOnly(loadArticles(options.blogDir)), source: 'content/blog' };
    })();
    memo.set(key, pending);
    // A later build in the same process (dev, tests) reads afresh.
    void pending.finally(() => setTimeout(() => memo.delete(key), 1000));
  }
  return pending;
}
