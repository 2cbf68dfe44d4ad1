// Supabase answers with { data, error }; the fetchers turn errors into plain rejections React Query understands.

/** The article read found no published row with that slug (PostgREST PGRST116 on .single()). */
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

/** A missing article will still be missing a second later; anything else gets the usual single retry. */
export function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  return !(error instanceof ArticleNotFoundError) && failureCount < 1;
}
