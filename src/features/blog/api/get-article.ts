import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogClient } from './client';
import { articleSchema, type BlogArticle } from '../schemas';
import { ArticleNotFoundError, BLOG_QUERY_RETRY, toBlogError } from './errors';
import { blogKeys } from './keys';

/**
 * SPEC §7 Blog article, plus key_takeaways, columns and rows, which the page shows and the SPEC's field list omits
 * (docs/decisions/005-article-read-includes-table-and-takeaways.md), and the cover and table title (decision 043).
 */
export const ARTICLE_COLUMNS =
  'id, title, slug, intro, content, faq, summary, meta_description, category, read_time, created_at, featured, published, key_takeaways, columns, rows, cover_image, cover_alt, table_title';

export async function getArticle(slug: string): Promise<BlogArticle> {
  const { data, error } = await (
    await blogClient()
  )
    .from('blog_articles')
    .select(ARTICLE_COLUMNS)
    .eq('slug', slug)
    .eq('published', true)
    // One row or none: maybeSingle answers a missing article with 200 and null, where single() made PostgREST answer
    // 406, which every browser logs as a failed request (issue 14, point 10).
    .maybeSingle();
  if (error) throw toBlogError(error);
  if (data === null) throw new ArticleNotFoundError(slug);
  return articleSchema.parse(data);
}

export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.article(slug),
    queryFn: () => getArticle(slug),
    retry: BLOG_QUERY_RETRY,
  });

export function useArticle(slug: string) {
  return useQuery(articleQueryOptions(slug));
}
