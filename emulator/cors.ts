// CORS as hosted Supabase serves it (PostgREST's Cors.hs; GoTrue's cors.New): the SPA runs on another origin.
import type { MiddlewareHandler } from 'hono';

export const DEFAULT_ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-retry-count, x-supabase-api-version';
export const ALLOW_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD';

export function corsHeaders(origin: string | undefined, expose: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Expose-Headers': expose,
  };
  if (origin) {
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  }
  return headers;
}

export function preflightHeaders(
  origin: string | undefined,
  requestHeaders: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    // Echo what the browser asks for, as PostgREST does; custom headers then never break a preflight.
    'Access-Control-Allow-Headers': requestHeaders || DEFAULT_ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
  };
  if (origin) {
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  }
  return headers;
}

/** Answers preflights and adds CORS headers to every response of the wrapped routes. */
export function cors(expose: string): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return new Response(null, {
        status: 200,
        headers: preflightHeaders(origin, c.req.header('access-control-request-headers')),
      });
    }
    await next();
    for (const [key, value] of Object.entries(corsHeaders(origin, expose))) c.res.headers.set(key, value);
  };
}
