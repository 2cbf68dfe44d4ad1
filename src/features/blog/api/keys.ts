// Every React Query key of the blog, from one factory, so invalidation and prefetching never drift apart.
export const blogKeys = {
  all: ['blog'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  article: (slug: string) => [...blogKeys.all, 'article', slug] as const,
  related: (slug: string) => [...blogKeys.all, 'related', slug] as const,
};
