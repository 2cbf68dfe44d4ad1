import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { articleQueryOptions } from '@/features/blog/api/get-article';
import { relatedArticlesQueryOptions } from '@/features/blog/api/get-related-articles';
import { ArticlePage } from '@/features/blog/components/article-page';

/**
 * Starts the article and related reads together as soon as the route matches, without waiting for them: the page
 * keeps its own loading, error and 'Article Not Found' views, which read the same queries.
 */
export const loader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    queryClient.ensureQueryData(articleQueryOptions(slug)).catch(() => undefined);
    queryClient.ensureQueryData(relatedArticlesQueryOptions(slug)).catch(() => undefined);
    return null;
  };

export default function ArticleRoute() {
  const { slug = '' } = useParams();
  // key: a new slug is a new page, so no state (open FAQ, scroll) carries over from the previous article.
  return <ArticlePage key={slug} slug={slug} />;
}
