import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { blogClient } from './client';
import { articleSchema, type BlogArticle } from '../schemas';
import { BLOG_QUERY_RETRY, toBlogError } from './errors';
import { blogKeys } from './keys';

/** SPEC §7 Blog list: all columns of published articles, newest first. */
export async function getArticles(): Promise<BlogArticle[]> {
  const { data, error } = await (
    await blogClient()
  )
    .from('blog_articles')
    .select('*')
    .eq('published', true)
    .order('created_at', { ascending: false });
  if (error) throw toBlogError(error);
  return z.array(articleSchema).parse(data ?? []);
}

export const articlesQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.list(), queryFn: getArticles, retry: BLOG_QUERY_RETRY });

export function useArticles() {
  return useQuery(articlesQueryOptions());
}
