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

/**
 * `storageKey` names the client's auth state, and auth-js's JWKS cache with it, which is shared by every client of the
 * worker with the same key (by default, one per hostname).
 */
export function client(url: string, key: string, accessToken?: string, storageKey?: string): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(storageKey ? { storageKey } : {}),
    },
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

/**
 * A new confirmed user (created through the admin API) and a client acting as them, with a token signed as the auth
 * service signs one: no sign-in round trip.
 */
export async function userClient(
  emu: { url: string; anonKey: string; serviceRoleKey: string },
  email: string,
): Promise<{ id: string; email: string; db: SupabaseClient }> {
  const { data, error } = await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
    email,
    password: 'correct-horse-9',
    email_confirm: true,
  });
  if (error) throw error;
  return {
    id: data.user.id,
    email,
    db: client(emu.url, emu.anonKey, await userToken(data.user.id, { email })),
  };
}

let signedInCount = 0;

/**
 * A new confirmed user (created through the admin API), signed in with a password: their client, access token and id.
 * `label` names the test file in the address, so a failing run says whose user it was.
 */
export async function signUpAndSignIn(
  emu: { url: string; anonKey: string; serviceRoleKey: string },
  label: string,
): Promise<{ sb: SupabaseClient; token: string; userId: string; email: string }> {
  const email = `${label}-${++signedInCount}-${Date.now()}@example.com`;
  const password = 'correct-horse-9';
  const { error } = await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  const { data, error: signInError } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
    email,
    password,
  });
  if (signInError || !data.session) throw signInError ?? new Error('no session');
  const token = data.session.access_token;
  return { sb: client(emu.url, emu.anonKey, token), token, userId: data.session.user.id, email };
}
