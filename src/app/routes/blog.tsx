import type { QueryClient } from '@tanstack/react-query';
import { articlesQueryOptions } from '@/features/blog/api/get-articles';
import { BlogListPage } from '@/features/blog/components/blog-list-page';

/**
 * Starts the list read as soon as the route matches, without waiting for it: the page keeps its own loading and
 * error views, and a failed read reaches it through the same query instead of blocking the navigation.
 */
export const loader = (queryClient: QueryClient) => () => {
  queryClient.ensureQueryData(articlesQueryOptions()).catch(() => undefined);
  return null;
};

export default function BlogRoute() {
  return <BlogListPage />;
}
