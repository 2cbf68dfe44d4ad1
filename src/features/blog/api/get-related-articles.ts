import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { blogClient } from './client';
import { relatedArticleSchema, type RelatedArticle } from '../schemas';
import { BLOG_QUERY_RETRY, toBlogError } from './errors';
import { blogKeys } from './keys';

/** SPEC §9: 'You Might Also Like' shows two articles. */
export const RELATED_LIMIT = 2;

/**
 * SPEC §7 Related articles: five columns of other published articles, at most two: the newest, so the prerendered
 * page (src/entry-server.tsx) and this read agree on which two.
 */
export async function getRelatedArticles(slug: string): Promise<RelatedArticle[]> {
  const { data, error } = await (
    await blogClient()
  )
    .from('blog_articles')
    .select('title, slug, intro, read_time, created_at')
    .eq('published', true)
    .neq('slug', slug)
    .order('created_at', { ascending: false })
    .limit(RELATED_LIMIT);
  if (error) throw toBlogError(error);
  return z.array(relatedArticleSchema).parse(data ?? []);
}

export const relatedArticlesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.related(slug),
    queryFn: () => getRelatedArticles(slug),
    retry: BLOG_QUERY_RETRY,
  });

export function useRelatedArticles(slug: string) {
  return useQuery(relatedArticlesQueryOptions(slug));
}
