// Who is calling: the user behind the forwarded Authorization bearer. The anon key is a valid project JWT too (the
// gateway lets it through), but it belongs to nobody, so it gets the same 401.
//
// The token is checked with auth.getClaims(): an access token signed with the project's asymmetric key (ES256 with a
// kid) is verified here, with WebCrypto, against the project's JWKS (/auth/v1/.well-known/jwks.json, fetched once per
// client and kept for 10 minutes), so a search costs no round trip to the auth service. A token signed with the legacy
// HS256 secret cannot be checked without the secret, so getClaims asks the auth service (GET /user) as before.
// What that gives up, and why: docs/decisions/048-search-verifies-access-tokens-locally.md.
import type { Env } from './env.ts';
import { HttpError } from './http.ts';
import { anonClient } from './supabase.ts';

/** The caller, as the verified access token names them. */
export type SignedInUser = { id: string; email: string | null };

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

const UNAVAILABLE = 'Sign-in service temporarily unavailable. Please try again in a moment.';

// A token this isolate verified with the project's key is taken again without WebCrypto until the earlier of its
// expiry and a minute after it was verified: importing the key and checking the signature cost 0.5 ms of CPU a
// search (a user's searches come with the same token). Kept per project URL, at most VERIFIED_MAX tokens, the oldest
// dropped first. An HS256 token is not kept: getClaims asks the auth service about it, which also knows whether its
// session ended, every time.
const VERIFIED_FOR_MS = 60_000;
const VERIFIED_MAX = 1_000;
const verified = new Map<string, { user: SignedInUser; until: number }>();

function remember(key: string, user: SignedInUser, exp: unknown) {
  if (typeof exp !== 'number') return;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(key, { user, until: Math.min(Date.now() + VERIFIED_FOR_MS, exp * 1000) });
}

/** The signed-in user, or an HttpError: 401 with `unauthorisedMessage`, 503 when the auth service cannot answer. */
export async function requireUser(
  req: Request,
  env: Env,
  unauthorisedMessage: string,
): Promise<SignedInUser> {
  const token = bearerToken(req);
  if (!token || token === env.SUPABASE_ANON_KEY || token === env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new HttpError(401, unauthorisedMessage);
  }
  const key = `${env.SUPABASE_URL} ${token}`;
  const kept = verified.get(key);
  if (kept && Date.now() < kept.until) return kept.user;
  if (kept) verified.delete(key);
  // anonClient is one client per project URL and key for the life of the isolate (and auth-js keeps the JWKS per
  // project), so the key set fetched for one request serves every later one for 10 minutes. getClaims returns auth
  // errors and throws the rest: a header naming an algorithm that does not fit the published key, a key that does not
  // import. Both are the token's fault.
  const result = await anonClient(env)
    .auth.getClaims(token)
    .catch(() => null);
  if (!result) throw new HttpError(401, unauthorisedMessage);
  const { data, error } = result;
  const claims = data?.claims;
  if (!error && claims && typeof claims.sub === 'string' && claims.sub) {
    const user = { id: claims.sub, email: typeof claims.email === 'string' && claims.email ? claims.email : null };
    if (!data.header.alg?.startsWith('HS')) remember(key, user, claims.exp);
    return user;
  }
  const status = (error as { status?: number } | null)?.status ?? 0;
  // 4xx: the token is bad, expired, forged or not a user's. No status or 5xx: we could not ask (the JWKS or /user).
  if (!error || (status >= 400 && status < 500)) throw new HttpError(401, unauthorisedMessage);
  throw new HttpError(503, UNAVAILABLE);
}
