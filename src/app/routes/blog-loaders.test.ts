import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { loader as articleLoader } from '@/app/routes/blog-article';
import { loader as listLoader } from '@/app/routes/blog';
import { blogKeys } from '@/features/blog/api/keys';
import { createQueryClient } from '@/lib/query-client';

const failingClient = () => {
  const queryClient = createQueryClient();
  const ensure = vi.spyOn(queryClient, 'ensureQueryData').mockRejectedValue(new Error('offline'));
  const keys = () => ensure.mock.calls.map(([options]) => options.queryKey);
  return { queryClient, keys };
};

const args = (slug: string) =>
  ({
    params: { slug },
    request: new Request(`http://localhost/blog/${slug}`),
    url: new URL(`http://localhost/blog/${slug}`),
    pattern: '/blog/:slug',
    context: undefined,
  }) as unknown as LoaderFunctionArgs;

// The loaders only start the reads: the pages show their own loading, error and not-found views from the same
// queries, so a failed read must neither throw nor hold the navigation.
describe('blog route loaders', () => {
  it('/blog starts the list read and lets the page handle a failure', async () => {
    const { queryClient, keys } = failingClient();
    expect(listLoader(queryClient)()).toBeNull();
    expect(keys()).toEqual([blogKeys.list()]);
    await Promise.resolve();
  });

  it('/blog/:slug starts the article and related reads together and lets the page handle a failure', async () => {
    const { queryClient, keys } = failingClient();
    expect(articleLoader(queryClient)(args('pricing-from-sold-comps'))).toBeNull();
    expect(keys()).toEqual([
      blogKeys.article('pricing-from-sold-comps'),
      blogKeys.related('pricing-from-sold-comps'),
    ]);
    await Promise.resolve();
  });
});
