// GoTrue's error shape for API version 2024-01-01, which auth-js always asks for: {code, message}. The legacy names
// (error_code, msg) ride along because auth-js ignores extra fields and older clients read them.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** OAuth-style errors (GoTrue's OAuthError), e.g. a refresh grant without a token. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, message, extra);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, message, extra);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export function errorResponse(c: Context, err: unknown): Response {
  c.header('X-Supabase-Api-Version', API_VERSION);
  if (err instanceof AuthError) {
    c.header('x-sb-error-code', err.code);
    return c.json(
      { code: err.code, message: err.message, ...err.extra, error_code: err.code, msg: err.message },
      err.status,
    );
  }
  if (err instanceof OAuthError) {
    return c.json({ error: err.error, error_description: err.description }, 400);
  }
  const message = err instanceof Error ? err.message : String(err);
  console.error('[auth] unexpected failure:', err);
  c.header('x-sb-error-code', 'unexpected_failure');
  return c.json({ code: 'unexpected_failure', message, error_code: 'unexpected_failure', msg: message }, 500);
}
