// Who is calling: the user behind the forwarded Authorization bearer, checked with the auth service. The anon key is
// a valid project JWT too (the gateway lets it through), but it belongs to nobody, so it gets the same 401.
import type { User } from '@supabase/supabase-js';
import type { Env } from './env.ts';
import { HttpError } from './http.ts';
import { anonClient } from './supabase.ts';

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The signed-in user, or an HttpError: 401 with `unauthorisedMessage`, 503 when the auth service cannot answer. */
export async function requireUser(req: Request, env: Env, unauthorisedMessage: string): Promise<User> {
  const token = bearerToken(req);
  if (!token || token === env.SUPABASE_ANON_KEY || token === env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new HttpError(401, unauthorisedMessage);
  }
  const { data, error } = await anonClient(env).auth.getUser(token);
  if (data?.user) return data.user;
  const status = (error as { status?: number } | null)?.status ?? 0;
  // 4xx: the token is bad, expired or not a user's. No status or 5xx: we could not ask.
  if (status >= 400 && status < 500) throw new HttpError(401, unauthorisedMessage);
  throw new HttpError(503, 'Sign-in service temporarily unavailable. Please try again in a moment.');
}
