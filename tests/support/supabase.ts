// supabase-js clients for integration tests in Node. Realtime is not part of the local emulator, and Node 20 has no
// global WebSocket for supabase-js to construct, so the client gets a transport that is never used.
import { generateKeyPairSync } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { JWTPayload } from 'jose';
import { signJwt } from '../../emulator/keys';

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not served by the local emulator');
  }
}

export function client(url: string, key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

/** An access token for a user as the auth service would sign it (role authenticated, sub = user id). */
export function userToken(
  userId: string,
  options: { secret?: string; expiresIn?: number; email?: string } = {},
) {
  return signJwt(
    {
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: options.email ?? `${userId.slice(0, 8)}@example.com`,
    },
    { secret: options.secret, expiresIn: options.expiresIn },
  );
}

/** ES256 under the project's `kid` but signed with a fresh key: what a forger who read the JWKS would make. */
export function forgedToken(claims: JWTPayload, kid: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return signJwt(claims, { signingKey: { kid, privateKey } });
}
