// Supabase answers with { data, error }; the fetchers turn errors into plain rejections React Query understands.

/** The article read found no published row with that slug. */
export class ArticleNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`No published article with slug "${slug}"`);
    this.name = 'ArticleNotFoundError';
  }
}

/** A failed blog read; keeps PostgREST's code for logs and tests. */
export class BlogRequestError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BlogRequestError';
  }
}

export function toBlogError(error: { message?: string; code?: string }): BlogRequestError {
  return new BlogRequestError(error.message || 'The blog request failed', error.code || undefined);
}

/**
 * supabase-js already retries a failed read three times with backoff (1 s, 2 s, 4 s) before answering with an error,
 * so React Query does not retry on top of it: that would double the wait before the reader sees the error view.
 */
export const BLOG_QUERY_RETRY = false;
