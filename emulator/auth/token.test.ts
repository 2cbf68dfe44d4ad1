// POST /token through the real supabase-js client: password sign-in before and after confirmation, the access
// token's claims, refresh token rotation and reuse detection, and the CORS headers its answers carry.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { follow, setUpSharedServer, uniqueEmail, verifyLinkOf } from './test-support';

const server = setUpSharedServer();

describe('sign-up and email confirmation', () => {
  it('refuses a password login before confirmation only when the password is right', async () => {
    const email = uniqueEmail('early');
    const sb = server.client();
    await sb.auth.signUp({ email, password: 'hunter22' });
    const right = await sb.auth.signInWithPassword({ email, password: 'hunter22' });
    expect(right.error?.code).toBe('email_not_confirmed');
    expect(right.error?.message).toBe('Email not confirmed');
    expect(right.error?.status).toBe(400);
    const wrong = await sb.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await sb.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'hunter22' });
    expect(unknown.error?.code).toBe('invalid_credentials');

    const [mail] = await server.inbox(email);
    await follow(verifyLinkOf(mail));
    const after = await sb.auth.signInWithPassword({ email, password: 'hunter22' });
    expect(after.error).toBeNull();
    expect(after.data.session?.token_type).toBe('bearer');
    expect(after.data.user?.last_sign_in_at).toBeTruthy();
  });
});

describe('sessions', () => {
  it('signs access tokens with exactly the GoTrue claims', async () => {
    const { sb, email } = await server.confirmedUser('hunter22', { first_name: 'Grace' });
    const { data } = await sb.auth.signInWithPassword({ email, password: 'hunter22' });
    const claims = decodeJwt(data.session!.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: claims.iat }]);
    expect((claims.user_metadata as Record<string, unknown>).first_name).toBe('Grace');
    expect(data.session!.refresh_token).toMatch(/^[A-Za-z0-9]{12,}$/);
  });

  it('rotates refresh tokens and revokes the whole family when an old one is replayed after the reuse interval', async () => {
    const { sb } = await server.confirmedUser();
    const first = (await sb.auth.getSession()).data.session!;
    const a = first.refresh_token;
    const second = await sb.auth.refreshSession();
    expect(second.error).toBeNull();
    const b = second.data.session!.refresh_token;
    expect(b).not.toBe(a);

    // The client lost the answer and retries with A: it gets the active token back, no new one.
    const retry = await server.client().auth.refreshSession({ refresh_token: a });
    expect(retry.data.session?.refresh_token).toBe(b);

    const third = await sb.auth.refreshSession();
    const c = third.data.session!.refresh_token;
    expect(c).not.toBe(b);

    // A is no longer the parent of the active token, but it was revoked less than the reuse interval ago: it gets a
    // child of its own.
    const withinInterval = await server.client().auth.refreshSession({ refresh_token: a });
    expect(withinInterval.error).toBeNull();
    const aChild = withinInterval.data.session!.refresh_token;
    expect([a, b, c]).not.toContain(aChild);

    server.advanceClock(11_000);
    const replay = await server.client().auth.refreshSession({ refresh_token: b });
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    // Nothing of the family works any more, and the session's access token is dead at /user.
    for (const token of [a, c, aChild]) {
      const attempt = await server.client().auth.refreshSession({ refresh_token: token });
      expect(attempt.error?.status).toBe(400);
    }
    const access = third.data.session!.access_token;
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: {
        Authorization: `Bearer ${access}`,
        apikey: server.anonKey,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });

    const unknown = await server.client().auth.refreshSession({ refresh_token: 'NotARealToken' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });
});

describe('HTTP plumbing', () => {
  it('answers CORS preflights and exposes X-Supabase-Api-Version', async () => {
    const preflight = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization, content-type, x-client-info, x-supabase-api-version, apikey',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'apikey']) {
      expect(allowed).toContain(h);
    }
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const failed = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    });
    expect(failed.status).toBe(400);
    expect(failed.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(failed.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(await failed.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });
});
