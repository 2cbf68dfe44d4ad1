// Asymmetric JWT signing keys on the emulator, as on a hosted project that enabled them: access tokens are ES256 with
// a kid, the public key is served at /auth/v1/.well-known/jwks.json for auth-js getClaims(), and every service that
// checks a user JWT (auth, REST, the functions gateway) accepts those and the legacy HS256 ones, and nothing else.
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeys, deriveSigningKey, LOCAL_JWT_SECRET, signJwt } from '../emulator/keys';
import type { RunningEmulator } from '../emulator/server';
import { startCountingProxy } from './support/counting-proxy';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client, forgedToken, userToken } from './support/supabase';

let emu: RunningEmulator;
let token: string;
let userId: string;

beforeAll(async () => {
  // The fixture project: its echo function has verify_jwt on, so the gateway checks tokens too.
  emu = await startFixtureEmulator();
  const email = `signing-keys-${Date.now()}@example.com`;
  const created = await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
    email,
    password: 'correct-horse-9',
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const { data, error } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
    email,
    password: 'correct-horse-9',
  });
  if (error || !data.session) throw error ?? new Error('no session');
  token = data.session.access_token;
  userId = data.session.user.id;
});

afterAll(async () => {
  await emu?.stop();
});

const claimsOf = (sub: string) => ({ sub, role: 'authenticated', aud: 'authenticated' });
const forge = (sub: string) => forgedToken(claimsOf(sub), emu.ctx.keys.signingKey.kid);
const expired = (sub: string) => {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { ...claimsOf(sub), iat: now - 7200, exp: now - 3600 },
    { signingKey: emu.ctx.keys.signingKey },
  );
};

describe('the signing key', () => {
  it('publishes one ES256 public key with its kid, and no private or secret material', async () => {
    const response = await fetch(`${emu.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]).sort()).toEqual(['alg', 'crv', 'key_ops', 'kid', 'kty', 'use', 'x', 'y']);
    expect(keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
      kid: emu.ctx.keys.signingKey.kid,
    });
    expect(keys[0].kid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The sign-in's access token verifies against the published key alone.
    const { payload } = await jwtVerify(token, await importJWK(keys[0], 'ES256'));
    expect(payload).toMatchObject({ sub: userId, role: 'authenticated', aud: 'authenticated' });
  });

  it('signs access tokens ES256 with the kid in the header, as GoTrue does with an asymmetric key', () => {
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'ES256',
      kid: emu.ctx.keys.signingKey.kid,
      typ: 'JWT',
    });
  });

  it('is the same on every start with the same secret (sessions survive a restart), and differs with another', () => {
    const again = createKeys(LOCAL_JWT_SECRET).signingKey;
    expect(again.publicJwk).toEqual(createKeys(LOCAL_JWT_SECRET).signingKey.publicJwk);
    expect(emu.ctx.keys.signingKey.publicJwk).toEqual(again.publicJwk);
    const other = deriveSigningKey('another-project-secret-of-at-least-32-chars');
    expect(other.kid).not.toBe(again.kid);
    expect(other.publicJwk.x).not.toBe(again.publicJwk.x);
  });
});

describe('supabase-js getClaims against the emulator', () => {
  it('verifies an ES256 token locally: the JWKS once, then no request at all', async () => {
    // auth-js keeps one JWKS cache per storage key (by default one per hostname) for every client in the worker,
    // which runs other files before this one: a key of this test's own starts it empty.
    const proxy = await startCountingProxy(emu.url);
    try {
      const sb = client(proxy.url, emu.anonKey, undefined, `sb-jwks-once-${Date.now()}`);
      for (let i = 0; i < 3; i++) {
        const { data, error } = await sb.auth.getClaims(token);
        expect(error).toBeNull();
        expect(data?.claims.sub).toBe(userId);
      }
      expect(proxy.requests).toEqual(['GET /auth/v1/.well-known/jwks.json']);
      const forged = await sb.auth.getClaims(await forge(userId));
      expect(forged.error?.message).toBe('Invalid JWT signature');
      expect(proxy.requests).toHaveLength(1);
    } finally {
      await proxy.stop();
    }
  });
});

describe('every user JWT check accepts ES256 and HS256 tokens and refuses forged or expired ones', () => {
  const getUser = (bearer: string) =>
    fetch(`${emu.url}/auth/v1/user`, { headers: { apikey: emu.anonKey, Authorization: `Bearer ${bearer}` } });

  it('auth: /user answers for the ES256 token and an HS256 one, 403 bad_jwt for forged and expired', async () => {
    expect(((await (await getUser(token)).json()) as { id: string }).id).toBe(userId);
    expect(((await (await getUser(await userToken(userId))).json()) as { id: string }).id).toBe(userId);
    const forged = await getUser(await forge(userId));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, token signature is invalid',
    });
    const old = await getUser(await expired(userId));
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
  });

  it('auth: logout with the ES256 token ends the session, and its refresh token with it', async () => {
    const email = `signing-keys-logout-${Date.now()}@example.com`;
    await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
      email,
      password: 'correct-horse-9',
      email_confirm: true,
    });
    const { data } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
      email,
      password: 'correct-horse-9',
    });
    const session = data.session!;
    const out = await fetch(`${emu.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: emu.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(out.status).toBe(204);
    const refreshed = await client(emu.url, emu.anonKey).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('REST: runs the ES256 token as that user; 401 for forged and expired', async () => {
    const whoami = async (bearer: string) => {
      const response = await fetch(`${emu.url}/rest/v1/rpc/whoami`, {
        method: 'POST',
        headers: {
          apikey: emu.anonKey,
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await whoami(token)).toMatchObject({ status: 200, body: { role: 'authenticated', uid: userId } });
    expect(await whoami(await userToken(userId))).toMatchObject({ status: 200, body: { uid: userId } });
    expect(await whoami(await forge(userId))).toMatchObject({ status: 401, body: { code: 'PGRST301' } });
    expect(await whoami(await expired(userId))).toMatchObject({
      status: 401,
      body: { code: 'PGRST303', message: 'JWT expired' },
    });
  });

  it('functions gateway (verify_jwt): lets the ES256 and HS256 tokens through, 401 Invalid JWT otherwise', async () => {
    const echo = (bearer: string) =>
      fetch(`${emu.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}` },
      });
    for (const good of [token, await userToken(userId)]) {
      const response = await echo(good);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { whoami: { uid: string } }).whoami.uid).toBe(userId);
    }
    for (const bad of [await forge(userId), await expired(userId)]) {
      const response = await echo(bad);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
    }
  });
});
