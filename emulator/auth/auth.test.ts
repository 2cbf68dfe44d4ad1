// The auth service through the real supabase-js client, with per-instance settings (low limits, a movable clock)
// that the full emulator does not expose. tests/auth.test.ts runs the same lifecycle against startEmulator().
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailbox';
import { readAuthSettings } from './settings';
import { NoRealtime, startAuthTestServer, type AuthTestServer } from './test-support';

const SITE = 'http://localhost:5173';
let server: AuthTestServer;
let clock = Date.now();

const client = (): SupabaseClient =>
  createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

async function inbox(email: string): Promise<MailMessage[]> {
  const res = await fetch(`${server.url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MailMessage[];
}

const verifyLinkOf = (message: MailMessage) => {
  const link = message.links.find((l) => l.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in "${message.subject}"`);
  return link;
};

/** Opens an email link like a browser would and returns where the 303 lands, split into URL and fragment. */
async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const [base, fragment = ''] = location.split('#');
  return { base, fragment, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

/** Signs up and confirms through the emailed link; returns a client holding the confirmed session. */
async function confirmedUser(password = 'hunter22', data: Record<string, unknown> = {}) {
  const email = uniqueEmail('confirmed');
  const sb = client();
  const { error } = await sb.auth.signUp({ email, password, options: { data, emailRedirectTo: `${SITE}/` } });
  expect(error).toBeNull();
  const [mail] = await inbox(email);
  const { params } = await follow(verifyLinkOf(mail));
  await sb.auth.setSession({ access_token: params.access_token, refresh_token: params.refresh_token });
  return { sb, email, password };
}

beforeAll(async () => {
  server = await startAuthTestServer({ now: () => new Date(clock), refreshTokenReuseInterval: 10 });
});
afterAll(async () => {
  await server?.stop();
});

describe('sign-up and email confirmation', () => {
  it('creates an unconfirmed user, emails a verify link, and the link signs the user in', async () => {
    const email = uniqueEmail('Ada');
    const sb = client();
    const { data, error } = await sb.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: 'hunter22',
      options: { data: { first_name: 'Ada', zip_code: '10115' }, emailRedirectTo: `${SITE}/` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.role).toBe('authenticated');
    expect(user.identities).toHaveLength(1);
    expect(user.user_metadata).toEqual({
      first_name: 'Ada',
      zip_code: '10115',
      sub: user.id,
      email: email.toLowerCase(),
      email_verified: false,
      phone_verified: false,
    });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your Flipwise account');
    expect(mails[0].text).toContain('Confirm my email');
    const link = verifyLinkOf(mails[0]);
    expect(link).toMatch(
      new RegExp(
        `^${server.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=${encodeURIComponent(`${SITE}/`)}$`,
      ),
    );
    expect(server.logs.some((line) => line.includes(link))).toBe(true);

    const { base, fragment, params } = await follow(link);
    expect(base).toBe(`${SITE}/`);
    expect(fragment.split('&').map((p) => p.split('=')[0])).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(params).toMatchObject({ sb: '', token_type: 'bearer', type: 'signup', expires_in: '3600' });

    const { error: sessionError } = await sb.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    expect(sessionError).toBeNull();
    const { data: me } = await sb.auth.getUser();
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.user_metadata.email_verified).toBe(true);
    expect(decodeJwt(params.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    // Single use: the same link now ends on the error fragment.
    const again = await follow(link);
    expect(again.params).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('refuses a password login before confirmation only when the password is right', async () => {
    const email = uniqueEmail('early');
    const sb = client();
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

    const [mail] = await inbox(email);
    await follow(verifyLinkOf(mail));
    const after = await sb.auth.signInWithPassword({ email, password: 'hunter22' });
    expect(after.error).toBeNull();
    expect(after.data.session?.token_type).toBe('bearer');
    expect(after.data.user?.last_sign_in_at).toBeTruthy();
  });

  it('answers an existing confirmed email with a fake user and sends nothing', async () => {
    const { email } = await confirmedUser();
    const before = (await inbox(email)).length;
    const { data, error } = await client().auth.signUp({
      email,
      password: 'another-password',
      options: { data: { first_name: 'Mallory' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe('');
    expect(data.user?.user_metadata).toEqual({ first_name: 'Mallory' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect((await inbox(email)).length).toBe(before);
  });

  it('re-sends the confirmation for an unconfirmed email, respecting max_frequency, without changing the password', async () => {
    const email = uniqueEmail('again');
    const sb = client();
    await sb.auth.signUp({ email, password: 'hunter22' });
    const tooSoon = await sb.auth.signUp({ email, password: 'different-pw' });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.message).toBe('For security purposes, you can only request this after 1 seconds.');
    clock += 2_000;
    const again = await sb.auth.signUp({ email, password: 'different-pw' });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toHaveLength(1);
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    // Only the newest link works.
    expect((await follow(verifyLinkOf(mails[1]))).params.error_code).toBe('otp_expired');
    expect((await follow(verifyLinkOf(mails[0]))).params.type).toBe('signup');
    expect((await sb.auth.signInWithPassword({ email, password: 'different-pw' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await sb.auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();
  });

  it('validates password and email like GoTrue', async () => {
    const sb = client();
    const weak = await sb.auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const long = await sb.auth.signUp({ email: uniqueEmail('long'), password: 'x'.repeat(73) });
    expect(long.error?.status).toBe(400);
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const bad = await sb.auth.signUp({ email: 'not-an-email', password: 'hunter22' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
  });
});

describe('email links', () => {
  it('redirects only to site_url, its host on any loopback port, or additional_redirect_urls', async () => {
    const cases: [string, string][] = [
      ['https://evil.example/steal', `${SITE}`],
      ['http://localhost:4321/welcome', 'http://localhost:4321/welcome'],
      ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
      ['http://127.0.0.1:40000/x', 'http://127.0.0.1:40000/x'],
      ['https://localhost.evil.example/', `${SITE}`],
    ];
    for (const [requested, expected] of cases) {
      const email = uniqueEmail('redirect');
      await client().auth.signUp({ email, password: 'hunter22', options: { emailRedirectTo: requested } });
      const [mail] = await inbox(email);
      const { base } = await follow(verifyLinkOf(mail));
      expect(base, requested).toBe(expected);
    }
  });

  it('expires links after otp_expiry', async () => {
    const email = uniqueEmail('late');
    await client().auth.signUp({ email, password: 'hunter22' });
    clock += 3601_000;
    const [mail] = await inbox(email);
    expect((await follow(verifyLinkOf(mail))).params.error_code).toBe('otp_expired');
  });

  it('verifies with POST token_hash and with the emailed code', async () => {
    const email = uniqueEmail('post');
    const sb = client();
    await sb.auth.signUp({ email, password: 'hunter22' });
    const [mail] = await inbox(email);
    const tokenHash = new URL(verifyLinkOf(mail)).searchParams.get('token')!;
    const { data, error } = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const reused = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);

    const other = uniqueEmail('code');
    await sb.auth.resetPasswordForEmail(other); // unknown: no mail, no error
    expect(await inbox(other)).toEqual([]);
    clock += 2_000;
    await sb.auth.resetPasswordForEmail(email);
    const wrongCode = await sb.auth.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(wrongCode.error?.code).toBe('otp_expired');
    expect(wrongCode.error?.message).toBe('Token has expired or is invalid');
  });
});

describe('sessions', () => {
  it('signs access tokens with exactly the GoTrue claims', async () => {
    const { sb, email } = await confirmedUser('hunter22', { first_name: 'Grace' });
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
    const { sb } = await confirmedUser();
    const first = (await sb.auth.getSession()).data.session!;
    const a = first.refresh_token;
    const second = await sb.auth.refreshSession();
    expect(second.error).toBeNull();
    const b = second.data.session!.refresh_token;
    expect(b).not.toBe(a);

    // The client lost the answer and retries with A: it gets the active token back, no new one.
    const retry = await client().auth.refreshSession({ refresh_token: a });
    expect(retry.data.session?.refresh_token).toBe(b);

    const third = await sb.auth.refreshSession();
    const c = third.data.session!.refresh_token;
    expect(c).not.toBe(b);

    // A is no longer the parent of the active token, but it was revoked less than the reuse interval ago: it gets a
    // child of its own.
    const withinInterval = await client().auth.refreshSession({ refresh_token: a });
    expect(withinInterval.error).toBeNull();
    const aChild = withinInterval.data.session!.refresh_token;
    expect([a, b, c]).not.toContain(aChild);

    clock += 11_000;
    const replay = await client().auth.refreshSession({ refresh_token: b });
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    // Nothing of the family works any more, and the session's access token is dead at /user.
    for (const token of [a, c, aChild]) {
      const attempt = await client().auth.refreshSession({ refresh_token: token });
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

    const unknown = await client().auth.refreshSession({ refresh_token: 'NotARealToken' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('logs out one session, the others, or all of them', async () => {
    const { email, password } = await confirmedUser();
    const devices = [client(), client(), client()];
    for (const d of devices) expect((await d.auth.signInWithPassword({ email, password })).error).toBeNull();
    const alive = async (d: SupabaseClient) => {
      const token = (await d.auth.getSession()).data.session?.access_token;
      if (!token) return false;
      return !(await d.auth.getUser(token)).error;
    };
    const tokens = await Promise.all(
      devices.map(async (d) => (await d.auth.getSession()).data.session!.access_token),
    );

    expect((await devices[0].auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await devices[0].auth.getUser(tokens[0])).error?.name).toBe('AuthSessionMissingError');
    expect(await alive(devices[1])).toBe(true);

    const badScope = await fetch(`${server.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens[1]}` },
    });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ code: 'validation_failed' });

    expect((await devices[1].auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(devices[1])).toBe(true);
    expect((await devices[2].auth.getUser(tokens[2])).error?.name).toBe('AuthSessionMissingError');

    const again = client();
    await again.auth.signInWithPassword({ email, password });
    expect((await devices[1].auth.signOut()).error).toBeNull();
    expect(await alive(again)).toBe(false);
  });

  it('rejects user calls without a usable token', async () => {
    const noBearer = await fetch(`${server.url}/auth/v1/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' });
    const anon = await fetch(`${server.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${server.anonKey}` },
    });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const forged = await fetch(`${server.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${server.anonKey.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('updating the user', () => {
  it('merges metadata shallowly and deletes keys set to null', async () => {
    const { sb } = await confirmedUser('hunter22', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      zip_code: '10115',
    });
    const { data, error } = await sb.auth.updateUser({
      data: { first_name: 'Augusta', zip_code: null, plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      plan: 'pro',
    });
    expect(data.user?.user_metadata).not.toHaveProperty('zip_code');
    const appMeta = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${(await sb.auth.getSession()).data.session!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(appMeta.status).toBe(403);
  });

  it('changes the password, refusing weak or unchanged ones, and signs out other devices', async () => {
    const { sb, email } = await confirmedUser('hunter22');
    const other = client();
    await other.auth.signInWithPassword({ email, password: 'hunter22' });
    const otherToken = (await other.auth.getSession()).data.session!.access_token;

    const same = await sb.auth.updateUser({ password: 'hunter22' });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    expect(same.error?.message).toBe('New password should be different from the old password.');
    const weak = await sb.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    expect((await sb.auth.updateUser({ password: 'correct-horse' })).error).toBeNull();
    expect((await sb.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser(otherToken)).error?.name).toBe('AuthSessionMissingError');
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client().auth.signInWithPassword({ email, password: 'correct-horse' })).error).toBeNull();
  });
  it('changes the email only after both links are opened: the one to the new address and the one to the current', async () => {
    const { sb, email } = await confirmedUser('hunter22');
    const taken = await confirmedUser('hunter22');
    const clash = await sb.auth.updateUser({ email: taken.email });
    expect(clash.error?.code).toBe('email_exists');
    expect(clash.error?.status).toBe(422);

    const next = uniqueEmail('moved');
    const { data, error } = await sb.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/account` });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(next);
    const [toNew] = await inbox(next);
    const toCurrent = (await inbox(email)).find((m) => m.subject === 'Confirm Email Change');
    expect(toNew.subject).toBe('Confirm Email Change');
    expect(toCurrent).toBeDefined();

    // The new address's link alone changes nothing.
    const first = await follow(verifyLinkOf(toNew));
    expect(first.base).toBe(`${SITE}/account`);
    expect(first.params.message).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.params.access_token).toBeUndefined();
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: next, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );

    // The current address's link completes it.
    const second = await follow(verifyLinkOf(toCurrent!));
    expect(second.params.type).toBe('email_change');
    expect(second.params.access_token).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email: next, password: 'hunter22' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});

describe('password recovery', () => {
  it('emails a recovery link to the requested page; the new password works and the old one does not', async () => {
    const { email } = await confirmedUser('hunter22');
    const sb = client();
    const { data, error } = await sb.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const [mail] = await inbox(email);
    expect(mail.subject).toBe('Reset your Flipwise password');
    expect(mail.text).toContain('Choose a new password');
    const { base, params } = await follow(verifyLinkOf(mail));
    expect(base).toBe(`${SITE}/reset-password`);
    expect(params.type).toBe('recovery');
    await sb.auth.setSession({ access_token: params.access_token, refresh_token: params.refresh_token });
    expect((await sb.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'brand-new-pass' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('answers unknown addresses exactly like known ones', async () => {
    const res = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('ghost') }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
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

  it('reports settings, health and malformed bodies', async () => {
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      external: { email: true },
    });
    expect((await fetch(`${server.url}/auth/v1/health`)).status).toBe(200);
    const bad = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'bad_json' });
    const grant = await fetch(`${server.url}/auth/v1/token?grant_type=magic`, { method: 'POST', body: '{}' });
    expect(await grant.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  it('lists the mailbox newest first as JSON and as a page with clickable links', async () => {
    const email = uniqueEmail('page');
    await client().auth.signUp({ email, password: 'hunter22' });
    clock += 2_000;
    await client().auth.resetPasswordForEmail(email);
    const mails = await inbox(email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Reset your Flipwise password',
      'Confirm your Flipwise account',
    ]);
    expect(Object.keys(mails[0]).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'links',
      'subject',
      'text',
      'to',
    ]);
    const page = await (await fetch(`${server.url}/_mail?to=${encodeURIComponent(email)}`)).text();
    expect(page.indexOf('Reset your Flipwise password')).toBeLessThan(
      page.indexOf('Confirm your Flipwise account'),
    );
    expect(page).toContain(`<a href="${verifyLinkOf(mails[0]).replace(/&/g, '&amp;')}">`);
  });
});

describe('admin API (service_role)', () => {
  const admin = () =>
    createClient(server.url, server.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    }).auth.admin;

  it('creates confirmed users, updates, bans and deletes them', async () => {
    const email = uniqueEmail('admin');
    const created = await admin().createUser({
      email,
      password: 'hunter22',
      email_confirm: true,
      user_metadata: { first_name: 'Grace' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.user_metadata).toMatchObject({ first_name: 'Grace', email_verified: true });
    expect(await inbox(email)).toEqual([]);
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();

    const duplicate = await admin().createUser({ email, password: 'hunter22' });
    expect(duplicate.error?.code).toBe('email_exists');

    const updated = await admin().updateUserById(id, {
      user_metadata: { plan: 'pro' },
      app_metadata: { tier: 2 },
    });
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Grace', plan: 'pro' });
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], tier: 2 });
    expect((await admin().getUserById(id)).data.user?.email).toBe(email);
    expect((await admin().listUsers()).data.users.some((u) => u.id === id)).toBe(true);

    await admin().updateUserById(id, { ban_duration: '24h' });
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'user_banned',
    );
    await admin().updateUserById(id, { ban_duration: 'none' });

    expect((await admin().deleteUser(id)).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await admin().getUserById(id)).error?.status).toBe(404);
  });

  it('refuses anyone but the service role', async () => {
    const res = await fetch(`${server.url}/auth/v1/admin/users`, {
      headers: { Authorization: `Bearer ${server.anonKey}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin' });
  });
});

describe('with email confirmations off (enable_confirmations = false)', () => {
  let open: AuthTestServer;
  beforeAll(async () => {
    open = await startAuthTestServer({ mailerAutoconfirm: true });
  });
  afterAll(async () => {
    await open?.stop();
  });

  it('signs up straight into a session and refuses a second sign-up with user_already_exists', async () => {
    const sb = createClient(open.url, open.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const email = uniqueEmail('auto');
    const { data, error } = await sb.auth.signUp({ email, password: 'hunter22' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    const again = await sb.auth.signUp({ email, password: 'hunter22' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.message).toBe('User already registered');
  });
});

describe("config.toml's own rate limits", () => {
  let configured: AuthTestServer;
  beforeAll(async () => {
    configured = await startAuthTestServer({ rateLimitScale: 1 });
  });
  afterAll(async () => {
    await configured?.stop();
  });

  it('answers 429 on the request after sign_in_sign_ups is used up, as the hosted project would', async () => {
    const limit = readAuthSettings(configured.ctx.config).rateLimits.signInSignUps;
    // Recovery for an unknown address: counted like a sign-up, but no email and no password hashing.
    const recover = () =>
      fetch(`${configured.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: configured.anonKey },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      });
    for (let i = 0; i < limit; i++) expect((await recover()).status).toBe(200);
    const over = await recover();
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});

describe('rate limits', () => {
  let limited: AuthTestServer;
  beforeAll(async () => {
    // The test plays a trusted proxy (127.0.0.1), so its X-Forwarded-For names the client.
    limited = await startAuthTestServer({
      rateLimits: { signInSignUps: 2, tokenRefresh: 3, emailSent: 3 },
      trustedProxies: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });
  const limitedClient = () =>
    createClient(limited.url, limited.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });

  it('answers 429 over_request_rate_limit past the per-IP limit, counting each address a trusted proxy names apart', async () => {
    const sb = limitedClient();
    expect((await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' })).error).toBeNull();
    expect((await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' })).error).toBeNull();
    const third = await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_request_rate_limit');
    expect(third.error?.message).toBe('Request rate limit reached');

    const elsewhere = await fetch(`${limited.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
      body: JSON.stringify({ email: uniqueEmail('rl'), password: 'hunter22' }),
    });
    expect(elsewhere.status).toBe(200);

    for (let i = 0; i < 3; i++)
      await sb.auth.signInWithPassword({ email: 'x@example.com', password: 'hunter22' });
    const login = await sb.auth.signInWithPassword({ email: 'x@example.com', password: 'hunter22' });
    expect(login.error?.code).toBe('over_request_rate_limit');
  });

  it('caps emails per hour with over_email_send_rate_limit', async () => {
    const res = await fetch(`${limited.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.9' },
      body: JSON.stringify({ email: uniqueEmail('cap'), password: 'hunter22' }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  });
});
