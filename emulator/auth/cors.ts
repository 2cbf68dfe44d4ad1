// CORS as GoTrue configures it: any origin, credentials allowed, and X-Supabase-Api-Version exposed so auth-js can
// read error codes cross-origin.
import type { MiddlewareHandler } from 'hono';
import { API_VERSION } from './errors';

const ALLOW_HEADERS = [
  'Accept',
  'Authorization',
  'Cache-Control',
  'Content-Type',
  'X-Client-IP',
  'X-Client-Info',
  'X-JWT-AUD',
  'X-Supabase-Api-Version',
  'apikey',
];
const EXPOSE_HEADERS = 'X-Supabase-Api-Version, X-Sb-Error-Code';

export const authCors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin');
  const cors = (headers: Headers) => {
    headers.set('Access-Control-Allow-Origin', origin ?? '*');
    if (origin) {
      headers.set('Access-Control-Allow-Credentials', 'true');
      headers.append('Vary', 'Origin');
    }
    headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  };
  if (c.req.method === 'OPTIONS') {
    const requested = (c.req.header('access-control-request-headers') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const known = new Set(ALLOW_HEADERS.map((h) => h.toLowerCase()));
    const allow = [...ALLOW_HEADERS, ...requested.filter((h) => !known.has(h.toLowerCase()))];
    const headers = new Headers({
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Headers': allow.join(', '),
      'Access-Control-Max-Age': '300',
      'X-Supabase-Api-Version': API_VERSION,
    });
    cors(headers);
    return new Response(null, { status: 204, headers });
  }
  await next();
  cors(c.res.headers);
  c.res.headers.set('X-Supabase-Api-Version', API_VERSION);
};
